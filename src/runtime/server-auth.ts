// Authentication for generated servers, one authenticator per auth scheme of an interface.
// Credential checks are calls into the service (options); tokens, nonces and sessions live in
// pluggable stores so several instances can share them.
import type { FastifyRequest } from 'fastify';
import { DigestVerifier } from './digest-server.js';
import { ApiError, Forbidden, Unauthorized } from './errors.js';
import { throttledError } from './login-guard.js';
import type { AccessKeyMeta, AuthMeta, DigestMeta, OAuthMeta, RouteMeta } from './interface-meta.js';
import {
  bearerChallenge,
  handleTokenRequest,
  verifyBearer,
  type CredentialBinding,
  type CredentialVersion,
  type TokenRequestContext,
  type TokenResult,
} from './oauth-server.js';
import { ContextSessions, type StoredContext } from './session-tokens.js';
import { LoginThrottle } from './throttle.js';
import {
  MemoryAccessTokenStore,
  MemoryNonceStore,
  MemoryRefreshTokenStore,
  MemorySessionStore,
  type AccessTokenStore,
  type MaybePromise,
  type NonceStore,
  type RefreshTokenStore,
  type SessionStore,
} from './stores.js';

export type Principal =
  | { readonly kind: 'oauth2'; readonly subject: string; readonly clientId: string; readonly scopes: readonly string[] }
  | { readonly kind: 'access-key'; readonly salesChannel: SalesChannel }
  | { readonly kind: 'digest'; readonly username: string; readonly role: string | undefined };

export interface SalesChannel {
  /** Stable id of the channel: sessions are bound to it. */
  readonly id: string;
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

export interface AccessKeyOptions<Session> {
  findSalesChannel(accessKey: string): MaybePromise<SalesChannel | undefined>;
  /** Data of a new session, e.g. an empty cart. */
  createSession(salesChannel: SalesChannel): Session;
  /** Holds a session once it holds something; empty sessions live in their signed token alone. */
  sessions?: SessionStore<StoredContext<StoredSession<Session>>>;
  /** Signs context tokens (at least 32 bytes); the same on every instance. Default: random per process. */
  sessionSecret?: string | Buffer;
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
  readonly salesChannelId: string;
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
  switch (scheme.type) {
    case 'oauth2':
      return bearerAuthenticator(oauthRuntime(scheme, options as OAuthOptions));
    case 'access-key':
      return accessKeyAuthenticator(scheme, options as AccessKeyOptions<unknown>);
    case 'digest':
      return digestAuthenticator(scheme, options as DigestOptions);
  }
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
  const passwordClientId = scheme.passwordClientId ?? 'administration';
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

function bearerAuthenticator(runtime: OAuthRuntime): Authenticator {
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

function accessKeyAuthenticator(scheme: AccessKeyMeta, options: AccessKeyOptions<unknown>): Authenticator {
  const sessionMeta = scheme.session;
  const sessions = sessionMeta
    ? new ContextSessions<StoredSession<unknown>>({
        store: options.sessions ?? new MemorySessionStore<StoredContext<StoredSession<unknown>>>(),
        createData: () => ({ salesChannelId: '', data: undefined }),
        idleTimeoutSeconds: sessionMeta.idleTimeout,
        tokenLength: sessionMeta.tokenLength,
        ...(options.sessionSecret !== undefined ? { secret: options.sessionSecret } : {}),
        ...(options.now ? { now: options.now } : {}),
      })
    : undefined;
  return {
    async authenticate(request) {
      const key = headerValue(request, scheme.header);
      if (key === undefined || key === '') throw new Unauthorized();
      const salesChannel = await options.findSalesChannel(key);
      if (!salesChannel) throw new Unauthorized({ entry: 'salesChannelNotFound' });
      const principal: Principal = { kind: 'access-key', salesChannel };
      if (!sessions || !sessionMeta) return { principal };
      let resolved = await sessions.resolve(headerValue(request, sessionMeta.header), salesChannel.id);
      // A stored session of another sales channel is of no use here: it starts a new session.
      if (resolved.stored && resolved.data.salesChannelId !== salesChannel.id)
        resolved = await sessions.resolve(undefined, salesChannel.id);
      return { principal, session: sessionHandle(sessions, sessionMeta.header, salesChannel, resolved, options) };
    },
  };
}

/**
 * The handler's view of a session. It is written only when its data changed, so an empty session is
 * never stored and a read does not write.
 */
function sessionHandle(
  sessions: ContextSessions<StoredSession<unknown>>,
  header: string,
  salesChannel: SalesChannel,
  resolved: { token: string; data: StoredSession<unknown>; stored: boolean },
  options: AccessKeyOptions<unknown>,
): SessionHandle<unknown> & { save(): Promise<void>; readonly header: string } {
  let token = resolved.token;
  const data = resolved.stored ? resolved.data.data : options.createSession(salesChannel);
  let savedJson = JSON.stringify(data);
  const stored = (value: unknown): StoredSession<unknown> => ({ salesChannelId: salesChannel.id, data: value });
  const handle = {
    header,
    isNew: !resolved.stored,
    data,
    get token() {
      return token;
    },
    async rotate() {
      token = await sessions.rotate(token, stored(handle.data), salesChannel.id);
      savedJson = JSON.stringify(handle.data);
      return token;
    },
    async save() {
      const json = JSON.stringify(handle.data);
      if (json === savedJson) return;
      await sessions.save(token, stored(handle.data));
      savedJson = json;
    },
  };
  return handle;
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

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
