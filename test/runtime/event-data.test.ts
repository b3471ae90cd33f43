// The data of each event as the server writes it (src/runtime/server/event-data.ts): its declared members only, on the
// reader's one-pass way and on the zod + compiled serializer way alike; a declared member that breaks its definition,
// an unknown event or a bad id is a breach; with development on, an undeclared member is a breach too.
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ResponseBreach } from '../../src/runtime/core/response-check.js';
import { EventData, type StreamEvent } from '../../src/runtime/server/event-data.js';

const tick = z.strictObject({ symbol: z.string(), price: z.number() });
// A refinement has no JSON Schema keyword, so the reader refuses the schema: its events take the zod + serializer way.
const size = z
  .int()
  .min(1)
  .refine((value) => value !== 13, 'unlucky');
const order = z.discriminatedUnion('side', [
  z.strictObject({ side: z.literal('buy'), size }),
  z.strictObject({ side: z.literal('sell'), size, limit: z.number() }),
]);
// A tree whose children are a union no tag tells apart: the reader refuses it, and it holds itself, so its events are
// copied by the zod schema (declared-copy.ts), never compiled into a serializer.
interface Folder {
  name: string;
  children: (Folder | { name: string; size?: number | undefined })[];
}
const folder: z.ZodType<Folder> = z.strictObject({
  name: z.string(),
  get children() {
    return z.array(z.union([folder, z.strictObject({ name: z.string(), size: z.number().optional() })]));
  },
});
const events = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('tick'), data: tick, id: z.string().optional() }),
  z.strictObject({ event: z.literal('order'), data: z.array(order), id: z.string().optional() }),
  z.strictObject({ event: z.literal('tree'), data: folder, id: z.string().optional() }),
]);

/** What each event is written as (its data's JSON), or the breach's violations, through a real Fastify reply. */
async function written(sent: readonly unknown[], development = false): Promise<(string | string[])[]> {
  const app = Fastify();
  const data = new EventData(events);
  app.get('/', (_request, reply) => {
    const breach = (violations: readonly string[]) => new ResponseBreach('watch', 200, violations);
    return sent.map((event) => {
      try {
        return data.text({ reply, breach, development }, event as StreamEvent);
      } catch (error) {
        if (error instanceof ResponseBreach) return error.violations;
        throw error;
      }
    });
  });
  const answer = await app.inject('/');
  await app.close();
  return answer.json();
}

describe('event data', () => {
  it('leaves out undeclared members on the reader way and on the serializer way, and judges as sent', async () => {
    const row = { symbol: 'ACME', price: 1, secret: 'column' };
    const orders = [
      { side: 'buy', size: 2, secret: 'x' },
      { side: 'sell', size: 1, limit: 9.5, owner: { secret: 'y' } },
    ];
    const json = { symbol: 'ACME', price: 'free', toJSON: () => ({ symbol: 'ACME', price: 2, secret: 'z' }) };
    expect(
      await written([
        { event: 'tick', data: row },
        { event: 'order', data: orders },
        { event: 'tick', data: json },
      ]),
    ).toEqual([
      '{"symbol":"ACME","price":1}',
      '[{"side":"buy","size":2},{"side":"sell","size":1,"limit":9.5}]',
      '{"symbol":"ACME","price":2}',
    ]);
  });

  it('is a breach where a declared member breaks its definition, the event is unknown or the id is no text', async () => {
    expect(
      await written([
        { event: 'tick', data: { symbol: 'ACME', price: 'free', secret: 1 } },
        { event: 'order', data: [{ side: 'sell', size: 0, limit: 1 }] },
        { event: 'trade', data: {} },
        { event: 'tick', id: 7, data: { symbol: 'ACME', price: 1 } },
      ]),
    ).toEqual([
      ['/data/price: Invalid input: expected number, received string'],
      ['/data/0/size: Too small: expected number to be >=1'],
      ["/event: Invalid discriminator value. Expected 'tick' | 'order' | 'tree'"],
      ['/id: Invalid input: expected string, received number'],
    ]);
  });

  it('copies the data of a schema that holds itself: declared members only, a circular value a breach', async () => {
    const tree = {
      name: 'root',
      secret: 1,
      children: [
        { name: 'a', size: 2, secret: 2 },
        { name: 'b', children: [] },
      ],
    };
    const loop: Record<string, unknown> = { name: 'loop', children: [] };
    (loop['children'] as unknown[]).push(loop);
    expect(
      await written([
        { event: 'tree', data: tree },
        { event: 'tree', data: loop },
        { event: 'tree', data: { name: 'x', children: [{ size: 1 }] } },
      ]),
    ).toEqual([
      '{"name":"root","children":[{"name":"a","size":2},{"name":"b","children":[]}]}',
      ['/data/children/0: the result is circular (it holds itself)'],
      [expect.stringMatching(/^\/data\/children\/0: no variant of the union takes the value/)],
    ]);
  });

  it('with development on, names each undeclared member as a breach', async () => {
    const orders = [{ side: 'buy', size: 2, secret: 'x' }];
    expect(
      await written(
        [
          { event: 'tick', data: { symbol: 'ACME', price: 1, secret: 1 } },
          { event: 'order', data: orders },
        ],
        true,
      ),
    ).toEqual([['/data/secret: not declared by the definitions'], ['/data/0/secret: not declared by the definitions']]);
  });
});
