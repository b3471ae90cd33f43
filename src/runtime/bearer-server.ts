// The bearer scheme on the server (RFC 6750): an opaque token checked by the service's verifyToken,
// or a JWT checked against the issuer, audience and keys the definitions and options give.
import { Unauthorized } from './errors.js';
import type { BearerMeta } from './interface-meta.js';
import type { JwtOutcome } from './bearer-jwt.js';
import type { Authenticator, BearerOptions, Identity, JwtBearerOptions } from './server-auth.js';

// b64token of RFC 6750 section 2.1; the cap keeps hostile headers cheap and leaves room for JWTs.
const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]{1,8192}=*)[ ]*$/i;

type TokenCheck = (
  token: string,
) => Promise<{ identity: Identity; claims?: Readonly<Record<string, unknown>> } | string>;

export function bearerAuthenticator(scheme: BearerMeta, options: BearerOptions | JwtBearerOptions): Authenticator {
  const check = scheme.jwt ? jwtCheck(scheme.jwt, options as JwtBearerOptions) : opaqueCheck(options as BearerOptions);
  return {
    async authenticate(request) {
      const authorization = request.headers.authorization;
      // A request without credentials gets a challenge without an error code (RFC 6750 section 3.1).
      if (authorization === undefined || authorization.trim() === '') {
        throw new Unauthorized({ detail: 'The access token is missing.', headers: { 'www-authenticate': 'Bearer' } });
      }
      const token = BEARER.exec(authorization)?.[1];
      const outcome = token === undefined ? 'The Authorization header is not a bearer token.' : await check(token);
      if (typeof outcome === 'string') {
        throw new Unauthorized({
          detail: outcome,
          headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${outcome}"` },
        });
      }
      const { identity, claims } = outcome;
      return { principal: { kind: 'bearer', subject: identity.subject, scopes: identity.scopes ?? [], claims } };
    },
  };
}

function opaqueCheck(options: BearerOptions): TokenCheck {
  if (typeof options.verifyToken !== 'function')
    throw new Error('an opaque bearer scheme needs verifyToken in its options');
  return async (token) => {
    const identity = await options.verifyToken(token);
    return identity ? { identity } : 'The token is unknown, expired or revoked.';
  };
}

function jwtCheck(declared: NonNullable<BearerMeta['jwt']>, options: JwtBearerOptions): TokenCheck {
  if (options.key === undefined && options.jwksUrl === undefined && declared.jwksUrl === undefined) {
    throw new Error('a JWT bearer scheme without jwksUrl in the definitions needs key (or jwksUrl) in its options');
  }
  // jose is loaded by interfaces with a JWT scheme only, once, when the plugin is made.
  const verifier = import('./bearer-jwt.js').then(({ jwtVerifier }) =>
    jwtVerifier({
      issuer: declared.issuer,
      audience: declared.audience,
      algorithms: declared.algorithms,
      key: options.key,
      jwksUrl: options.jwksUrl ?? declared.jwksUrl,
      clockToleranceSeconds: options.clockToleranceSeconds ?? 0,
      now: options.now ?? Date.now,
    }),
  );
  // A failure to load is reported when a request needs the verifier, not as an unhandled rejection now.
  verifier.catch(() => {});
  const identityOf = options.identityOf ?? identityFromClaims;
  return async (token) => {
    const outcome: JwtOutcome = await (await verifier)(token);
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
