// The OAuth 2.0 client's token manager: gets a token with the configured grant, refreshes it shortly
// before it expires (one refresh shared by every call waiting on it), and falls back to a new
// grant when a refresh fails. Imported only by the clients of APIs with an oauth2 scheme.
import { checkedMaxBytes } from '../../client/response-limit.js';
import { parseJson, readJson } from '../../client/client-responses.js';
import type { ClientAuth, ClientAuthScheme } from '../client-auth.js';
import { errorFromBody, UnreadableResponseError } from '../../client/client-errors.js';
import { followRedirects } from '../../client/client-redirects.js';
import { callDeadline, DEFAULT_TIMEOUT_MS, send, type FetchLike } from '../../client/client-transport.js';
import type { OAuthMeta } from '../../core/interface-meta.js';

export type OAuthCredentials =
  | {
      readonly grant: 'password';
      readonly username: string;
      readonly password: string;
      readonly clientId?: string;
      readonly scopes?: string;
    }
  | {
      readonly grant: 'client_credentials';
      readonly clientId: string;
      readonly clientSecret: string;
    };

/** OAuth 2.0, for a generated client: bearer tokens from the scheme's token endpoint, renewed as needed. */
export const oauthClientAuth: ClientAuthScheme<OAuthMeta, OAuthCredentials> = {
  create: (scheme, credentials, context) =>
    oauthAuth(
      new TokenManager({
        interfaceName: context.interfaceName,
        tokenUrl: `${context.baseUrl}${scheme.tokenPath}`,
        credentials,
        defaultClientId: scheme.passwordClientId,
        defaultScopes: scheme.scopes,
        fetch: context.fetch,
        timeoutMs: context.timeoutMs,
        maxResponseBytes: context.maxResponseBytes,
        now: context.now,
      }),
    ),
};

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

export interface TokenManagerOptions {
  readonly interfaceName: string;
  readonly tokenUrl: string;
  readonly credentials: OAuthCredentials;
  /** The password grant's client, as the definitions declare it. */
  readonly defaultClientId: string | undefined;
  readonly defaultScopes: readonly string[];
  readonly fetch?: FetchLike | undefined;
  /** Refresh this long before expiry (default 30 s). */
  readonly refreshMarginSeconds?: number;
  readonly now?: (() => number) | undefined;
  readonly timeoutMs?: number | undefined;
  /** The longest token response read (the client's maxResponseBytes; 32 MiB by default). */
  readonly maxResponseBytes?: number | undefined;
}

interface TokenState {
  readonly accessToken: string;
  readonly refreshToken: string | undefined;
  readonly expiresAt: number;
}

export class TokenManager {
  #state: TokenState | undefined;
  #pending: Promise<TokenState> | undefined;
  readonly #options: TokenManagerOptions;
  readonly #now: () => number;
  /** Token requests made so far, by kind (for diagnostics and tests). */
  readonly requests = { grant: 0, refresh: 0 };

  constructor(options: TokenManagerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** A valid access token, fetched or refreshed as needed; concurrent callers share one request. */
  async accessToken(): Promise<string> {
    const margin = (this.#options.refreshMarginSeconds ?? 30) * 1000;
    const state = this.#state;
    if (state && state.expiresAt - margin > this.#now()) return state.accessToken;
    this.#pending ??= this.#renew(state).finally(() => {
      this.#pending = undefined;
    });
    return (await this.#pending).accessToken;
  }

  /** Forget the current token (after a 401), so the next call renews it. */
  invalidate(rejected: string): void {
    if (this.#state?.accessToken === rejected) this.#state = { ...this.#state, expiresAt: 0 };
  }

  async #renew(previous: TokenState | undefined): Promise<TokenState> {
    if (previous?.refreshToken) {
      try {
        this.requests.refresh += 1;
        return (this.#state = await this.#request({
          grant_type: 'refresh_token',
          client_id: this.#clientId(),
          refresh_token: previous.refreshToken,
        }));
      } catch {
        // A refused refresh (revoked, expired) falls back to a new grant below.
      }
    }
    this.requests.grant += 1;
    return (this.#state = await this.#request(this.#grantBody()));
  }

  #clientId(): string {
    const credentials = this.#options.credentials;
    const clientId =
      credentials.grant === 'client_credentials'
        ? credentials.clientId
        : (credentials.clientId ?? this.#options.defaultClientId);
    if (clientId === undefined) throw new Error(`${this.#options.interfaceName}: the password grant needs a clientId`);
    return clientId;
  }

  #grantBody(): Record<string, string> {
    const credentials = this.#options.credentials;
    if (credentials.grant === 'client_credentials') {
      return {
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      };
    }
    return {
      grant_type: 'password',
      client_id: this.#clientId(),
      scopes: credentials.scopes ?? this.#options.defaultScopes.join(' '),
      username: credentials.username,
      password: credentials.password,
    };
  }

  async #request(body: Record<string, string>): Promise<TokenState> {
    const { interfaceName, tokenUrl } = this.#options;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    const deadline = callDeadline(undefined, this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const response = await followRedirects(
      interfaceName,
      { method: 'POST', url: tokenUrl, body: JSON.stringify(body) },
      (hop) =>
        send(
          {
            ...hop,
            headers: hop.body === undefined ? { accept: headers.accept } : headers,
          },
          {
            fetch: this.#options.fetch,
            signal: deadline.signal,
            maxBytes: checkedMaxBytes(this.#options.maxResponseBytes),
          },
        ),
    ).finally(deadline.done);
    if (response.status !== 200) throw errorFromBody(interfaceName, response.status, parseJson(response.text));
    const unreadable = (problem: string) =>
      new UnreadableResponseError({
        interfaceName,
        status: response.status,
        problem,
        text: response.text,
        secrets: SECRET_MEMBERS.flatMap((name) => body[name] ?? []),
      });
    const reading = readJson(response.text, response.header('content-type'));
    if (!reading.ok) throw unreadable(reading.problem);
    const token = (reading.value ?? {}) as {
      access_token?: unknown;
      refresh_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof token.access_token !== 'string' || typeof token.expires_in !== 'number')
      throw unreadable('a token response without access_token or expires_in');
    return {
      accessToken: token.access_token,
      refreshToken: typeof token.refresh_token === 'string' ? token.refresh_token : undefined,
      expiresAt: this.#now() + token.expires_in * 1000,
    };
  }
}

/** Grant members an unreadable response's excerpt must never repeat. */
const SECRET_MEMBERS = ['password', 'client_secret', 'refresh_token'] as const;
