// An instance that keeps some state in PostgreSQL or Redis and some in its own memory (a throttle or an idempotency
// store left at its default) gives each instance behind a load balancer its own copy of the latter: a login budget
// per instance, keys another instance runs again. Such a process is warned once per memory store, at its first
// write (SVCGEN_MEMORY_STORE); a process with memory stores only is not. Each test loads the stores afresh, as a
// new process would.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const warnings: { code: string | undefined; message: string }[] = [];
const listen = (warning: Error & { code?: string }) => warnings.push({ code: warning.code, message: warning.message });
beforeEach(() => {
  vi.resetModules();
  warnings.length = 0;
  process.on('warning', listen);
});
afterEach(() => void process.off('warning', listen));

/** The warnings emitted so far: process warnings arrive on the next tick. */
async function memoryStoreWarnings(): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings.filter((warning) => warning.code === 'SVCGEN_MEMORY_STORE').map((warning) => warning.message);
}

/** A pg Pool the stores accept; no query is made in these tests. */
const pool = { query: async () => ({ rows: [], rowCount: 0 }) };

it('warns once per memory store written in a process that keeps other stores in PostgreSQL', async () => {
  const { PostgresAccessTokenStore } = await import('../../src/runtime/stores/stores-postgres.js');
  const { LoginThrottle } = await import('../../src/runtime/stores/throttle.js');
  const { MemoryIdempotencyStore } = await import('../../src/runtime/stores/idempotency.js');
  new PostgresAccessTokenStore({ pool });
  const throttle = new LoginThrottle();
  await throttle.recordFailure('alice', '192.0.2.1');
  await throttle.recordFailure('bob', '192.0.2.2');
  await new MemoryIdempotencyStore().claim('key', 'fingerprint', Date.now() + 60_000);
  const messages = await memoryStoreWarnings();
  expect(messages).toHaveLength(2);
  expect(messages[0]).toMatch(/^MemoryThrottleStore keeps login failure counts in this process .* in PostgreSQL/);
  expect(messages[1]).toMatch(/^MemoryIdempotencyStore keeps the responses to idempotency keys .* in PostgreSQL/);
});

it('names Redis, and the memory token stores, sessions and nonce counts too', async () => {
  const { RedisThrottleStore } = await import('../../src/runtime/stores/stores-redis.js');
  const stores = await import('../../src/runtime/stores/stores.js');
  new RedisThrottleStore({ client: { eval: async () => null } });
  const record = {
    tokenHash: 'h',
    familyId: 'f',
    subject: 's',
    clientId: 'c',
    scopes: [],
    expiresAt: Date.now() + 1000,
  };
  await new stores.MemoryAccessTokenStore().save({ ...record, revoked: false });
  await new stores.MemoryRefreshTokenStore().save({ ...record, revoked: false });
  await new stores.MemorySessionStore().set('token', {}, Date.now() + 1000);
  await new stores.MemoryNonceStore().advanceCount('nonce', 1, Date.now() + 1000);
  const named = (await memoryStoreWarnings()).map((message) => message.split(' ', 1)[0]);
  expect(named).toEqual([
    'MemoryAccessTokenStore',
    'MemoryRefreshTokenStore',
    'MemorySessionStore',
    'MemoryNonceStore',
  ]);
});

it('says nothing in a process whose stores are all in memory', async () => {
  const { LoginThrottle } = await import('../../src/runtime/stores/throttle.js');
  const { MemoryIdempotencyStore } = await import('../../src/runtime/stores/idempotency.js');
  await new LoginThrottle().recordFailure('alice', '192.0.2.1');
  await new MemoryIdempotencyStore().claim('key', 'fingerprint', Date.now() + 60_000);
  expect(await memoryStoreWarnings()).toEqual([]);
});
