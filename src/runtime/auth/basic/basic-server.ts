// HTTP Basic on the server (RFC 7617): the user name and password from the Authorization header,
// checked by the service's verifyCredentials, repeated failures slowed per user and address.
import { Unauthorized } from '../../core/errors.js';
import type { BasicMeta } from '../../core/interface-meta.js';
import { throttledError } from '../login-guard.js';
import type { Authenticator, AuthScheme, Identity } from '../server-auth.js';
import type { MaybePromise } from '../../stores/stores.js';
import { LoginThrottle } from '../../stores/throttle.js';

export interface BasicOptions {
  /** The caller of a user name and password; undefined when they do not match. */
  verifyCredentials(username: string, password: string): MaybePromise<Identity | undefined>;
  /** Slows repeated failed logins per user and client address (429 with Retry-After); false turns it off. */
  throttle?: LoginThrottle | false;
  now?: () => number;
}

/** HTTP Basic, for a generated server's plugin. */
export const basicScheme: AuthScheme<BasicMeta, BasicOptions> = { authenticator: basicAuthenticator };

// token68 of RFC 9110 section 11.2; the cap keeps hostile headers cheap.
const BASIC = /^Basic[ ]+([A-Za-z0-9+/]{1,4096}={0,2})[ ]*$/i;

export function basicAuthenticator(scheme: BasicMeta, options: BasicOptions): Authenticator {
  const challenge = `Basic realm="${scheme.realm}", charset="UTF-8"`;
  const refuse = (detail: string) => new Unauthorized({ detail, headers: { 'www-authenticate': challenge } });
  const throttle =
    options.throttle === false
      ? undefined
      : (options.throttle ?? new LoginThrottle(options.now ? { now: options.now } : {}));
  return {
    async authenticate(request) {
      const authorization = request.headers.authorization;
      if (authorization === undefined || authorization.trim() === '') throw refuse('Credentials are missing.');
      const credentials = decodeCredentials(authorization);
      if (!credentials) throw refuse('The credentials are malformed.');
      const account = `basic:${credentials.username}`;
      const wait = await throttle?.retryAfterSeconds(account, request.ip);
      if (wait !== undefined) throw throttledError(wait);
      const identity = await options.verifyCredentials(credentials.username, credentials.password);
      if (!identity) {
        await throttle?.recordFailure(account, request.ip);
        throw refuse('The user name or password is wrong.');
      }
      await throttle?.recordSuccess(account, request.ip);
      return { principal: { kind: 'basic', subject: identity.subject, scopes: identity.scopes ?? [] } };
    },
  };
}

/** user-id ":" password, UTF-8 (the charset the challenge announces); undefined when it is not that. */
function decodeCredentials(authorization: string): { username: string; password: string } | undefined {
  const encoded = BASIC.exec(authorization)?.[1];
  if (encoded === undefined) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  if (colon === -1) return undefined;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}
