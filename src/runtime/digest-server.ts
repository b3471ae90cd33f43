// Server side of HTTP Digest (RFC 7616): issues challenges and verifies the
// Authorization header of a request. Framework-independent; the generated server
// answers a failed verify() with 401 and the values of challenge(result.stale).

import { createHash, randomBytes } from 'node:crypto';
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
  nonceStore: NonceStore;
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
  { ok: true; username: string } | { ok: false; stale: boolean; reason: DigestFailureReason };

// The uri parameter may be in absolute form (requests through a proxy); compare its path and query.
function uriMatchesTarget(uri: string, target: string): boolean {
  if (uri === target) return true;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(uri);
  if (absolute === null) return false;
  const rest = uri.slice(absolute[0].length);
  return (rest === '' ? '/' : rest) === target;
}

export class DigestVerifier {
  readonly #options: DigestVerifierOptions;
  readonly #now: () => number;
  readonly #opaque: string;
  // Checked against for unknown users too, so that timing does not reveal which names exist.
  readonly #decoyPassword = randomBytes(32).toString('hex');

  constructor(options: DigestVerifierOptions) {
    if (options.algorithms.length === 0) throw new Error('DigestVerifier needs at least one algorithm');
    if (!(options.nonceLifetimeSeconds > 0)) throw new Error('nonceLifetimeSeconds must be positive');
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#opaque = options.opaque ?? createHash('sha256').update(`opaque:${options.realm}`).digest('base64url');
  }

  /** Issues a fresh nonce and returns one WWW-Authenticate value per offered algorithm. */
  async challenge(stale = false): Promise<string[]> {
    const nonce = randomBytes(24).toString('base64url');
    await this.#options.nonceStore.create(nonce, this.#now() + this.#options.nonceLifetimeSeconds * 1000);
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
    if (password === undefined) return fail('unknown-user');
    if (!responseMatches) return fail('bad-response');

    // Only now touch the nonce: the digest is valid, so a bad nonce is stale (RFC 7616
    // section 3.3) and strangers cannot burn a client's nonce counts.
    const count = Number.parseInt(credentials.nc, 16);
    const outcome = await this.#options.nonceStore.advanceCount(credentials.nonce, count, this.#now());
    switch (outcome) {
      case 'ok':
        return { ok: true, username: credentials.username };
      case 'unknown':
        return fail('unknown-nonce', true);
      case 'expired':
        return fail('nonce-expired', true);
      case 'replayed':
        return fail('nc-replayed');
    }
  }
}
