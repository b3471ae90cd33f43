// Client side of HTTP Digest (RFC 7616) for generated clients: remembers the
// server's challenge and produces Authorization values with a growing nonce count.
//
// Typical use around one request:
//   const authorization = digest.authorization(method, target);
//   let response = await send(authorization);
//   const challenge = response.headers.get('www-authenticate');
//   if (response.status === 401 && digest.handleUnauthorized(challenge, authorization !== undefined)) {
//     response = await send(digest.authorization(method, target));
//   }

import { randomBytes } from 'node:crypto';
import {
  computeDigestResponse,
  formatAuthorization,
  formatNonceCount,
  normalizeAlgorithm,
  parseDigestChallenges,
  type DigestChallenge,
} from './digest.js';
import { DIGEST_ALGORITHMS, type DigestAlgorithm } from '../../core/vocabulary.js';
import type { ClientAuth, ClientAuthScheme } from '../client-auth.js';
import type { DigestMeta } from '../../core/interface-meta.js';

export interface DigestCredentials {
  readonly username: string;
  readonly password: string;
}

/** HTTP Digest, for a generated client: replies to the server's challenges, one retry per fresh nonce. */
export const digestClientAuth: ClientAuthScheme<DigestMeta, DigestCredentials> = {
  create: (_scheme, credentials) => digestAuth(new DigestClient(credentials)),
};

export interface DigestClientOptions {
  username: string;
  password: string;
  /** Source of client nonces; random by default (tests pass a fixed one). */
  cnonce?: () => string;
}

export interface ChallengeOutcome {
  /** A Digest challenge with a supported algorithm and qop=auth was found and adopted. */
  usable: boolean;
  /** The server said the previous nonce was stale: the credentials were right. */
  stale: boolean;
}

interface ActiveChallenge {
  realm: string;
  nonce: string;
  algorithm: DigestAlgorithm;
  opaque: string | undefined;
}

const MAX_NONCE_COUNT = 0xffffffff;

export class DigestClient {
  readonly #username: string;
  readonly #password: string;
  readonly #cnonce: () => string;
  #challenge: ActiveChallenge | undefined;
  #count = 0;

  constructor(options: DigestClientOptions) {
    this.#username = options.username;
    this.#password = options.password;
    this.#cnonce = options.cnonce ?? (() => randomBytes(16).toString('hex'));
  }

  /** Whether a challenge is held, so that requests can be authorised up front. */
  get hasChallenge(): boolean {
    return this.#challenge !== undefined;
  }

  /**
   * Adopts the strongest usable challenge among WWW-Authenticate values (SHA-256
   * over MD5). A new nonce restarts the nonce count.
   */
  acceptChallenge(headers: string | readonly string[] | undefined | null): ChallengeOutcome {
    let best: { challenge: DigestChallenge; algorithm: DigestAlgorithm } | undefined;
    for (const challenge of parseDigestChallenges(headers)) {
      const algorithm = normalizeAlgorithm(challenge.algorithm);
      if (algorithm === undefined || !challenge.qop.includes('auth')) continue;
      if (best === undefined || DIGEST_ALGORITHMS.indexOf(algorithm) < DIGEST_ALGORITHMS.indexOf(best.algorithm)) {
        best = { challenge, algorithm };
      }
    }
    if (best === undefined) return { usable: false, stale: false };

    const { challenge, algorithm } = best;
    if (this.#challenge?.nonce !== challenge.nonce) this.#count = 0;
    this.#challenge = { realm: challenge.realm, nonce: challenge.nonce, algorithm, opaque: challenge.opaque };
    return { usable: true, stale: challenge.stale };
  }

  /**
   * Handles a 401: adopts its challenge and tells whether to retry the request once,
   * which is when nothing was sent yet or the server only found the nonce stale.
   */
  handleUnauthorized(headers: string | readonly string[] | undefined | null, sentAuthorization: boolean): boolean {
    const outcome = this.acceptChallenge(headers);
    return outcome.usable && (!sentAuthorization || outcome.stale);
  }

  /** The Authorization value for the next request, or undefined while no challenge is held. */
  authorization(method: string, uri: string): string | undefined {
    const challenge = this.#challenge;
    if (challenge === undefined) return undefined;
    if (this.#count >= MAX_NONCE_COUNT) {
      // Counts are exhausted: drop the nonce so the server issues a new one.
      this.reset();
      return undefined;
    }
    this.#count += 1;
    const nc = formatNonceCount(this.#count);
    const cnonce = this.#cnonce();
    const response = computeDigestResponse({
      algorithm: challenge.algorithm,
      username: this.#username,
      realm: challenge.realm,
      password: this.#password,
      method,
      uri,
      nonce: challenge.nonce,
      nc,
      cnonce,
    });
    return formatAuthorization({
      username: this.#username,
      realm: challenge.realm,
      uri,
      algorithm: challenge.algorithm,
      nonce: challenge.nonce,
      nc,
      cnonce,
      response,
      ...(challenge.opaque === undefined ? {} : { opaque: challenge.opaque }),
    });
  }

  /** Forgets the held challenge, e.g. after the server responded with stale=true without a usable challenge. */
  reset(): void {
    this.#challenge = undefined;
    this.#count = 0;
  }
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
