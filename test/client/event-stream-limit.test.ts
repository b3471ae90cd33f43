// A client reading an event stream (src/runtime/client/client-event-stream.ts, wireEvents) holds no event and no
// unfinished line longer than its maxResponseBytes: a server that never ends a line, or sends data lines without the
// blank line that ends an event, gets a ResponseTooLargeError, where the client held everything it sent.
import { describe, expect, it } from 'vitest';
import { wireEvents } from '../../src/runtime/client/client-event-stream.js';
import { ResponseTooLargeError } from '../../src/runtime/client/client-errors.js';

/** A text/event-stream response of these pieces, each its own chunk. */
function streamOf(pieces: readonly string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

async function read(pieces: readonly string[], limit: number): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of wireEvents(streamOf(pieces), () => undefined, limit)) events.push(event);
  return events;
}

describe('event stream limits', () => {
  it('reads events of any number under the limit, and lines split across pieces', async () => {
    const tick = 'event: tick\ndata: {"n":1}\n\n';
    expect(await read([tick.repeat(50), 'event: ti', 'ck\nda', 'ta: {"n":2}\r', '\n\r\n'], 64)).toEqual([
      ...Array.from({ length: 50 }, () => ({ event: 'tick', data: '{"n":1}', id: undefined })),
      { event: 'tick', data: '{"n":2}', id: undefined },
    ]);
  });

  it('refuses a line that never ends once it passes the limit', async () => {
    const endless = ['data: ', ...Array.from({ length: 20 }, () => 'x'.repeat(10))];
    await expect(read(endless, 100)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('refuses an event whose data lines pass the limit before the blank line that ends it', async () => {
    const lines = Array.from({ length: 20 }, () => `data: ${'y'.repeat(10)}\n`);
    await expect(read(lines, 100)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });
});
