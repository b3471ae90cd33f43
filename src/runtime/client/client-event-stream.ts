// The client side of event streams: a call opens the stream (an error status rejects it, as any call's), then
// its events come as an async iterator, each checked against the route's schema. A connection that drops
// mid-stream is opened again with Last-Event-ID, after the server's `retry` (bounded tries in a row); the
// server ending the stream ends the iteration, and the call's signal aborts it.
import { declaredResponse } from '../core/response-status.js';
import type { CallInput, CallOptions, ClientCore } from './client.js';
import {
  NetworkError,
  ResponseTooLargeError,
  ResponseValidationError,
  UnreadableResponseError,
} from './client-errors.js';
import type { RouteMeta } from '../core/interface-meta.js';
import { readTolerantly } from '../core/tolerant-read.js';

/** Milliseconds before a reconnect, until the server says otherwise with `retry:`. */
export const DEFAULT_RECONNECT_MS = 1000;
/** Reconnects tried in a row without an event between them before the stream gives up. */
export const DEFAULT_RECONNECTS = 5;

export interface EventStreamOptions extends CallOptions {
  /** Reconnects tried in a row after dropped connections (default 5; 0: none). */
  readonly reconnects?: number | undefined;
}

/** A route's events as they come: iterate it once; `break` closes the connection. */
export interface EventStream<Event> extends AsyncIterable<Event> {
  /** The id of the last event read (sent as Last-Event-ID on a reconnect). */
  readonly lastEventId: string | undefined;
}

/** One event as parsed off the wire, before its data is read as JSON. */
export interface WireEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string | undefined;
}

/** Opens a route's event stream; resolves once the server responds, rejects on an error status. */
export async function eventStreamCall<Event>(
  core: ClientCore,
  route: RouteMeta,
  input: CallInput,
  options: EventStreamOptions = {},
): Promise<EventStream<Event>> {
  const open = async (lastEventId: string | undefined) => {
    const response = await core.exchange(
      route.name,
      input,
      lastEventId === undefined
        ? options
        : { ...options, headers: { ...options.headers, 'last-event-id': lastEventId } },
      { accept: 'text/event-stream' },
    );
    return expectEventStream(core, route, response);
  };
  return new ClientEventStream<Event>(core, route, options, open, await open(undefined));
}

/** A success response that is not an event stream (a server of another version sending JSON) is refused unread. */
async function expectEventStream(core: ClientCore, route: RouteMeta, response: Response): Promise<Response> {
  const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'text/event-stream') return response;
  await response.body?.cancel();
  throw new UnreadableResponseError({
    interfaceName: core.interfaceName,
    status: response.status,
    problem: `${route.name} responds with an event stream (text/event-stream), not ${mediaType ?? 'a body without a media type'}`,
    text: '',
    secrets: [],
  });
}

class ClientEventStream<Event> implements EventStream<Event> {
  lastEventId: string | undefined;
  private reconnectMs = DEFAULT_RECONNECT_MS;
  private readonly core: ClientCore;
  private readonly route: RouteMeta;
  private readonly options: EventStreamOptions;
  private readonly open: (lastEventId: string | undefined) => Promise<Response>;
  private first: Response | undefined;

  constructor(
    core: ClientCore,
    route: RouteMeta,
    options: EventStreamOptions,
    open: (lastEventId: string | undefined) => Promise<Response>,
    first: Response,
  ) {
    this.core = core;
    this.route = route;
    this.options = options;
    this.open = open;
    this.first = first;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Event> {
    const signal = this.options.signal;
    let failures = 0;
    for (;;) {
      const response = this.first ?? (await this.open(this.lastEventId));
      this.first = undefined;
      try {
        const retry = (ms: number) => (this.reconnectMs = ms);
        for await (const wire of wireEvents(response, retry, this.core.maxResponseBytes)) {
          failures = 0;
          if (wire.id !== undefined) this.lastEventId = wire.id;
          const event = this.read(response.status, wire);
          if (event !== undefined) yield event;
        }
        return;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (!isDropped(error)) throw error;
        failures += 1;
        if (failures > (this.options.reconnects ?? DEFAULT_RECONNECTS))
          throw new NetworkError(`${this.route.name}: the event stream dropped ${failures} times in a row`, {
            cause: error,
          });
        await delay(this.reconnectMs, signal);
      }
    }
  }

  /** The event checked against the route's schema; an undeclared event (a newer server's) is skipped. */
  private read(status: number, wire: WireEvent): Event | undefined {
    const declared = declaredResponse(this.route.responses, status)?.events ?? [];
    if (!declared.includes(wire.event)) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(wire.data);
    } catch {
      throw new ResponseValidationError(this.route.name, [`event ${wire.event}: the data is not JSON`]);
    }
    const event = { event: wire.event, data, ...(wire.id !== undefined && { id: wire.id }) };
    const schema = this.core.responseSchema(this.route.name, status);
    const reading = schema ? readTolerantly(schema, event) : { ok: true as const };
    if (!reading.ok) throw new ResponseValidationError(this.route.name, reading.issues);
    return event as Event;
  }
}

/**
 * The events of a text/event-stream body (the WHATWG parsing rules: fields, comments, `retry`, blank lines). One
 * event, or one line still arriving, longer than `limit` characters (the client's maxResponseBytes) is a
 * ResponseTooLargeError: a server that never ends a line cannot make the client hold it all.
 */
export async function* wireEvents(
  response: Response,
  retry: (ms: number) => void,
  limit = Infinity,
): AsyncGenerator<WireEvent> {
  if (!response.body) return;
  let data: string[] = [];
  let dataLength = 0;
  let name = '';
  let id: string | undefined;
  let rest = '';
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const piece = done ? decoder.decode() : decoder.decode(value, { stream: true });
      const waiting = rest.endsWith('\r');
      rest += piece;
      // Without a line end in it, a piece only lengthens the line still arriving: it is not split again.
      if (!done && !waiting && !/[\r\n]/.test(piece)) {
        if (rest.length + dataLength > limit) throw new ResponseTooLargeError(response.status, limit);
        continue;
      }
      // A \r at the end may yet be followed by its \n: it waits for the next piece.
      const heldCr = !done && rest.endsWith('\r');
      const lines = (heldCr ? rest.slice(0, -1) : rest).split(/\r\n|\r|\n/);
      // The last piece is a line still arriving.
      rest = done ? '' : (lines.pop() ?? '') + (heldCr ? '\r' : '');
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield { event: name || 'message', data: data.join('\n'), id };
          data = [];
          dataLength = 0;
          name = '';
          id = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') {
          data.push(text);
          dataLength += text.length + 1;
          if (dataLength > limit) throw new ResponseTooLargeError(response.status, limit);
        } else if (field === 'event') name = text;
        else if (field === 'id' && !text.includes('\0')) id = text;
        else if (field === 'retry' && /^\d+$/.test(text)) retry(Number(text));
      }
      if (rest.length + dataLength > limit) throw new ResponseTooLargeError(response.status, limit);
      if (done) return;
    }
  } finally {
    // A `break` or an error: the connection is closed, not left to drain.
    await reader.cancel().catch(() => undefined);
  }
}

/** A connection that went away mid-stream (as opposed to an abort or a bad event). */
function isDropped(error: unknown): boolean {
  return (
    error instanceof TypeError || error instanceof NetworkError || (error as { name?: string }).name === 'SocketError'
  );
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
    };
    const aborted = () => {
      done();
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
