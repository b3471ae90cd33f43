// The bearer scheme on the server (RFC 6750): an opaque token checked by the service's verifyToken.
// JWTs are checked by bearer-jwt.ts over the same header handling, imported only by APIs with one.
import { Unauthorized } from '../../core/errors.js';
import type { BearerMeta } from '../../core/interface-meta.js';
import type { Authenticator, AuthScheme, Identity } from '../server-auth.js';
import type { MaybePromise } from '../../stores/stores.js';

/** An opaque bearer scheme: the service knows its tokens. */
export interface BearerOptions {
  /** The caller a token stands for; undefined for a token that is unknown, expired or revoked. */
  verifyToken(token: string): MaybePromise<Identity | undefined>;
}

/** Opaque bearer tokens, for a generated server's plugin. */
export const bearerScheme: AuthScheme<BearerMeta, BearerOptions> = {
  authenticator: (_scheme, options) => bearerAuthenticator(opaqueCheck(options)),
};

// b64token of RFC 6750 section 2.1; the cap keeps hostile headers cheap and leaves room for JWTs.
const BEARER = /^Bearer[ ]+([A-Za-z0-9\-._~+/]{1,8192}=*)[ ]*$/i;

/** A token's caller (and a JWT's claims), or why the token is refused. */
export type TokenCheck = (
  token: string,
) => Promise<{ identity: Identity; claims?: Readonly<Record<string, unknown>> } | string>;

/** The bearer header handling around a token check: challenges without and with error codes. */
export function bearerAuthenticator(check: TokenCheck): Authenticator {
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
