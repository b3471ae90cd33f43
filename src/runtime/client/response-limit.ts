// Reads a response's body for a generated client no further than the client's maxResponseBytes, so
// that a service (or anything pretending to be one) cannot make a client buffer hundreds of
// megabytes: a declared Content-Length above the limit is refused unread, and a body that grows past
// it is dropped where it crosses. Either is a ResponseTooLargeError.
import { ResponseTooLargeError } from './client-errors.js';

/** The longest response a client reads unless told otherwise (32 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** A response's body as fetch (a ReadableStream) or undici (an async iterable of chunks) gives it. */
export interface LimitedResponse {
  readonly status: number;
  /** The Content-Length header, if any. */
  readonly length: string | null | undefined;
  readonly body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null | undefined;
  /** The whole body as text: used only without a limit or where the body is not a stream. */
  text(): Promise<string>;
}

/** Checks a maxResponseBytes option: Infinity or a positive whole number of bytes. */
export function checkedMaxBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  if (value === Infinity || (Number.isSafeInteger(value) && value > 0)) return value;
  throw new RangeError(`maxResponseBytes must be Infinity or a positive whole number of bytes, not ${value}`);
}

/** The body as UTF-8 text (as fetch's text() decodes it), or a ResponseTooLargeError past `maxBytes`. */
export async function readLimited(response: LimitedResponse, maxBytes: number): Promise<string> {
  const tooLarge = () => new ResponseTooLargeError(response.status, maxBytes);
  if (maxBytes === Infinity) return response.text();
  if (response.length != null && Number(response.length) > maxBytes) {
    await cancel(response.body);
    throw tooLarge();
  }
  if (response.body == null) {
    // A fetch without streams (an injected one): the text is already in memory, but is refused all the same.
    const text = await response.text();
    if (new TextEncoder().encode(text).byteLength > maxBytes) throw tooLarge();
    return text;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunksOf(response.body)) {
    total += chunk.byteLength;
    // Leaving the loop cancels the stream (or destroys undici's body), which drops the connection.
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  const whole = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

/** A ReadableStream's chunks through its reader (not every browser's stream is async-iterable). */
async function* chunksOf(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array, void, undefined> {
  if (!('getReader' in body)) return yield* body;
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

async function cancel(body: LimitedResponse['body']): Promise<void> {
  if (body == null) return;
  if ('cancel' in body) await body.cancel().catch(() => undefined);
  else await (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]().return?.();
}
