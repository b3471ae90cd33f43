// Server side of HTTP Digest (RFC 7616): issues challenges and verifies the
// Authorization header of a request. Framework-independent; the generated server
// answers a failed verify() with 401 and the values of challenge(result.stale).

import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  computeDigestResponse,
  formatChallenge,
  normalizeAlgorithm,
  parseDigestAuthorization,
  safeEqual,
  type DigestAlgorithm,
} from './digest.js';
import type { MaybePromise, NonceStore } from './stores.js';

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
   * By default random per process, so after a restart clients answer one stale challenge.
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
  constructor(private readonly key: string | Buffer) {}

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
