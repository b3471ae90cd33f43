// Client-side auth per scheme: bearer tokens, the Store access key and context token, Digest.
import { DigestClient } from './digest-client.js';
import type { AuthMeta } from './interface-meta.js';
import { TokenManager, type OAuthCredentials } from './client-oauth.js';
import type { FetchLike } from './client-transport.js';
import type { MaybePromise } from './stores.js';

/** Where a Store client keeps its context token: one per visitor in a storefront. */
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

export interface AccessKeyCredentials {
  readonly accessKey: string;
  /** Where the context token is kept; one in memory by default. */
  readonly contextTokens?: ContextTokenStore;
}

export interface DigestCredentials {
  readonly username: string;
  readonly password: string;
}

export type ClientAuthOptions = OAuthCredentials | AccessKeyCredentials | DigestCredentials;

/** Prepares headers before a request and decides, after a 401, whether to try once more. */
export interface ClientAuth {
  headers(method: string, uri: string): Promise<Record<string, string>>;
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
      return bearerAuth(
        new TokenManager({
          interfaceName: ctx.interfaceName,
          tokenUrl: `${ctx.baseUrl}${scheme.tokenPath}`,
          credentials: options as OAuthCredentials,
          defaultClientId: scheme.passwordClientId ?? 'administration',
          defaultScopes: scheme.scopes,
          fetch: ctx.fetch,
          timeoutMs: ctx.timeoutMs,
          now: ctx.now,
        }),
      );
    case 'access-key': {
      const { accessKey, contextTokens } = options as { accessKey: string; contextTokens?: ContextTokenStore };
      return accessKeyAuth(
        scheme.header,
        scheme.session?.header,
        accessKey,
        contextTokens ?? new MemoryContextTokenStore(),
      );
    }
    case 'digest':
      return digestAuth(new DigestClient(options as { username: string; password: string }));
  }
}

export function bearerAuth(tokens: TokenManager): ClientAuth & { readonly tokens: TokenManager } {
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

function accessKeyAuth(
  keyHeader: string,
  tokenHeader: string | undefined,
  accessKey: string,
  store: ContextTokenStore,
): ClientAuth {
  return {
    async headers() {
      const token = tokenHeader ? await store.get() : undefined;
      return { [keyHeader]: accessKey, ...(token && tokenHeader ? { [tokenHeader]: token } : {}) };
    },
    async afterResponse(response) {
      const token = tokenHeader ? response.header(tokenHeader) : undefined;
      if (token) await store.set(token);
    },
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
