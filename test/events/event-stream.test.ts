// Issue 33 item 5: server-sent events on a live generated server (test/fixtures/events, ticker-api): the
// generated client reads typed, validated events, resumes with Last-Event-ID after the server drops the
// connection mid-stream, and stops on its signal (the handler sees the client go away); curl -N reads the
// raw wire format, keep-alive comments and `retry` included; the client's types narrow by event name. Event data is
// held to its definition as a body is: undeclared members (a database row's, nested ones, inherited ones, a toJSON's)
// are left out and the stream goes on; a declared member that breaks its definition ends the stream, logged.
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
/** The server's error log lines (Fastify's logger at level error). */
const logged: string[] = [];
/** How often the getter of the ROW stream's tick was read. */
let getterReads = 0;

/** Event data as a handler might pass it: rows with members the definitions do not declare, at every depth. */
async function sendRows(writer: Loose, symbol: string): Promise<void> {
  if (symbol === 'BOOK') {
    await writer.send({ event: 'book', data: { venue: { name: 'X' }, levels: [{ price: 1, size: 0 }] } });
    await writer.send({ event: 'closed', data: { reason: 'unreachable' } });
    return;
  }
  await writer.send({ event: 'tick', id: '1', data: { symbol, price: 1, secret: 'column' } });
  const levels = [{ price: 2, size: 3, secret: 'level' }];
  await writer.send({ event: 'book', data: { venue: { name: 'X', secret: 'venue' }, levels, secret: 'book' } });
  const json = { symbol, price: 9, toJSON: () => ({ symbol, price: 3, secret: 'toJSON' }) };
  await writer.send({ event: 'tick', data: json });
  await writer.send({
    event: 'book',
    data: { venue: { name: 'X', toJSON: () => ({ name: 'Y', secret: 'nested toJSON' }) }, levels: [] },
  });
  const sly = {
    symbol,
    get price() {
      getterReads += 1;
      return getterReads === 1 ? 4 : 'secret getter';
    },
  };
  await writer.send({ event: 'tick', data: sly });
  await writer.send({
    event: 'tick',
    data: Object.assign(Object.create({ secret: 'inherited' }), { symbol, price: 5 }),
  });
  const circular: Loose = { venue: { name: 'Z' }, levels: [{ price: 6, size: 1 }] };
  circular['venue'].secret = circular;
  await writer.send({ event: 'book', data: circular });
  await writer.send({ event: 'closed', data: { reason: 'rows sent' } });
}

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
        if (params.symbol === 'ROW' || params.symbol === 'BOOK') return sendRows(writer, params.symbol);
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
      await app.register(server['tickerApiPlugin']({ handlers, auth: {}, development: true }), { prefix: '/dev' });
    },
    {
      forceCloseConnections: true,
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    },
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
    expect(body).toContain('id: 1\nevent: tick\ndata: {"price":0.25,"symbol":"ACME"}\n\n');
    expect(body).toContain('id: 2\nevent: tick\ndata: {"price":0.5,"symbol":"ACME"}\n\n');
    expect(body).toContain(': keep-alive\n\n');
    expect(body?.endsWith('event: closed\ndata: {"reason":"market closed"}\n\n')).toBe(true);
  });

  it('never writes an event that breaks its definition: the stream ends before it, and the breach is logged', async () => {
    logged.length = 0;
    const { stdout } = await run('curl', ['-sS', '-N', `${base}/ticker/prices/BAD?count=1`]);
    expect(stdout).toContain('event: tick\ndata: {"price":0.25,"symbol":"BAD"}');
    expect(stdout).not.toContain('free');
    expect(stdout).not.toContain('closed');
    expect(logged.join('')).toMatch(/ResponseBreach.*\/data\/price/);
  });

  it('ends the stream at a breach inside a list of records too', async () => {
    logged.length = 0;
    const { stdout } = await run('curl', ['-sS', '-N', `${base}/ticker/prices/BOOK`]);
    expect(stdout).not.toContain('event: book');
    expect(stdout).not.toContain('unreachable');
    expect(logged.join('')).toMatch(/ResponseBreach.*\/data\/levels\/0\/size/);
  });

  it('leaves out what the definitions do not declare, at any depth, and goes on with the stream', async () => {
    logged.length = 0;
    getterReads = 0;
    const { stdout } = await run('curl', ['-sS', '-N', `${base}/ticker/prices/ROW`]);
    const data = [...stdout.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map(([, event, text]) => [event, text]);
    expect(data).toEqual([
      ['tick', '{"price":1,"symbol":"ROW"}'],
      ['book', '{"levels":[{"price":2,"size":3}],"venue":{"name":"X"}}'],
      ['tick', '{"price":3,"symbol":"ROW"}'],
      ['book', '{"levels":[],"venue":{"name":"Y"}}'],
      ['tick', '{"price":4,"symbol":"ROW"}'],
      ['tick', '{"price":5,"symbol":"ROW"}'],
      ['book', '{"levels":[{"price":6,"size":1}],"venue":{"name":"Z"}}'],
      ['closed', '{"reason":"rows sent"}'],
    ]);
    expect(stdout).not.toContain('secret');
    expect(getterReads).toBe(1);
    expect(logged).toEqual([]);
  });

  it('with development on, ends the stream at an undeclared member instead, naming it', async () => {
    logged.length = 0;
    const { stdout } = await run('curl', ['-sS', '-N', `${base}/dev/ticker/prices/ROW`]);
    expect(stdout).not.toContain('event:');
    expect(logged.join('')).toMatch(/ResponseBreach.*\/data\/secret: not declared by the definitions/);
  });
});
