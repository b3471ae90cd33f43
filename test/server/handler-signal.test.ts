// A handler's context.signal: it aborts when the client closes its connection before the response is sent, so
// that the handler's work stops with the request; after a normal response it never aborts.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveLibrary, type ServedApp } from '../helpers/served-fixture.js';

type Loose = Record<string, any>;

let served: ServedApp;
/** The signal of each handler call, as the handler saw it, and its abort once it comes. */
const seen: { route: string; signal: AbortSignal; aborted: Promise<void> }[] = [];
let handlerStarted: () => void = () => undefined;

function watch(route: string, context: Loose): Promise<void> {
  const signal = context['signal'] as AbortSignal;
  const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  seen.push({ route, signal, aborted });
  return aborted;
}

beforeAll(async () => {
  served = await serveLibrary({
    // Waits for the client to go away: its work stops only by the signal.
    listBooks: async (_input: Loose, context: Loose) => {
      const aborted = watch('listBooks', context);
      handlerStarted();
      await aborted;
      return { items: [], total: 0 };
    },
    getBook: async (_input: Loose, context: Loose) => {
      void watch('getBook', context);
      return { id: 1, title: 'Dune', genre: 'fiction' };
    },
  });
}, 120_000);

afterAll(async () => served?.close());

describe("a handler's context.signal", () => {
  it('aborts when the client disconnects while the handler is at work', async () => {
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    const client = httpRequest(`${served.origin}/library/books`);
    client.on('error', () => undefined);
    client.end();
    await started;
    const call = seen.find((one) => one.route === 'listBooks');
    expect(call?.signal.aborted).toBe(false);
    client.destroy();
    await call?.aborted;
    expect(call?.signal.aborted).toBe(true);
  });

  it('never aborts after a normal response, the connection kept alive and then closed', async () => {
    const response = await fetch(`${served.origin}/library/books/1`);
    expect(response.status).toBe(200);
    await response.text();
    const call = seen.find((one) => one.route === 'getBook');
    expect(call).toBeDefined();
    // Closing every connection after the response must not abort it either.
    served.app.server.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(call?.signal.aborted).toBe(false);
  });
});
