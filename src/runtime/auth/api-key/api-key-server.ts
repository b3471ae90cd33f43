// The apiKey scheme on the server: the key from its header, query parameter or cookie, the caller
// from the service's verifyApiKey, and (when the scheme declares them) sessions behind context tokens.
// Failed keys count against the client address in a login throttle, so keys cannot be guessed at speed.
import type { FastifyRequest } from 'fastify';
import { cookieValue } from '../../core/cookies.js';
import { Unauthorized } from '../../core/errors.js';
import { throttledError } from '../login-guard.js';
import { firstQueryValue, queryOf } from '../../core/query-string.js';
import type { ApiKeyMeta, SessionMeta } from '../../core/interface-meta.js';
import type { Authenticator, AuthScheme, Identity, Principal, SessionHandle } from '../server-auth.js';
import { ContextSessions, type StoredContext } from '../session/session-tokens.js';
import { MemorySessionStore, type MaybePromise, type SessionStore } from '../../stores/stores.js';
import { LoginThrottle } from '../../stores/throttle.js';

export interface ApiKeyOptions {
  /** The caller a key stands for; undefined for a key that names no one. Compare keys in constant time or by hash. */
  verifyApiKey(key: string): MaybePromise<Identity | undefined>;
  /**
   * Slows repeated unknown keys per client address (429 with Retry-After; the address budget of the throttle, since
   * a wrong key names no account); false turns it off. Default: a LoginThrottle of its own with the defaults.
   */
  throttle?: LoginThrottle | false;
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

export interface StoredSession<Session> {
  /** The subject of the key the session was started with: a session serves that key holder only. */
  readonly ownerId: string;
  readonly data: Session;
}

/** The apiKey scheme, for a generated server's plugin. */
export const apiKeyScheme: AuthScheme<ApiKeyMeta, ApiKeySessionOptions<unknown>> = {
  authenticator: apiKeyAuthenticator,
};

type SessionParts = SessionHandle<unknown> & { save(): Promise<void>; readonly header: string };

export function apiKeyAuthenticator(scheme: ApiKeyMeta, options: ApiKeySessionOptions<unknown>): Authenticator {
  const sessionMeta = scheme.session;
  const sessions = sessionMeta ? contextSessions(sessionMeta, options) : undefined;
  const throttle = options.throttle === false ? undefined : (options.throttle ?? new LoginThrottle());
  return {
    async authenticate(request) {
      const key = keyOf(request, scheme);
      if (key === undefined || key === '') throw new Unauthorized();
      const wait = await throttle?.retryAfterSeconds(undefined, request.ip);
      if (wait !== undefined) throw throttledError(wait);
      const identity = await options.verifyApiKey(key);
      if (!identity) {
        await throttle?.recordFailure(undefined, request.ip);
        throw new Unauthorized(scheme.unknownKeyError !== undefined ? { entry: scheme.unknownKeyError } : {});
      }
      const principal: Principal = { kind: 'apiKey', subject: identity.subject, scopes: identity.scopes ?? [] };
      if (!sessions || !sessionMeta) return { principal };
      let resolved = await sessions.resolve(singleHeader(request, sessionMeta.header), identity.subject);
      // A stored session of another key holder is of no use here: it starts a new session.
      if (resolved.stored && resolved.data.ownerId !== identity.subject)
        resolved = await sessions.resolve(undefined, identity.subject);
      return { principal, session: sessionHandle(sessions, sessionMeta.header, identity, resolved, options) };
    },
  };
}

function contextSessions(
  meta: SessionMeta,
  options: ApiKeySessionOptions<unknown>,
): ContextSessions<StoredSession<unknown>> {
  if (typeof options.createSession !== 'function') {
    throw new Error('an apiKey scheme with sessions needs createSession in its options');
  }
  return new ContextSessions<StoredSession<unknown>>({
    store: options.sessions ?? new MemorySessionStore<StoredContext<StoredSession<unknown>>>(),
    createData: () => ({ ownerId: '', data: undefined }),
    idleTimeoutSeconds: meta.idleTimeout,
    tokenLength: meta.tokenLength,
    ...(options.sessionSecret !== undefined ? { secret: options.sessionSecret } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
}

/** The key where the scheme says it travels; a repeated header, parameter or cookie counts by its first value. */
function keyOf(request: FastifyRequest, scheme: ApiKeyMeta): string | undefined {
  switch (scheme.in) {
    case 'header':
      return singleHeader(request, scheme.name);
    case 'query':
      // Read from the raw URL as the server reads queries: the route's query schema knows nothing of the key.
      return firstQueryValue(queryOf(request.url), scheme.name);
    case 'cookie':
      return cookieValue(singleHeader(request, 'cookie'), scheme.name);
  }
}

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The handler's view of a session. It is written only when its data changed, so an empty session is
 * never stored and a read does not write.
 */
function sessionHandle(
  sessions: ContextSessions<StoredSession<unknown>>,
  header: string,
  identity: Identity,
  resolved: { token: string; data: StoredSession<unknown>; stored: boolean },
  options: ApiKeySessionOptions<unknown>,
): SessionParts {
  let token = resolved.token;
  const data = resolved.stored ? resolved.data.data : options.createSession(identity);
  let savedJson = JSON.stringify(data);
  const stored = (value: unknown): StoredSession<unknown> => ({ ownerId: identity.subject, data: value });
  const handle = {
    header,
    isNew: !resolved.stored,
    data,
    get token() {
      return token;
    },
    async rotate() {
      token = await sessions.rotate(token, stored(handle.data), identity.subject);
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
