// Client-side auth: what every scheme's client side is (ClientAuth), and the small schemes, bearer
// tokens, API keys (with context tokens when the scheme has sessions) and Basic credentials. OAuth 2.0
// (client-oauth.ts) and Digest (digest-client.ts) live in modules of their own, which a generated
// client imports only when its API declares them.
import type { ApiKeyMeta, AuthMeta, BasicMeta, BearerMeta } from '../core/interface-meta.js';
import type { FetchLike } from '../client/client-transport.js';
import { cookieHeader } from '../core/cookies.js';
import type { MaybePromise } from '../stores/stores.js';

/** Where a client keeps its session's context token: one per visitor, e.g. in a web front end. */
export interface ContextTokenStore {
  get(): MaybePromise<string | undefined>;
  set(token: string): MaybePromise<void>;
}

export class MemoryContextTokenStore implements ContextTokenStore {
  #token: string | undefined;
  constructor(token?: string) {
    this.#token = token;
  }
  get(): string | undefined {
    return this.#token;
  }
  set(token: string): void {
    this.#token = token;
  }
}

export interface BearerCredentials {
  /** The token, or a function that gives the current one (asked before every request and after a 401). */
  readonly token: string | (() => MaybePromise<string>);
}

export interface ApiKeyCredentials {
  readonly apiKey: string;
  /** Where the context token is kept, for schemes with sessions; one in memory by default. */
  readonly contextTokens?: ContextTokenStore;
}

export interface BasicCredentials {
  readonly username: string;
  readonly password: string;
}

/** Prepares headers before a request and decides, after a 401, whether to try once more. */
export interface ClientAuth {
  headers(method: string, uri: string): Promise<Record<string, string>>;
  /** Query parameters the request carries (an API key sent in the query). */
  readonly query?: Readonly<Record<string, string>>;
  afterResponse(response: { status: number; header(name: string): string | undefined }): Promise<void>;
  /** After a 401 to a request sent with `sent` headers: true to retry once. */
  retryAfterUnauthorized(response: { header(name: string): string | undefined }, sent: Record<string, string>): boolean;
}

export interface ClientAuthContext {
  readonly interfaceName: string;
  readonly baseUrl: string;
  readonly fetch: FetchLike | undefined;
  readonly timeoutMs: number | undefined;
  /** The longest response read, token responses included. */
  readonly maxResponseBytes: number;
  readonly now: (() => number) | undefined;
}

/** The client side of one kind of auth scheme: its ClientAuth from the scheme's definition and the credentials. */
export interface ClientAuthScheme<Meta extends AuthMeta = AuthMeta, Credentials = unknown> {
  create(scheme: Meta, credentials: Credentials, context: ClientAuthContext): ClientAuth;
}

/** Bearer tokens the caller has (opaque or JWT), for a generated client. */
export const bearerClientAuth: ClientAuthScheme<BearerMeta, BearerCredentials> = {
  create: (_scheme, credentials) => bearerTokenAuth(credentials.token),
};

/** API keys in a header, the query or a cookie, with the scheme's context tokens, for a generated client. */
export const apiKeyClientAuth: ClientAuthScheme<ApiKeyMeta, ApiKeyCredentials> = {
  create: (scheme, { apiKey, contextTokens }) =>
    apiKeyAuth(scheme, apiKey, contextTokens ?? new MemoryContextTokenStore()),
};

/** HTTP Basic, for a generated client. */
export const basicClientAuth: ClientAuthScheme<BasicMeta, BasicCredentials> = {
  create: (_scheme, { username, password }) => basicAuth(username, password),
};

function bearerTokenAuth(token: BearerCredentials['token']): ClientAuth {
  return {
    async headers() {
      return { authorization: `Bearer ${typeof token === 'function' ? await token() : token}` };
    },
    async afterResponse() {},
    // A provider may have a fresh token by now; a fixed token will not get better.
    retryAfterUnauthorized: () => typeof token === 'function',
  };
}

function apiKeyAuth(scheme: ApiKeyMeta, apiKey: string, store: ContextTokenStore): ClientAuth {
  const tokenHeader = scheme.session?.header;
  return {
    ...(scheme.in === 'query' ? { query: { [scheme.name]: apiKey } } : {}),
    async headers() {
      const headers: Record<string, string> = {};
      if (scheme.in === 'header') headers[scheme.name] = apiKey;
      // Percent-encoded as the route's cookies are: a key holding "; x=y" stays one cookie.
      if (scheme.in === 'cookie') headers['cookie'] = cookieHeader({ [scheme.name]: apiKey });
      const token = tokenHeader ? await store.get() : undefined;
      if (token && tokenHeader) headers[tokenHeader] = token;
      return headers;
    },
    async afterResponse(response) {
      const token = tokenHeader ? response.header(tokenHeader) : undefined;
      if (token) await store.set(token);
    },
    retryAfterUnauthorized: () => false,
  };
}

function basicAuth(username: string, password: string): ClientAuth {
  if (username.includes(':')) throw new Error('a Basic user name cannot contain ":" (RFC 7617 section 2)');
  const authorization = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  return {
    async headers() {
      return { authorization };
    },
    async afterResponse() {},
    retryAfterUnauthorized: () => false,
  };
}
