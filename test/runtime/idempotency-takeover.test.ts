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

/** A handler's run held until the test lets it finish: no race against the machine's load. */
interface Run {
  readonly started: Promise<void>;
  readonly finish: () => void;
}

/** A keyed POST /book whose nth run waits for `runs[n].finish`, then responds with its number (the first: `status`). */
async function serve(status = 201): Promise<{ origin: string; runs: Run[] }> {
  const settings = idempotencySettings({ store: new MemoryIdempotencyStore(), runningMs: RUNNING_MS });
  const gates = [0, 1, 2].map(() => {
    let start = () => {};
    let finish = () => {};
    const started = new Promise<void>((resolve) => (start = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    return { start: () => start(), started, finish: () => finish(), finished };
  });
  let count = 0;
  const keyed = keyedRoute(
    settings,
    { interfaceName: 'tickets', route: 'book', header: 'idempotency-key' },
    () => 'caller',
    async (_request, reply) => {
      const run = ++count;
      const gate = gates[run - 1]!;
      gate.start();
      await gate.finished;
      return reply.code(run === 1 ? status : 201).send({ run });
    },
  );
  app = Fastify();
  app.setErrorHandler((error, _request, reply) => reply.code(409).send({ error: (error as Error).message }));
  app.post('/book', { onSend: keyed.onSend }, keyed.handler);
  return { origin: await app.listen({ port: 0, host: '127.0.0.1' }), runs: gates };
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

/** Sends the first request and waits until its claim on the key has run out (it was taken before its run started). */
async function firstPastItsClaim(origin: string, runs: Run[]) {
  const first = book(origin);
  await runs[0]!.started;
  await sleep(RUNNING_MS * 1.2);
  return { first }; // wrapped: an async function returning the promise would wait for it
}

it("keeps the response of the request that took the key over, not the late first one's", async () => {
  const { origin, runs } = await serve();
  const { first } = await firstPastItsClaim(origin, runs);
  // The second takes the key over and completes before the first does.
  runs[1]!.finish();
  expect(await book(origin)).toEqual({ status: 201, body: { run: 2 } });
  runs[0]!.finish();
  expect(await first).toEqual({ status: 201, body: { run: 1 } });
  // A repeat gets what the request that held the key last was sent.
  expect(await book(origin)).toEqual({ status: 201, body: { run: 2 } });
});

it('does not free the key of the request that took it over when the late first one fails', async () => {
  const { origin, runs } = await serve(503);
  const { first } = await firstPastItsClaim(origin, runs);
  const second = book(origin);
  await runs[1]!.started;
  runs[0]!.finish();
  expect(await first).toMatchObject({ status: 503 });
  // The second still runs under its claim: a repeat now is refused as running, not run beside it.
  expect((await book(origin)).status).toBe(409);
  runs[1]!.finish();
  expect(await second).toEqual({ status: 201, body: { run: 2 } });
});
