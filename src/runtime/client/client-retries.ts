// Retries of a call that met a passing failure: a connection error, or 408, 429, 502, 503 or 504. Only
// idempotent methods are retried (RFC 9110 section 9.2.2): a POST or PATCH that failed on the way may
// already have been applied. The wait is the server's Retry-After (seconds or an HTTP date) up to a cap,
// else exponential backoff with full jitter; no wait outlives the call's deadline.
import { IDEMPOTENT_METHODS, type HttpMethod } from '../core/vocabulary.js';
import { NetworkError, TimeoutError } from './client-errors.js';
import type { IncomingResponse } from './client-transport.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2); 0 turns retries off. */
  readonly retries?: number | undefined;
  /** The first backoff's upper bound in milliseconds (default 250); each retry doubles it. */
  readonly baseDelayMs?: number | undefined;
  /** The largest backoff in milliseconds (default 8 000). */
  readonly maxDelayMs?: number | undefined;
  /** The longest Retry-After honoured, in milliseconds (default 60 000); a longer one is not waited for. */
  readonly maxRetryAfterMs?: number | undefined;
}

/** The statuses that say "try again later" rather than "this request is wrong". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

export interface RetryPolicy {
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxRetryAfterMs: number;
}

/** The call's options over the client's over the defaults; `false` at either level turns retries off. */
export function retryPolicy(
  client: RetryOptions | false | undefined,
  call: RetryOptions | false | undefined,
): RetryPolicy | undefined {
  if (client === false || call === false) return undefined;
  const policy: RetryPolicy = {
    retries: call?.retries ?? client?.retries ?? 2,
    baseDelayMs: call?.baseDelayMs ?? client?.baseDelayMs ?? 250,
    maxDelayMs: call?.maxDelayMs ?? client?.maxDelayMs ?? 8_000,
    maxRetryAfterMs: call?.maxRetryAfterMs ?? client?.maxRetryAfterMs ?? 60_000,
  };
  for (const [name, value] of Object.entries(policy))
    if (!(Number.isInteger(value) && value >= 0))
      throw new RangeError(`retry.${name} must be a whole number of 0 or more, not ${String(value)}`);
  return policy.retries === 0 ? undefined : policy;
}

export interface RetryContext {
  readonly method: string;
  /** The request carries an idempotency key: a repeat gets the first response, so any method may be retried. */
  readonly keyed?: boolean | undefined;
  readonly policy: RetryPolicy | undefined;
  /** Aborts the wait between attempts (the call's deadline composed with the caller's signal). */
  readonly signal: AbortSignal | undefined;
  /** Milliseconds left before the call's deadline (Infinity without one). */
  remainingMs(): number;
  /** A number in [0, 1); Math.random unless a test pins it. */
  readonly random?: (() => number) | undefined;
  /** Milliseconds since the epoch, for a Retry-After given as a date. */
  readonly now?: (() => number) | undefined;
}

/** Sends by `attempt`, again after a passing failure while the policy and the deadline allow it. */
export async function withRetries(
  context: RetryContext,
  attempt: () => Promise<IncomingResponse>,
): Promise<IncomingResponse> {
  const { policy } = context;
  const retryable =
    policy !== undefined && (context.keyed === true || IDEMPOTENT_METHODS.includes(context.method as HttpMethod));
  for (let retry = 0; ; retry += 1) {
    let response: IncomingResponse;
    try {
      response = await attempt();
    } catch (error) {
      const passing = error instanceof NetworkError && !(error instanceof TimeoutError);
      const wait = retryable && passing && retry < policy.retries ? backoff(policy, retry, context) : undefined;
      if (wait === undefined || !(await pause(wait, context))) throw abortReason(context) ?? error;
      continue;
    }
    if (!retryable || retry >= policy.retries || !RETRYABLE_STATUSES.has(response.status)) return response;
    const wait = retryAfter(response.header('retry-after'), policy, context) ?? backoff(policy, retry, context);
    if (await pause(wait, context)) continue;
    const reason = abortReason(context);
    if (reason) throw reason;
    return response;
  }
}

/**
 * The call's options with the route's idempotency key header filled: the caller's own value, else a new
 * UUID, one per call, so that every retry of the call names the same attempt.
 */
export function withIdempotencyKey<Options extends { readonly headers?: Readonly<Record<string, string>> | undefined }>(
  header: string,
  options: Options,
): Options {
  const given = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === header)?.[1];
  if (given !== undefined) return options;
  return { ...options, headers: { ...options.headers, [header]: crypto.randomUUID() } };
}

/** The caller's or the deadline's reason, once the wait was cut by it. */
function abortReason(context: RetryContext): Error | undefined {
  return context.signal?.aborted ? (context.signal.reason as Error) : undefined;
}

/** Full jitter: a random wait below the exponential bound (AWS's "Exponential Backoff And Jitter"). */
function backoff(policy: RetryPolicy, retry: number, context: RetryContext): number {
  const bound = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor((context.random ?? Math.random)() * bound);
}

/**
 * The server's own wait in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3). A wait past
 * the cap is Infinity (not retried); a value that is neither form falls back to the backoff.
 */
export function retryAfter(
  value: string | undefined,
  policy: Pick<RetryPolicy, 'maxRetryAfterMs'>,
  context: Pick<RetryContext, 'now'>,
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  let wait: number;
  if (/^\d+$/.test(text)) wait = Number(text) * 1000;
  else {
    // An HTTP date names its day and month; Date.parse alone would read "-1" as a year.
    const date = /[a-z]/i.test(text) ? Date.parse(text) : NaN;
    if (Number.isNaN(date)) return undefined;
    wait = Math.max(0, date - (context.now ?? Date.now)());
  }
  return wait > policy.maxRetryAfterMs ? Infinity : wait;
}

/** Waits `ms`, unless that would outlive the deadline or the signal aborts; true when it waited. */
function pause(ms: number, context: RetryContext): Promise<boolean> {
  if (!(ms < context.remainingMs())) return Promise.resolve(false);
  const { signal } = context;
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (waited: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(waited);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
