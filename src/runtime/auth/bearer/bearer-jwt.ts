// JWT bearer tokens, checked with jose: signature (a key the service gives, or the keys published
// at a JWKS URL), issuer, audience, expiry and not-before. Imported only by the servers of APIs that
// declare a JWT scheme, so that jose is needed only there.
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { KeyObject, webcrypto } from 'node:crypto';
import { bearerAuthenticator, type TokenCheck } from './bearer-server.js';
import type { BearerMeta } from '../../core/interface-meta.js';
import { KeySourceFailure, remoteKeySet } from './jwks-keys.js';
import type { AuthScheme, Identity } from '../server-auth.js';
import type { MaybePromise } from '../../stores/stores.js';

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

/** JWT bearer tokens, for a generated server's plugin. */
export const jwtBearerScheme: AuthScheme<BearerMeta, JwtBearerOptions> = {
  authenticator: (scheme, options) => {
    if (!scheme.jwt) throw new Error('a JWT bearer scheme needs jwt in its definition');
    return bearerAuthenticator(jwtCheck(scheme.jwt, options));
  },
};

/** What a JWT check needs: the scheme's declared values and the service's key or JWKS location. */
export interface JwtCheck {
  readonly issuer: string;
  readonly audience: string;
  readonly algorithms: readonly string[] | undefined;
  readonly key: KeyObject | webcrypto.CryptoKey | Uint8Array | webcrypto.JsonWebKey | undefined;
  readonly jwksUrl: string | URL | undefined;
  readonly clockToleranceSeconds: number;
  readonly now: () => number;
}

export type JwtOutcome =
  | { readonly ok: true; readonly claims: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly description: string };

/** Why a token failed, in words fit for error_description (RFC 6750 section 3). */
const TOKEN_FAULTS: Readonly<Record<string, string>> = {
  [errors.JWTExpired.code]: 'The token expired.',
  [errors.JWTClaimValidationFailed.code]: 'The token is not meant for this service.',
  [errors.JWSSignatureVerificationFailed.code]: 'The token signature is invalid.',
  [errors.JWKSNoMatchingKey.code]: 'The token is signed with an unknown key.',
  [errors.JOSEAlgNotAllowed.code]: 'The token is signed with an algorithm this service does not accept.',
};

/** A verifier for one scheme; the JWKS (when used) is fetched when needed and cached (jwks-keys.ts). */
export function jwtVerifier(check: JwtCheck): (token: string) => Promise<JwtOutcome> {
  const key = keySource(check);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, key as JWTVerifyGetKey, {
        issuer: check.issuer,
        audience: check.audience,
        ...(check.algorithms ? { algorithms: [...check.algorithms] } : {}),
        clockTolerance: check.clockToleranceSeconds,
        currentDate: new Date(check.now()),
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') {
        return { ok: false, description: 'The token names no subject.' };
      }
      return { ok: true, claims: payload as JWTPayload & Readonly<Record<string, unknown>> };
    } catch (error) {
      // A good token must never be called bad because the keys were out of reach: that is a 500.
      if (error instanceof KeySourceFailure) throw error;
      // Everything else is the token's fault, including a header naming an algorithm the key cannot do.
      const code = error instanceof errors.JOSEError ? error.code : '';
      return { ok: false, description: TOKEN_FAULTS[code] ?? 'The token is invalid.' };
    }
  };
}

function keySource(check: JwtCheck): JWTVerifyGetKey | NonNullable<JwtCheck['key']> {
  if (check.jwksUrl === undefined) {
    if (check.key === undefined)
      throw new Error('a JWT bearer scheme needs a jwksUrl (definitions or options) or a key');
    return check.key;
  }
  return remoteKeySet(new URL(check.jwksUrl));
}

function jwtCheck(declared: NonNullable<BearerMeta['jwt']>, options: JwtBearerOptions): TokenCheck {
  if (options.key === undefined && options.jwksUrl === undefined && declared.jwksUrl === undefined) {
    throw new Error('a JWT bearer scheme without jwksUrl in the definitions needs key (or jwksUrl) in its options');
  }
  const verify = jwtVerifier({
    issuer: declared.issuer,
    audience: declared.audience,
    algorithms: declared.algorithms,
    key: options.key,
    jwksUrl: options.jwksUrl ?? declared.jwksUrl,
    clockToleranceSeconds: options.clockToleranceSeconds ?? 0,
    now: options.now ?? Date.now,
  });
  const identityOf = options.identityOf ?? identityFromClaims;
  return async (token) => {
    const outcome = await verify(token);
    if (!outcome.ok) return outcome.description;
    const identity = await identityOf(outcome.claims);
    return identity ? { identity, claims: outcome.claims } : 'The token names no known caller.';
  };
}

/** sub is the subject; scopes from scope (space-separated, RFC 8693) or scp (a list or a string). */
export function identityFromClaims(claims: Readonly<Record<string, unknown>>): Identity | undefined {
  const subject = claims['sub'];
  if (typeof subject !== 'string') return undefined;
  const raw = claims['scope'] ?? claims['scp'];
  const scopes =
    typeof raw === 'string'
      ? raw.split(' ').filter((scope) => scope !== '')
      : Array.isArray(raw)
        ? raw.filter((scope): scope is string => typeof scope === 'string')
        : [];
  return { subject, scopes };
}
