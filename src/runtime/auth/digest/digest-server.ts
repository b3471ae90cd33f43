// Server side of HTTP Digest (RFC 7616): the DigestVerifier issues challenges and verifies the
// Authorization header of a request, framework-independent; digestScheme is the scheme a generated
// server hands its plugin, which sends 401 and challenge(result.stale) for a failed verify().

import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  computeDigestResponse,
  formatChallenge,
  normalizeAlgorithm,
  parseDigestAuthorization,
  safeEqual,
} from './digest.js';
import { Forbidden, Unauthorized } from '../../core/errors.js';
import type { DigestAlgorithm } from '../../core/vocabulary.js';
import type { DigestMeta } from '../../core/interface-meta.js';
import { throttledError } from '../login-guard.js';
import type { Authenticator, AuthScheme } from '../server-auth.js';
import { MemoryNonceStore, type MaybePromise, type NonceStore } from '../../stores/stores.js';
import { LoginThrottle } from '../../stores/throttle.js';

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

/** HTTP Digest, for a generated server's plugin. */
export const digestScheme: AuthScheme<DigestMeta, DigestOptions> = { authenticator: digestAuthenticator };

export interface DigestVerifierOptions {
  realm: string;
  /** Offered in this order, one challenge each; put the strongest first. */
  algorithms: readonly DigestAlgorithm[];
  nonceLifetimeSeconds: number;
  /** The user's password (for the platform: the API key); undefined for an unknown user. */
  lookupPassword: (username: string) => MaybePromise<string | undefined>;
  /** Nonce counts in use; entries appear only for nonces of authenticated requests. */
  nonceStore: NonceStore;
  /**
   * Key that signs nonces (at least 32 bytes); must be the same on every instance of a service.
   * By default random per process, so after a restart clients meet one stale challenge.
   */
  nonceSecret?: string | Buffer;
  now?: () => number;
  /** Must be the same on every instance sharing the nonce store; by default derived from the realm. */
  opaque?: string;
}

export interface DigestRequest {
  /** The request method as received, e.g. 'GET'. */
  method: string;
  /** The request target as received (path and query), e.g. request.url. */
  url: string;
  authorization: string | undefined;
}

export type DigestFailureReason =
  | 'missing'
  | 'not-digest'
  | 'malformed'
  | 'algorithm-not-offered'
  | 'qop-not-supported'
  | 'userhash-not-supported'
  | 'realm-mismatch'
  | 'opaque-mismatch'
  | 'uri-mismatch'
  | 'unknown-user'
  | 'bad-response'
  | 'unknown-nonce'
  | 'nonce-expired'
  | 'nc-replayed';

export type DigestVerifyResult =
  | { ok: true; username: string }
  /** `username` is set when a user's password was checked and found wrong (for throttling). */
  | { ok: false; stale: boolean; reason: DigestFailureReason; username?: string };

// The uri parameter may be in absolute form (requests through a proxy); compare its path and query.
function uriMatchesTarget(uri: string, target: string): boolean {
  if (uri === target) return true;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(uri);
  if (absolute === null) return false;
  const rest = uri.slice(absolute[0].length);
  return (rest === '' ? '/' : rest) === target;
}

// A nonce is 24 bytes, base64url: its expiry (6 bytes, epoch ms), 8 random bytes and an HMAC of both
// (10 bytes). Issuing one stores nothing, so unauthenticated challenges cannot grow any store.
const NONCE_EXPIRY_BYTES = 6;
const NONCE_RANDOM_BYTES = 8;
const NONCE_MAC_BYTES = 10;

type NonceCheck = { ok: true; expiresAt: number } | { ok: false; reason: 'unknown-nonce' | 'nonce-expired' };

class NonceSigner {
  private readonly key: string | Buffer;

  constructor(key: string | Buffer) {
    this.key = key;
  }

  issue(expiresAt: number): string {
    const body = Buffer.alloc(NONCE_EXPIRY_BYTES + NONCE_RANDOM_BYTES);
    body.writeUIntBE(Math.max(0, Math.floor(expiresAt)), 0, NONCE_EXPIRY_BYTES);
    randomBytes(NONCE_RANDOM_BYTES).copy(body, NONCE_EXPIRY_BYTES);
    return Buffer.concat([body, this.#mac(body)]).toString('base64url');
  }

  check(nonce: string, now: number): NonceCheck {
    const bytes = Buffer.from(nonce, 'base64url');
    const bodyLength = NONCE_EXPIRY_BYTES + NONCE_RANDOM_BYTES;
    if (bytes.length !== bodyLength + NONCE_MAC_BYTES || bytes.toString('base64url') !== nonce) {
      return { ok: false, reason: 'unknown-nonce' };
    }
    const body = bytes.subarray(0, bodyLength);
    if (!safeEqual(this.#mac(body).toString('hex'), bytes.subarray(bodyLength).toString('hex'))) {
      return { ok: false, reason: 'unknown-nonce' };
    }
    const expiresAt = body.readUIntBE(0, NONCE_EXPIRY_BYTES);
    return expiresAt > now ? { ok: true, expiresAt } : { ok: false, reason: 'nonce-expired' };
  }

  #mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, NONCE_MAC_BYTES);
  }
}

export class DigestVerifier {
  readonly #options: DigestVerifierOptions;
  readonly #now: () => number;
  readonly #opaque: string;
  readonly #nonces: NonceSigner;
  // Checked against for unknown users too, so that timing does not reveal which names exist.
  readonly #decoyPassword = randomBytes(32).toString('hex');

  constructor(options: DigestVerifierOptions) {
    if (options.algorithms.length === 0) throw new Error('DigestVerifier needs at least one algorithm');
    if (!(options.nonceLifetimeSeconds > 0)) throw new Error('nonceLifetimeSeconds must be positive');
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#nonces = new NonceSigner(options.nonceSecret ?? randomBytes(32));
    this.#opaque = options.opaque ?? createHash('sha256').update(`opaque:${options.realm}`).digest('base64url');
  }

  /** Issues a fresh nonce and returns one WWW-Authenticate value per offered algorithm. */
  async challenge(stale = false): Promise<string[]> {
    const nonce = this.#nonces.issue(this.#now() + this.#options.nonceLifetimeSeconds * 1000);
    return this.#options.algorithms.map((algorithm) =>
      formatChallenge({
        realm: this.#options.realm,
        nonce,
        algorithm,
        opaque: this.#opaque,
        charset: 'UTF-8',
        stale,
      }),
    );
  }

  async verify(request: DigestRequest): Promise<DigestVerifyResult> {
    const fail = (reason: DigestFailureReason, stale = false): DigestVerifyResult => ({ ok: false, stale, reason });
    const header = request.authorization;
    if (header === undefined || header.trim() === '') return fail('missing');
    if (!/^digest(?:[ \t]|$)/i.test(header.trimStart())) return fail('not-digest');
    const credentials = parseDigestAuthorization(header.trimStart());
    if (credentials === undefined) return fail('malformed');

    const algorithm = normalizeAlgorithm(credentials.algorithm);
    if (algorithm === undefined || !this.#options.algorithms.includes(algorithm)) return fail('algorithm-not-offered');
    if (credentials.qop !== 'auth' || credentials.nc === undefined || credentials.cnonce === undefined) {
      return fail('qop-not-supported');
    }
    if (credentials.userhash) return fail('userhash-not-supported');
    if (credentials.realm !== this.#options.realm) return fail('realm-mismatch');
    // RFC 7616: a client SHOULD echo opaque; some do not. Left out is accepted, a wrong one is not.
    if (credentials.opaque !== undefined && !safeEqual(credentials.opaque, this.#opaque))
      return fail('opaque-mismatch');
    if (!uriMatchesTarget(credentials.uri, request.url)) return fail('uri-mismatch');

    const password = await this.#options.lookupPassword(credentials.username);
    const expected = computeDigestResponse({
      algorithm,
      username: credentials.username,
      realm: credentials.realm,
      password: password ?? this.#decoyPassword,
      method: request.method,
      uri: credentials.uri,
      nonce: credentials.nonce,
      nc: credentials.nc,
      cnonce: credentials.cnonce,
    });
    const responseMatches = safeEqual(expected, credentials.response);
    if (password === undefined) return { ...fail('unknown-user'), username: credentials.username };
    if (!responseMatches) return { ...fail('bad-response'), username: credentials.username };

    // Only now touch the nonce: the digest is valid, so a bad nonce is stale (RFC 7616
    // section 3.3) and strangers cannot burn a client's nonce counts.
    const nonce = this.#nonces.check(credentials.nonce, this.#now());
    if (!nonce.ok) return fail(nonce.reason, true);
    const count = Number.parseInt(credentials.nc, 16);
    const outcome = await this.#options.nonceStore.advanceCount(credentials.nonce, count, nonce.expiresAt);
    return outcome === 'ok' ? { ok: true, username: credentials.username } : fail('nc-replayed');
  }
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
      const addressWait = await throttle?.retryAfterSeconds(undefined, address);
      if (addressWait !== undefined) throw throttledError(addressWait);
      const result = await verifier.verify({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
      });
      // Only a checked password counts: a client's first request, without credentials, is no failure.
      const account = result.ok || result.username !== undefined ? `digest:${result.username}` : undefined;
      const wait = account !== undefined ? await throttle?.retryAfterSeconds(account, address) : undefined;
      if (wait !== undefined) throw throttledError(wait);
      if (!result.ok) {
        if (account !== undefined) await throttle?.recordFailure(account, address);
        throw new Unauthorized({ headers: { 'www-authenticate': await verifier.challenge(result.stale) } });
      }
      await throttle?.recordSuccess(`digest:${result.username}`, address);
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
