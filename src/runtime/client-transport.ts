// Sends requests for generated clients. fetch by default (or an injected one); a GET that carries
// a body goes through undici in Node, because fetch cannot send one. A body is never dropped.
import { NetworkError, TimeoutError } from './client-errors.js';

export interface OutgoingRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number | undefined;
}

export interface IncomingResponse {
  readonly status: number;
  header(name: string): string | undefined;
  readonly text: string;
}

export type FetchLike = (
  input: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

/** Whether this runtime can send a GET with a body (Node, through undici). */
export function canSendGetBody(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

export async function send(request: OutgoingRequest, fetchImpl: FetchLike | undefined): Promise<IncomingResponse> {
  const { signal, cleanup, timedOut } = withTimeout(request.signal, request.timeoutMs);
  try {
    const getWithBody = request.method === 'GET' && request.body !== undefined;
    if (getWithBody) return await sendWithUndici(request, signal);
    const pending = (fetchImpl ?? (globalThis.fetch as unknown as FetchLike))(request.url, {
      method: request.method,
      headers: { ...request.headers },
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(signal ? { signal } : {}),
    });
    // Settle on abort even when an injected fetch ignores its signal.
    const response = await untilAborted(pending, signal);
    const text = await untilAborted(response.text(), signal);
    return { status: response.status, header: (name) => response.headers.get(name) ?? undefined, text };
  } catch (error) {
    if (timedOut()) throw new TimeoutError(request.timeoutMs ?? 0);
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw new NetworkError(`${request.method} ${request.url} failed: ${(error as Error).message}`, { cause: error });
  } finally {
    cleanup();
  }
}

async function sendWithUndici(request: OutgoingRequest, signal: AbortSignal | undefined): Promise<IncomingResponse> {
  const { request: undiciRequest } = await import('undici');
  const response = await undiciRequest(request.url, {
    method: 'GET',
    headers: { ...request.headers },
    body: request.body ?? null,
    ...(signal ? { signal } : {}),
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    text,
  };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
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

function withTimeout(outer: AbortSignal | undefined, timeoutMs: number | undefined) {
  if (timeoutMs === undefined) return { signal: outer, cleanup: () => undefined, timedOut: () => false };
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new TimeoutError(timeoutMs));
  }, timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', forward, { once: true });
  if (outer?.aborted) controller.abort(outer.reason);
  return {
    signal: controller.signal,
    cleanup: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
    timedOut: () => expired,
  };
}
