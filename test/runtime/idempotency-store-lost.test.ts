// A keyed request whose handler has run, and whose response the store cannot keep (the store went away meanwhile),
// is sent the handler's response: a 503 in its place would ask the client to repeat a booking that was made. The key
// stays claimed, so a repeat within runningMs is refused as running rather than run again.
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { idempotencySettings, keyedRoute, MemoryIdempotencyStore } from '../../src/runtime/stores/idempotency.js';
import { StoreUnreachable } from '../../src/runtime/stores/storage-errors.js';

it("sends the handler's response when the store cannot keep it, and keeps the key claimed", async () => {
  const store = new MemoryIdempotencyStore();
  store.complete = async () => {
    throw new StoreUnreachable('Redis', new Error('connection closed'));
  };
  let runs = 0;
  const keyed = keyedRoute(
    idempotencySettings({ store }),
    { interfaceName: 'tickets', route: 'book', header: 'idempotency-key' },
    () => 'caller',
    async (_request, reply) => reply.code(201).send({ booking: ++runs }),
  );
  const app = Fastify();
  // As the generated plugin does: a store that cannot be reached is a 503.
  app.setErrorHandler((error, _request, reply) =>
    reply.code(error instanceof StoreUnreachable ? 503 : 409).send({ error: String(error) }),
  );
  app.post('/book', { onSend: keyed.onSend }, keyed.handler);
  const book = () => app.inject({ method: 'POST', url: '/book', headers: { 'idempotency-key': 'k1' }, payload: {} });
  try {
    const first = await book();
    expect([first.statusCode, first.json()]).toEqual([201, { booking: 1 }]);
    expect((await book()).statusCode).toBe(409);
    expect(runs).toBe(1);
  } finally {
    await app.close();
  }
});
