// Authentication for generated servers, one authenticator per auth scheme of an interface (bearer,
// apiKey and basic live in their own modules), then the route's scopes. Credential checks are calls
// into the service (options); tokens, nonces and sessions live in pluggable stores so several
// instances can share them.
import type { KeyObject, webcrypto } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { apiKeyAuthenticator } from './api-key-server.js';
import { basicAuthenticator } from './basic-server.js';
import { bearerAuthenticator } from './bearer-server.js';
import { DigestVerifier } from './digest-server.js';
import { ApiError, Forbidden, Unauthorized } from './errors.js';
import { throttledError } from './login-guard.js';
import type { AuthMeta, DigestMeta, OAuthMeta, RouteMeta } from './interface-meta.js';
import {
  bearerChallenge,
  handleTokenRequest,
  verifyBearer,
  type CredentialBinding,
  type CredentialVersion,
  type TokenRequestContext,
  type TokenResult,
} from './oauth-server.js';
import type { StoredContext } from './session-tokens.js';
import { LoginThrottle } from './throttle.js';
import {
  MemoryAccessTokenStore,
  MemoryNonceStore,
  MemoryRefreshTokenStore,
  type AccessTokenStore,
  type MaybePromise,
  type NonceStore,
  type RefreshTokenStore,
  type SessionStore,
} from './stores.js';

/** Who a scheme's hook says the caller is: verifyToken, verifyApiKey and verifyCredentials return it. */
export interface Identity {
  /** Stable id of the caller (user, client, key holder); sessions are bound to it. */
  readonly subject: string;
  /** Scopes the caller holds; routes that declare scopes need all of theirs. */
  readonly scopes?: readonly string[];
}

export type Principal =
  | { readonly kind: 'oauth2'; readonly subject: string; readonly clientId: string; readonly scopes: readonly string[] }
  | {
      readonly kind: 'bearer';
      readonly subject: string;
      readonly scopes: readonly string[];
      /** The verified claims of a JWT; undefined for opaque tokens. */
      readonly claims: Readonly<Record<string, unknown>> | undefined;
    }
  | { readonly kind: 'apiKey'; readonly subject: string; readonly scopes: readonly string[] }
  | { readonly kind: 'basic'; readonly subject: string; readonly scopes: readonly string[] }
  | { readonly kind: 'digest'; readonly username: string; readonly role: string | undefined };

/** An opaque bearer scheme: the service knows its tokens. */
export interface BearerOptions {
  /** The caller a token stands for; undefined for a token that is unknown, expired or revoked. */
  verifyToken(token: string): MaybePromise<Identity | undefined>;
}

/** A JWT bearer scheme: issuer and audience come from the definitions, the key from here or a JWKS. */
export interface JwtBearerOptions {
  /** The verification key (public key, or the shared secret of HS*) when the definitions give no jwksUrl. */
  readonly key?: KeyObject | webcrypto.CryptoKey | Uint8Array | webcrypto.JsonWebKey;
  /** Where the signing keys are published; overrides the definitions' jwksUrl (e.g. per environment). */
  readonly jwksUrl?: string | URL;
  /** The caller of verified claims; default subject from sub, scopes from scope (space-separated) or scp. */
  identityOf?(claims: Readonly<Record<string, unknown>>): MaybePromise<Identity | undefined>;
  /** Seconds of clock skew tolerated on exp and nbf (default 0). */
  readonly clockToleranceSeconds?: number;
  readonly now?: () => number;
}

export interface ApiKeyOptions {
  /** The caller a key stands for; undefined for a key that names no one. Compare keys in constant time or by hash. */
  verifyApiKey(key: string): MaybePromise<Identity | undefined>;
}

/** An apiKey scheme that declares sessions: each key holder's visitors get context tokens. */
export interface ApiKeySessionOptions<Session> extends ApiKeyOptions {
  /** Data of a new session, e.g. an empty cart. */
  createSession(principal: Identity): Session;
  /** Holds a session once it holds something; empty sessions live in their signed token alone. */
  sessions?: SessionStore<StoredContext<StoredSession<Session>>>;
  /** Signs context tokens (at least 32 bytes); the same on every instance. Default: random per process. */
  sessionSecret?: string | Buffer;
  now?: () => number;
}

export interface BasicOptions {
  /** The caller of a user name and password; undefined when they do not match. */
  verifyCredentials(username: string, password: string): MaybePromise<Identity | undefined>;
  /** Slows repeated failed logins per user and client address (429 with Retry-After); false turns it off. */
  throttle?: LoginThrottle | false;
  now?: () => number;
}

export interface OAuthOptions {
  verifyPassword(username: string, password: string): MaybePromise<boolean>;
  verifyClient(clientId: string, clientSecret: string): MaybePromise<boolean>;
  accessTokens?: AccessTokenStore;
  refreshTokens?: RefreshTokenStore;
  /** Slows repeated failed grants per account and client address (429 with Retry-After); false turns it off. */
  throttle?: LoginThrottle | false;
  /**
   * The current version of a user's or client's credential (e.g. an HMAC of the password): tokens
   * carry the version they were issued under, and stop working once it changes.
   */
  credentialVersion?: CredentialVersion;
  now?: () => number;
}

export interface DigestOptions {
  /** The user's password (for API users, their key); undefined for an unknown user. */
  lookupPassword(username: string): MaybePromise<string | undefined>;
  roleOf?(username: string): MaybePromise<string | undefined>;
  /**
   * Privileges per role and resource (the scheme's `privileges.resource`), e.g.
   * `{ reader: { banner: ['read'] } }`; a role or resource not listed has none.
   */
  privileges?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  nonces?: NonceStore;
  /** Signs nonces (at least 32 bytes); the same on every instance. Default: random per process. */
  nonceSecret?: string | Buffer;
  /** Slows repeated failed logins per user and client address (429 with Retry-After); false turns it off. */
  throttle?: LoginThrottle | false;
  now?: () => number;
}

export interface StoredSession<Session> {
  /** The subject of the key the session was started with: a session serves that key holder only. */
  readonly ownerId: string;
  readonly data: Session;
}

/** The session a handler sees: its data, and rotation to a new token (e.g. on login). */
export interface SessionHandle<Session> {
  readonly token: string;
  readonly isNew: boolean;
  data: Session;
  /** Moves the session to a new token; the old one then names nothing. Returns the new token. */
  rotate(): Promise<string>;
}

export interface AuthResult {
  readonly principal: Principal;
  readonly session?: SessionHandle<unknown> & { save(): Promise<void>; readonly header: string };
}

export interface Authenticator {
  authenticate(request: FastifyRequest, route: RouteMeta): Promise<AuthResult>;
}

export function createAuthenticator(scheme: AuthMeta, options: unknown): Authenticator {
  return withScopeCheck(scheme, schemeAuthenticator(scheme, options));
}

function schemeAuthenticator(scheme: AuthMeta, options: unknown): Authenticator {
  switch (scheme.type) {
    case 'oauth2':
      return oauthBearerAuthenticator(oauthRuntime(scheme, options as OAuthOptions));
    case 'bearer':
      return bearerAuthenticator(scheme, options as BearerOptions | JwtBearerOptions);
    case 'apiKey':
      return apiKeyAuthenticator(scheme, options as ApiKeySessionOptions<unknown>);
    case 'basic':
      return basicAuthenticator(scheme, options as BasicOptions);
    case 'digest':
      return digestAuthenticator(scheme, options as DigestOptions);
  }
}

/**
 * The route's scopes, checked after the caller is known: a caller without all of them gets 403
 * (for bearer tokens with error="insufficient_scope" and the scopes needed, RFC 6750 section 3.1).
 */
function withScopeCheck(scheme: AuthMeta, inner: Authenticator): Authenticator {
  if (scheme.type === 'digest') return inner;
  return {
    async authenticate(request, route) {
      const result = await inner.authenticate(request, route);
      const needed = route.scopes ?? [];
      const held = 'scopes' in result.principal ? result.principal.scopes : [];
      const missing = needed.filter((scope) => !held.includes(scope));
      if (missing.length === 0) return result;
      const bearer = scheme.type === 'bearer' || scheme.type === 'oauth2';
      throw new Forbidden({
        detail: `The ${missing.length === 1 ? 'scope' : 'scopes'} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} needed.`,
        params: { scope: needed.join(' ') },
        ...(bearer
          ? { headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${needed.join(' ')}"` } }
          : {}),
      });
    },
  };
}

export interface OAuthRuntime {
  readonly scheme: OAuthMeta;
  readonly accessTokens: AccessTokenStore;
  /** Set when tokens are bound to credential versions. */
  readonly binding?: CredentialBinding;
  /** Answers a token request: its parsed body, and the Authorization header and address of the request. */
  issue(body: unknown, request: TokenRequestContext): Promise<TokenResult>;
  now(): number;
}

const oauthRuntimes = new WeakMap<object, OAuthRuntime>();

/** One token runtime per options object, shared by the token endpoint and the bearer checks. */
export function oauthRuntime(scheme: OAuthMeta, options: OAuthOptions): OAuthRuntime {
  const known = oauthRuntimes.get(options);
  if (known) return known;
  const accessTokens = options.accessTokens ?? new MemoryAccessTokenStore();
  const refreshTokens = options.refreshTokens ?? new MemoryRefreshTokenStore();
  const now = options.now ?? Date.now;
  // The service's clock, so that a lockout ends when the service's time says so.
  const throttle = options.throttle === false ? undefined : (options.throttle ?? new LoginThrottle({ now }));
  const passwordClientId = scheme.passwordClientId;
  const runtime: OAuthRuntime = {
    scheme,
    accessTokens,
    now,
    ...(options.credentialVersion
      ? { binding: { passwordClientId, credentialVersion: options.credentialVersion } }
      : {}),
    issue: (body, request) =>
      handleTokenRequest(
        body,
        {
          passwordClientId,
          clientAuthRealm: scheme.clientAuthRealm,
          scopes: scheme.scopes,
          grants: scheme.grants,
          clientCredentialsClientId: scheme.clientCredentialsClientId,
          clientCredentialsScopes: scheme.clientCredentialsScopes,
          verifyPassword: (username, password) => options.verifyPassword(username, password),
          verifyClient: (clientId, secret) => options.verifyClient(clientId, secret),
          accessTokens,
          refreshTokens,
          ...(throttle ? { throttle } : {}),
          ...(options.credentialVersion ? { credentialVersion: options.credentialVersion } : {}),
          accessTokenLifetimeSeconds: scheme.accessTokenLifetime,
          refreshTokenLifetimeSeconds: scheme.refreshTokenLifetime,
          now,
        },
        request,
      ),
  };
  oauthRuntimes.set(options, runtime);
  return runtime;
}

function oauthBearerAuthenticator(runtime: OAuthRuntime): Authenticator {
  return {
    async authenticate(request) {
      const result = await verifyBearer(
        request.headers.authorization,
        runtime.accessTokens,
        runtime.now,
        runtime.binding,
      );
      if (!result.ok) {
        throw new Unauthorized({
          detail: `Access token ${result.reason === 'missing' ? 'missing' : `is ${result.reason}`}.`,
          headers: { 'www-authenticate': bearerChallenge(result.reason) },
        });
      }
      return {
        principal: { kind: 'oauth2', subject: result.subject, clientId: result.clientId, scopes: result.scopes },
      };
    },
  };
}

function digestAuthenticator(scheme: DigestMeta, options: DigestOptions): Authenticator {
  const verifier = new DigestVerifier({
    realm: scheme.realm,
    algorithms: scheme.algorithms,
    nonceLifetimeSeconds: scheme.nonceLifetime,
    lookupPassword: (username) => options.lookupPassword(username),
    nonceStore: options.nonces ?? new MemoryNonceStore(),
    ...(options.nonceSecret !== undefined ? { nonceSecret: options.nonceSecret } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const throttle =
    options.throttle === false
      ? undefined
      : (options.throttle ?? new LoginThrottle(options.now ? { now: options.now } : {}));
  return {
    async authenticate(request, route) {
      const address = request.ip;
      const addressWait = throttle?.retryAfterSeconds(undefined, address);
      if (addressWait !== undefined) throw throttledError(addressWait);
      const result = await verifier.verify({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
      });
      // Only a checked password counts: a client's first request, without credentials, is no failure.
      const account = result.ok || result.username !== undefined ? `digest:${result.username}` : undefined;
      const wait = account !== undefined ? throttle?.retryAfterSeconds(account, address) : undefined;
      if (wait !== undefined) throw throttledError(wait);
      if (!result.ok) {
        if (account !== undefined) throttle?.recordFailure(account, address);
        throw new Unauthorized({ headers: { 'www-authenticate': await verifier.challenge(result.stale) } });
      }
      throttle?.recordSuccess(`digest:${result.username}`, address);
      const role = options.roleOf ? await options.roleOf(result.username) : undefined;
      if (scheme.privileges) {
        const { resource } = scheme.privileges;
        // The definitions give every route of such a scheme a privilege (SVC218); should one lack it, refuse.
        const privilege = route.privilege ?? '(none declared)';
        const granted = role !== undefined ? (ownEntry(ownEntry(options.privileges, role), resource) ?? []) : [];
        if (route.privilege === undefined || !granted.includes(route.privilege)) {
          throw new Forbidden({ params: { role: role ?? result.username, privilege, resource } });
        }
      }
      return { principal: { kind: 'digest', username: result.username, role } };
    },
  };
}

/** table[key] when the table itself holds it: a role named "constructor" gets nothing from Object.prototype. */
function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
