// Sends requests for generated clients. fetch by default (or an injected one); a GET that carries
// a body goes through the client's GetBodyTransport (client-get-body.ts), because fetch cannot send
// one. A body is never dropped.
// Redirects are never followed here (client-redirects.ts decides), every call has a deadline, and
// a response is read only up to the client's maxResponseBytes (response-limit.ts).
import { readLimited } from './response-limit.js';
import { NetworkError, ResponseTooLargeError, TimeoutError } from './client-errors.js';

/** Milliseconds a call may take when neither the client nor the call says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface OutgoingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface IncomingResponse {
  readonly status: number;
  header(name: string): string | undefined;
  readonly text: string;
  /** True when the fetch followed a redirect itself (it was asked not to); such responses are refused. */
  readonly redirected: boolean;
}

export type FetchLike = (
  input: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    redirect: 'manual';
  },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  /** The body as a stream: read up to the limit (where absent, text() is read and then judged). */
  readonly body?: ReadableStream<Uint8Array> | null;
  readonly redirected?: boolean;
}>;

/**
 * Sends a GET that carries a body. Given only by clients of APIs with such routes (client-get-body.ts), so
 * that other clients hold no code for it and need no HTTP library beside fetch.
 */
export interface GetBodyTransport {
  /** Whether this runtime can send one at all; where it cannot, the core sends the route's query form. */
  canSend(): boolean;
  send(request: OutgoingRequest, options: ReadOptions): Promise<IncomingResponse>;
}

/** How a response is awaited and read. */
export interface ReadOptions {
  /** Usually from callDeadline. */
  readonly signal: AbortSignal | undefined;
  /** The longest body read (the client's maxResponseBytes); a longer one is a ResponseTooLargeError. */
  readonly maxBytes: number;
}

export interface SendOptions extends ReadOptions {
  readonly fetch: FetchLike | undefined;
  readonly getBody?: GetBodyTransport | undefined;
}

/** One request, one response: a redirect comes back as it is. */
export async function send(request: OutgoingRequest, options: SendOptions): Promise<IncomingResponse> {
  const { signal, getBody } = options;
  const getWithBody = request.method === 'GET' && request.body !== undefined;
  if (getWithBody && !getBody) throw new Error(`GET ${request.url}: this client has no way to send a GET body`);
  try {
    if (getWithBody && getBody) return await getBody.send(request, options);
    const pending = (options.fetch ?? (globalThis.fetch as unknown as FetchLike))(request.url, {
      method: request.method,
      headers: { ...request.headers },
      redirect: 'manual',
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(signal ? { signal } : {}),
    });
    // Settle on abort even when an injected fetch ignores its signal.
    const response = await untilAborted(pending, signal);
    const length = response.headers.get('content-length');
    const text = await untilAborted(
      readLimited(
        { status: response.status, length, body: response.body, text: () => response.text() },
        options.maxBytes,
      ),
      signal,
    );
    return {
      status: response.status,
      header: (name) => response.headers.get(name) ?? undefined,
      text,
      redirected: response.redirected === true,
    };
  } catch (error) {
    if (error instanceof ResponseTooLargeError) throw error;
    if (signal?.aborted && signal.reason instanceof TimeoutError) throw signal.reason;
    if ((error as { name?: string }).name === 'AbortError' || signal?.aborted) throw error;
    throw new NetworkError(`${request.method} ${request.url} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Resolves or rejects like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined); // its own rejection (AbortError) is the one already reported
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

export interface CallDeadline {
  /** Aborts with the caller's reason when the caller's signal does, or with TimeoutError when time is up. */
  readonly signal: AbortSignal | undefined;
  /** Milliseconds left before the timeout (Infinity without one). */
  remainingMs(): number;
  /** Stops the timer; call it when the call is over. */
  done(): void;
}

/**
 * One deadline for a whole call (redirects, a 401 retry and waiting for a token included), composed
 * with the caller's own signal so that aborting still works. `Infinity` means no timeout.
 */
export function callDeadline(outer: AbortSignal | undefined, timeoutMs: number): CallDeadline {
  if (timeoutMs === Infinity) return { signal: outer, remainingMs: () => Infinity, done: () => undefined };
  if (!(timeoutMs > 0 && timeoutMs < 2 ** 31))
    throw new RangeError(
      `timeoutMs must be Infinity or a positive number of milliseconds below 2^31, not ${timeoutMs}`,
    );
  const controller = new AbortController();
  const expires = Date.now() + timeoutMs;
  const timer = setTimeout(() => controller.abort(new TimeoutError(timeoutMs)), timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', forward, { once: true });
  if (outer?.aborted) controller.abort(outer.reason);
  return {
    signal: controller.signal,
    remainingMs: () => expires - Date.now(),
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}
