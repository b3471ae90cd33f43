// Event streams (events: in a response) as text/event-stream responses. The handler returns the events (an async
// iterable) or a function that writes them through a typed writer; each event is judged by the route's schema
// before a byte of it is written, and its data goes out with its declared members only (event-data.ts);
// keep-alive comments keep idle proxies from closing the stream, and writing stops as soon as the client goes away.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResponseBreach } from '../core/response-check.js';
import { EventData, type StreamEvent } from './event-data.js';
import type { ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import type { StreamedJudging, StreamedMedia } from '../core/streamed-media.js';

/** The default seconds between keep-alive comments while no event is written. */
export const KEEP_ALIVE_SECONDS = 15;

/** What a handler writes events through. `Event`: the route's event union, `{ event, data, id? }`. */
export interface EventWriter<Event> {
  /** Writes one event; resolves once the client can take more (does nothing once the client is gone). */
  send(event: Event): Promise<void>;
  /** Tells the client how many milliseconds to wait before it reconnects after a dropped connection. */
  retry(milliseconds: number): void;
  /** Seconds between keep-alive comments while nothing else is written (default 15; 0: none). */
  keepAlive(seconds: number): void;
  /** The id of the last event the client saw (Last-Event-ID), when it resumes a stream. */
  readonly lastEventId: string | undefined;
  /** Aborted when the client goes away: stop producing events. */
  readonly signal: AbortSignal;
}

/** What a handler returns for an event stream: the events, or a function that writes them. */
export type EventStreamResponse<Event> = AsyncIterable<Event> | ((writer: EventWriter<Event>) => Promise<void> | void);

/** One event on the wire (the data is JSON, so on one line). */
function eventText(event: StreamEvent, data: string): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.event}\ndata: ${data}\n\n`;
}

/** Each route's event data readers, made once per event schema (a stream may send many events). */
const dataBySchema = new WeakMap<z.ZodType, EventData>();

function eventDataOf(schema: z.ZodType): EventData {
  let data = dataBySchema.get(schema);
  if (!data) {
    data = new EventData(schema);
    dataBySchema.set(schema, data);
  }
  return data;
}

export const eventStreamMedia: StreamedMedia = {
  response: {
    sends: (response) => response.events !== undefined,
    async send(request, reply, route, response, result, judging) {
      if (typeof result !== 'function' && !isAsyncIterable(result))
        throw new ResponseBreach(route.name, response.status, [
          'an event stream response is an async iterable of events or a function that writes them',
        ]);
      const stream = new EventStreamWriter(request, reply, route, response, judging);
      void stream.run(result as EventStreamResponse<StreamEvent>);
      // Resolves when the stream ends (the reply is thenable on its finish).
      await reply.code(response.status).type('text/event-stream; charset=utf-8').send(stream.body);
    },
  },
};

class EventStreamWriter implements EventWriter<StreamEvent> {
  readonly body = new PassThrough();
  readonly lastEventId: string | undefined;
  private readonly gone = new AbortController();
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private keepAliveSeconds = KEEP_ALIVE_SECONDS;
  private readonly request: FastifyRequest;
  private readonly reply: FastifyReply;
  private readonly route: RouteMeta;
  private readonly response: ResponseMeta;
  private readonly data: EventData | undefined;
  private readonly development: boolean;

  constructor(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteMeta,
    response: ResponseMeta,
    judging: StreamedJudging | undefined,
  ) {
    this.request = request;
    this.reply = reply;
    this.route = route;
    this.response = response;
    this.data = judging?.schema && eventDataOf(judging.schema);
    this.development = judging?.development === true;
    const last = request.headers['last-event-id'];
    this.lastEventId = typeof last === 'string' ? last : undefined;
    reply.header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
    const close = () => this.close();
    // The client going away closes the response (and destroys the request); either ends the stream.
    reply.raw.once('close', close);
    request.raw.once('close', () => {
      // The request's close comes when its body is read too: only a destroyed socket means the client left.
      if (request.raw.socket.destroyed) close();
    });
    this.body.once('close', close);
    // A first comment sends the headers now, so the client sees the stream open before the first event.
    this.body.write(': open\n\n');
    this.scheduleKeepAlive();
  }

  get signal(): AbortSignal {
    return this.gone.signal;
  }

  async run(events: EventStreamResponse<StreamEvent>): Promise<void> {
    try {
      if (typeof events === 'function') await events(this);
      else
        for await (const event of events) {
          if (this.signal.aborted) break;
          await this.send(event);
        }
    } catch (error) {
      // The headers are out: a failing handler or a breaching event ends the stream, and is logged.
      this.request.log.error({ err: error }, `${this.route.name}: the event stream ended by an error`);
    } finally {
      this.close();
    }
  }

  async send(event: StreamEvent): Promise<void> {
    if (this.signal.aborted) return;
    const text = eventText(event, this.dataText(event));
    this.scheduleKeepAlive();
    if (!this.body.write(text))
      await new Promise<void>((resolve) => {
        const done = () => {
          this.body.off('drain', done);
          this.signal.removeEventListener('abort', done);
          resolve();
        };
        this.body.once('drain', done);
        this.signal.addEventListener('abort', done);
      });
  }

  retry(milliseconds: number): void {
    if (!Number.isInteger(milliseconds) || milliseconds < 0)
      throw new RangeError(`retry takes whole milliseconds, not ${milliseconds}`);
    if (!this.signal.aborted) this.body.write(`retry: ${milliseconds}\n\n`);
  }

  keepAlive(seconds: number): void {
    this.keepAliveSeconds = seconds;
    this.scheduleKeepAlive();
  }

  /**
   * The event's data as JSON. An event that breaks its definition is never written: the stream ends there
   * (ResponseBreach, logged); members its definition does not declare are left out, as a body's are.
   */
  private dataText(event: StreamEvent): string {
    const breach = (violations: readonly string[]) =>
      new ResponseBreach(this.route.name, this.response.status, violations);
    if (event.id !== undefined && /[\r\n\0]/.test(event.id)) throw breach(['an event id holds no line break or NUL']);
    if (!this.data) return JSON.stringify(event.data);
    return this.data.text({ reply: this.reply, breach, development: this.development }, event);
  }

  private scheduleKeepAlive(): void {
    clearTimeout(this.keepAliveTimer);
    if (this.signal.aborted || this.keepAliveSeconds <= 0) return;
    this.keepAliveTimer = setTimeout(() => {
      this.body.write(': keep-alive\n\n');
      this.scheduleKeepAlive();
    }, this.keepAliveSeconds * 1000);
    this.keepAliveTimer.unref();
  }

  private close(): void {
    clearTimeout(this.keepAliveTimer);
    if (this.signal.aborted) return;
    this.gone.abort();
    // A client that left gets nothing more: the stream is destroyed, so its connection is let go at once.
    if (this.request.raw.socket.destroyed) this.body.destroy();
    else this.body.end();
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
