// Issue 33 item 5: server-sent events on a live generated server (test/fixtures/events, ticker-api): the
// generated client reads typed, validated events, resumes with Last-Event-ID after the server drops the
// connection mid-stream, and stops on its signal (the handler sees the client go away); curl -N reads the
// raw wire format, keep-alive comments and `retry` included; the client's types narrow by event name.
import { execFile } from 'node:child_process';
import type { Socket } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;
const run = promisify(execFile);

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;
let client: Loose;
/** The socket of the request being served, so a handler can drop it. */
let socket: Socket | undefined;
/** Set by a test: drop the connection once this tick is written (the first time only). */
let dropAfter: number | undefined;
const seenLastEventIds: (string | undefined)[] = [];
let endlessEnded: Promise<string> = Promise.resolve('not started');

beforeAll(async () => {
  fixture = await generateFixture('events');
  const server = await fixture.load('ticker-api/server.ts');
  const Client = (await fixture.load('ticker-api/client.ts'))['TickerApiClient'] as new (options: object) => Loose;
  // fetch opens a spare connection that never sends a request; Fastify's close would wait for it.
  const handlers = {
    async watchPrices({ params, query }: Loose) {
      return async (writer: Loose) => {
        seenLastEventIds.push(writer.lastEventId);
        writer.retry(20);
        if (query.count === undefined) {
          endlessEnded = new Promise((resolve) => writer.signal.addEventListener('abort', () => resolve('aborted')));
          for (let n = 1; !writer.signal.aborted; n++) {
            await writer.send({ event: 'tick', id: String(n), data: { symbol: params.symbol, price: n } });
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          return;
        }
        writer.keepAlive(0.02);
        const first = writer.lastEventId === undefined ? 1 : Number(writer.lastEventId) + 1;
        for (let n = first; n <= query.count; n++) {
          await writer.send({ event: 'tick', id: String(n), data: { symbol: params.symbol, price: n / 4 } });
          if (n === dropAfter) {
            dropAfter = undefined;
            // Let the event reach the client, then cut the connection without ending the stream.
            await new Promise((resolve) => setTimeout(resolve, 20));
            socket?.destroy();
            return;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (params.symbol === 'BAD') await writer.send({ event: 'tick', data: { symbol: 'BAD', price: 'free' } });
        await writer.send({ event: 'closed', data: { reason: 'market closed' } });
      };
    },
  };
  served = await serveFixture(
    fixture,
    async (app) => {
      app.addHook('onRequest', async (request) => {
        socket = request.raw.socket;
      });
      await app.register(server['tickerApiPlugin']({ handlers, auth: {} }));
    },
    { forceCloseConnections: true },
  );
  base = served.origin;
  client = new Client({ baseUrl: base });
});

afterAll(async () => served?.close());

async function collect(stream: AsyncIterable<Loose>): Promise<Loose[]> {
  const events: Loose[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('the generated client', () => {
  it('reads the typed events in order until the server ends the stream', async () => {
    const stream = await client['watchPrices']({ params: { symbol: 'ACME' }, query: { count: 3 } });
    expect(await collect(stream)).toEqual([
      { event: 'tick', id: '1', data: { symbol: 'ACME', price: 0.25 } },
      { event: 'tick', id: '2', data: { symbol: 'ACME', price: 0.5 } },
      { event: 'tick', id: '3', data: { symbol: 'ACME', price: 0.75 } },
      { event: 'closed', data: { reason: 'market closed' } },
    ]);
    expect(stream.lastEventId).toBe('3');
  });

  it('resumes after the last event it saw when the server drops the connection mid-stream', async () => {
    seenLastEventIds.length = 0;
    dropAfter = 2;
    const stream = await client['watchPrices']({ params: { symbol: 'ACME' }, query: { count: 4 } });
    const events = await collect(stream);
    expect(events.map((event) => event.id ?? event.event)).toEqual(['1', '2', '3', '4', 'closed']);
    expect(seenLastEventIds).toEqual([undefined, '2']);
  });

  it('stops on its signal, and the handler sees the client go away', async () => {
    const controller = new AbortController();
    const stream = await client['watchPrices']({ params: { symbol: 'ACME' } }, { signal: controller.signal });
    const read: Loose[] = [];
    await expect(
      (async () => {
        for await (const event of stream) {
          read.push(event);
          if (read.length === 2) controller.abort(new Error('enough'));
        }
      })(),
    ).rejects.toThrow('enough');
    expect(read.map((event) => event.id)).toEqual(['1', '2']);
    expect(await endlessEnded).toBe('aborted');
  });

  it('refuses a bad request as any call does, before any event', async () => {
    await expect(client['watchPrices']({ params: { symbol: 'lower' } })).rejects.toMatchObject({ status: 400 });
  });

  it('types each event by its name (strictest tsc)', async () => {
    await writeFile(
      join(fixture.dir, 'use.ts'),
      `import { TickerApiClient } from './out/ticker-api/client.js';
const client = new TickerApiClient({ baseUrl: 'http://127.0.0.1:1' });
export async function prices(): Promise<number[]> {
  const seen: number[] = [];
  for await (const item of await client.watchPrices({ params: { symbol: 'ACME' } })) {
    if (item.event === 'tick') seen.push(item.data.price);
    // @ts-expect-error a closed event has no price
    else seen.push(item.data.price);
  }
  return seen;
}
`,
    );
    expect(await fixture.typecheck(['use.ts', 'out/**/*.ts'])).toEqual({ code: 0, output: '' });
  });
});

describe('curl -N', () => {
  it('reads the raw wire format: retry, ids, named events with JSON data, keep-alive comments', async () => {
    const { stdout } = await run('curl', ['-sS', '-N', '-i', `${base}/ticker/prices/ACME?count=2`]);
    const [head, body] = stdout.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/content-type: text\/event-stream; charset=utf-8/i);
    expect(head).toMatch(/cache-control: no-cache/i);
    expect(body?.startsWith(': open\n\nretry: 20\n\n')).toBe(true);
    expect(body).toContain('id: 1\nevent: tick\ndata: {"symbol":"ACME","price":0.25}\n\n');
    expect(body).toContain('id: 2\nevent: tick\ndata: {"symbol":"ACME","price":0.5}\n\n');
    expect(body).toContain(': keep-alive\n\n');
    expect(body?.endsWith('event: closed\ndata: {"reason":"market closed"}\n\n')).toBe(true);
  });

  it('never writes an event that breaks its definition: the stream ends before it', async () => {
    const { stdout } = await run('curl', ['-sS', '-N', `${base}/ticker/prices/BAD?count=1`]);
    expect(stdout).toContain('event: tick\ndata: {"symbol":"BAD","price":0.25}');
    expect(stdout).not.toContain('free');
    expect(stdout).not.toContain('closed');
  });
});
