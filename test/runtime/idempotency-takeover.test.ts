// A keyed request still running after runningMs loses its claim, and a repeat of the key takes it over and runs
// (docs/server.md, "Idempotency keys"). The first request's late end must leave the key to the repeat: its response
// is not the one kept for the key (the repeat's client got another), and its release does not free the key while the
// repeat runs. Served on loopback with the memory store; the shared stores are held to the same in
// idempotency-stores.test.ts.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { idempotencySettings, keyedRoute, MemoryIdempotencyStore } from '../../src/runtime/stores/idempotency.js';

const RUNNING_MS = 500;
let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A keyed POST /book whose handler takes `delays` in turn (ms) and responds with its run's number and `status`. */
async function serve(delays: number[], status = 201): Promise<string> {
  const settings = idempotencySettings({ store: new MemoryIdempotencyStore(), runningMs: RUNNING_MS });
  let runs = 0;
  const keyed = keyedRoute(
    settings,
    { interfaceName: 'tickets', route: 'book', header: 'idempotency-key' },
    () => 'caller',
    async (_request, reply) => {
      const run = ++runs;
      await new Promise((resolve) => setTimeout(resolve, delays[run - 1]));
      return reply.code(run === 1 ? status : 201).send({ run });
    },
  );
  app = Fastify();
  app.setErrorHandler((error, _request, reply) => reply.code(409).send({ error: (error as Error).message }));
  app.post('/book', { onSend: keyed.onSend }, keyed.handler);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const book = async (origin: string) => {
  const response = await fetch(`${origin}/book`, {
    method: 'POST',
    headers: { 'idempotency-key': 'k1', 'content-type': 'application/json' },
    body: '{"seats":1}',
  });
  return { status: response.status, body: await response.json() };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("keeps the response of the request that took the key over, not the late first one's", async () => {
  // The first runs past its claim; the second takes the key over and completes before the first does.
  const origin = await serve([RUNNING_MS * 1.5, 50]);
  const first = book(origin);
  await sleep(RUNNING_MS * 1.2);
  expect(await book(origin)).toEqual({ status: 201, body: { run: 2 } });
  expect(await first).toEqual({ status: 201, body: { run: 1 } });
  // A repeat gets what the request that held the key last was sent.
  expect(await book(origin)).toEqual({ status: 201, body: { run: 2 } });
});

it('does not free the key of the request that took it over when the late first one fails', async () => {
  const origin = await serve([RUNNING_MS * 1.5, RUNNING_MS * 2], 503);
  const first = book(origin);
  await sleep(RUNNING_MS * 1.2);
  const second = book(origin);
  expect(await first).toMatchObject({ status: 503 });
  // The second still runs under its claim: a repeat now is refused as running, not run beside it.
  expect((await book(origin)).status).toBe(409);
  expect(await second).toEqual({ status: 201, body: { run: 2 } });
});
