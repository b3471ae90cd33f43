// Credential checks a handler performs itself (e.g. a Store API customer login) go through the same
// throttle as the runtime's own: per account and client address, refused with 429 and Retry-After
// in the interface's error shape.
import { ApiError } from '../core/errors.js';
import type { MaybePromise } from '../stores/stores.js';
import type { LoginThrottle } from '../stores/throttle.js';

/** The 429 of a throttled attempt: the interface's tooManyRequests entry, with Retry-After. */
export function throttledError(retryAfterSeconds: number): ApiError {
  return new ApiError('tooManyRequests', {
    detail: `Too many failed attempts; try again in ${retryAfterSeconds} seconds.`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Runs `check` (true when the credential is right) for the account, unless the account is throttled
 * for this client, which throws the 429; counts the outcome.
 */
export type CredentialCheck = (account: string, check: () => MaybePromise<boolean>) => Promise<boolean>;

export function credentialCheck(throttle: LoginThrottle | undefined, clientAddress: string): CredentialCheck {
  return async (account, check) => {
    const wait = await throttle?.retryAfterSeconds(account, clientAddress);
    if (wait !== undefined) throw throttledError(wait);
    const ok = await check();
    if (ok) await throttle?.recordSuccess(account, clientAddress);
    else await throttle?.recordFailure(account, clientAddress);
    return ok;
  };
}
