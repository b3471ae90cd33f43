// Client-side auth per scheme: OAuth 2.0 tokens, bearer tokens, API keys (with context tokens when the
// scheme has sessions), Basic and Digest credentials.
import { DigestClient } from './digest-client.js';
import type { ApiKeyMeta, AuthMeta } from './interface-meta.js';
import { TokenManager, type OAuthCredentials } from './client-oauth.js';
import type { FetchLike } from './client-transport.js';
import type { MaybePromise } from './stores.js';

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

export type { OAuthCredentials } from './client-oauth.js';

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

export interface DigestCredentials {
  readonly username: string;
  readonly password: string;
}

export type ClientAuthOptions =
  OAuthCredentials | BearerCredentials | ApiKeyCredentials | BasicCredentials | DigestCredentials;

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
  readonly now: (() => number) | undefined;
}

export function createClientAuth(scheme: AuthMeta, options: ClientAuthOptions, ctx: ClientAuthContext): ClientAuth {
  switch (scheme.type) {
    case 'oauth2':
      return oauthAuth(
        new TokenManager({
          interfaceName: ctx.interfaceName,
          tokenUrl: `${ctx.baseUrl}${scheme.tokenPath}`,
          credentials: options as OAuthCredentials,
          defaultClientId: scheme.passwordClientId,
          defaultScopes: scheme.scopes,
          fetch: ctx.fetch,
          timeoutMs: ctx.timeoutMs,
          now: ctx.now,
        }),
      );
    case 'bearer':
      return bearerTokenAuth((options as BearerCredentials).token);
    case 'apiKey': {
      const { apiKey, contextTokens } = options as ApiKeyCredentials;
      return apiKeyAuth(scheme, apiKey, contextTokens ?? new MemoryContextTokenStore());
    }
    case 'basic': {
      const { username, password } = options as BasicCredentials;
      return basicAuth(username, password);
    }
    case 'digest':
      return digestAuth(new DigestClient(options as DigestCredentials));
  }
}

export function oauthAuth(tokens: TokenManager): ClientAuth & { readonly tokens: TokenManager } {
  return {
    tokens,
    async headers() {
      return { authorization: `Bearer ${await tokens.accessToken()}` };
    },
    async afterResponse() {},
    retryAfterUnauthorized(_response, sent) {
      tokens.invalidate((sent['authorization'] ?? '').replace(/^Bearer /, ''));
      return true;
    },
  };
}

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
      if (scheme.in === 'cookie') headers['cookie'] = `${scheme.name}=${apiKey}`;
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

function digestAuth(client: DigestClient): ClientAuth {
  return {
    async headers(method, uri) {
      const authorization = client.authorization(method, uri);
      const headers: Record<string, string> = {};
      if (authorization) headers['authorization'] = authorization;
      return headers;
    },
    async afterResponse() {},
    retryAfterUnauthorized(response) {
      // A fresh nonce (first contact, stale, or a count the server saw out of order) is worth one retry.
      return client.acceptChallenge(response.header('www-authenticate')).usable;
    },
  };
}
