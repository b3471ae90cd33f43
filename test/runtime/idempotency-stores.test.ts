// Issue 36 item 3: the responses to idempotency keys in PostgreSQL and Redis, on the real servers of this machine
// (127.0.0.1:5432 and :6379, or SVC_TEST_PG_PORT / SVC_TEST_REDIS_PORT), each run in its own schema or key
// prefix. One claim of many concurrent ones wins, on separate connections as on separate instances; a repeat
// finds the key running or its response with the first request's fingerprint; nothing outlives its expiry; an
// unreachable server is a StoreUnreachable (the generated server's 503 with Retry-After).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdempotencyStore, StoredResponse } from '../../src/runtime/stores/idempotency.js';
import { isStoreUnreachable } from '../../src/runtime/stores/storage-errors.js';
import { createPostgresTables, PostgresIdempotencyStore } from '../../src/runtime/stores/stores-postgres.js';
import { RedisIdempotencyStore } from '../../src/runtime/stores/stores-redis.js';
import { listening } from '../helpers/shared-store-backends.js';

const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;
const PG_PORT = Number(process.env['SVC_TEST_PG_PORT'] ?? 5432);
const REDIS_PORT = Number(process.env['SVC_TEST_REDIS_PORT'] ?? 6379);
/** A port nothing listens on: the store there is unreachable. */
const CLOSED_PORT = 41_199;

/** One backend under test: stores over connections of their own, and a look at what they left behind. */
interface Subject {
  readonly name: string;
  readonly port: number;
  prepare(): Promise<void>;
  /** A store over a new connection to `port`, on the given clock. */
  store(now: () => number, port?: number): Promise<IdempotencyStore>;
  /** Keys still held whose expiry has passed at `now` (PostgreSQL rows) or that never expire (Redis keys). */
  leftovers(now: number): Promise<number>;
  /** Milliseconds until the key expires, as the server says. */
  expiresIn(key: string, now: number): Promise<number>;
  close(): Promise<void>;
}

function postgres(): Subject {
  const schema = `svcgen_idem_${RUN}`;
  const pools: pg.Pool[] = [];
  const pool = (port = PG_PORT) => {
    const created = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database: 'test', max: 2 });
    created.on('error', () => undefined);
    pools.push(created);
    return created;
  };
  const admin = pool();
  const table = `"${schema}"."svcgen_idempotency"`;
  return {
    name: 'PostgreSQL',
    port: PG_PORT,
    prepare: () => createPostgresTables({ pool: admin, schema }),
    store: async (now, port) => new PostgresIdempotencyStore({ pool: pool(port), schema, now, timeoutMs: 1000 }),
    leftovers: async (now) =>
      Number((await admin.query(`SELECT count(*) AS n FROM ${table} WHERE expires_at <= $1`, [now])).rows[0].n),
    expiresIn: async (key, now) =>
      Number((await admin.query(`SELECT expires_at FROM ${table} WHERE key = $1`, [key])).rows[0].expires_at) - now,
    close: async () => {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await Promise.all(pools.map((created) => created.end()));
    },
  };
}

function redis(): Subject {
  const prefix = `svcgen-idem-test:${RUN}:`;
  const clients: { readonly isOpen: boolean; destroy(): void }[] = [];
  const client = async (port = REDIS_PORT) => {
    const created = createClient({
      socket: { host: '127.0.0.1', port, connectTimeout: 500, reconnectStrategy: false },
      disableOfflineQueue: true,
    });
    created.on('error', () => undefined);
    clients.push(created);
    // A client that cannot connect still makes a store: its calls fail as the unreachable server's.
    await created.connect().catch(() => undefined);
    return created;
  };
  let admin: Awaited<ReturnType<typeof client>>;
  const keys = async () => {
    const found: string[] = [];
    for await (const batch of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) found.push(...batch);
    return found;
  };
  return {
    name: 'Redis',
    port: REDIS_PORT,
    prepare: async () => void (admin = await client()),
    store: async (now, port) => new RedisIdempotencyStore({ client: await client(port), prefix, now, timeoutMs: 1000 }),
    leftovers: async () => {
      let forever = 0;
      for (const key of await keys()) if ((await admin.pTTL(key)) < 0) forever++;
      return forever;
    },
    expiresIn: (key) => admin.pTTL(`${prefix}idempotency:${key}`),
    close: async () => {
      const held = await keys();
      if (held.length > 0) await admin.del(held);
      for (const created of clients) if (created.isOpen) created.destroy();
    },
  };
}

const subjects = [postgres(), redis()];
for (const subject of subjects) {
  if (await listening(subject.port)) describe(`${subject.name}IdempotencyStore`, () => storeSuite(subject));
  else it.skip(`skipped: no ${subject.name} at 127.0.0.1:${subject.port}`, () => undefined);
}

const STORED: StoredResponse = {
  status: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', location: '/api/PriceList/7' },
  body: '{"data":{"id":7,"name":"Grüße"}}',
};

function storeSuite(subject: Subject): void {
  const HOUR = 3_600_000;
  let clock = 1_800_000_000_000;
  const now = () => clock;
  let store: IdempotencyStore;
  beforeAll(async () => {
    await subject.prepare();
    store = await subject.store(now);
  });
  afterAll(() => subject.close());

  const key = (name: string) => `${name}-${randomBytes(6).toString('hex')}`;

  it('lets the first claim of a key run, and shows later ones it running, then its response', async () => {
    const k = key('order');
    expect(await store.claim(k, 'f1', clock + 60_000)).toEqual({ state: 'new' });
    expect(await store.claim(k, 'f2', clock + 60_000)).toEqual({ state: 'running', fingerprint: 'f1' });
    await store.complete(k, STORED, clock + HOUR);
    expect(await store.claim(k, 'f1', clock + 60_000)).toEqual({
      state: 'completed',
      fingerprint: 'f1',
      response: STORED,
    });
    // A completed key is not released: a late release of the first request changes nothing.
    await store.release(k);
    expect(await store.claim(k, 'f1', clock + 60_000)).toMatchObject({ state: 'completed' });
  });

  it('lets exactly one of many concurrent claims on separate connections run', async () => {
    const stores = await Promise.all(Array.from({ length: 6 }, () => subject.store(now)));
    const k = key('race');
    const claims = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (stores[i % stores.length] as IdempotencyStore).claim(k, 'same', clock + 60_000),
      ),
    );
    expect(claims.filter((claim) => claim.state === 'new')).toHaveLength(1);
    expect(claims.filter((claim) => claim.state === 'running')).toHaveLength(23);
  });

  it('frees a released key for the next claim', async () => {
    const k = key('failed');
    await store.claim(k, 'f1', clock + 60_000);
    await store.release(k);
    expect(await store.claim(k, 'f2', clock + 60_000)).toEqual({ state: 'new' });
  });

  it('keeps a claim until it runs out and a response for its window, no longer', async () => {
    const k = key('window');
    await store.claim(k, 'f1', clock + 60_000);
    expect(await subject.expiresIn(k, clock)).toBeLessThanOrEqual(60_000);
    await store.complete(k, STORED, clock + HOUR);
    const left = await subject.expiresIn(k, clock);
    expect(left).toBeGreaterThan(60_000);
    expect(left).toBeLessThanOrEqual(HOUR);
    expect(await subject.leftovers(clock)).toBe(0);
  });

  it('gives an expired claim to the next request (PostgreSQL by its clock, Redis by the key expiring)', async () => {
    const k = key('stale');
    // A claim whose request never completed: it runs until a millisecond from now.
    await store.claim(k, 'f1', clock + 1);
    clock += 2;
    if (subject.name === 'Redis') await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.claim(k, 'f2', clock + 60_000)).toEqual({ state: 'new' });
    expect(await store.claim(k, 'f3', clock + 60_000)).toEqual({ state: 'running', fingerprint: 'f2' });
  });

  it('leaves a key taken over after its claim ran out to the request that took it', async () => {
    const k = key('takeover');
    const first = clock + 1;
    await store.claim(k, 'f1', first);
    clock += 2;
    if (subject.name === 'Redis') await new Promise((resolve) => setTimeout(resolve, 20));
    const second = clock + 60_000;
    expect(await store.claim(k, 'f1', second)).toEqual({ state: 'new' });
    // The first request ends late: its release and its response name a claim that is no more.
    await store.release(k, first);
    await store.complete(k, { ...STORED, body: 'the first run' }, clock + HOUR, first);
    expect(await store.claim(k, 'f1', clock + 60_000)).toEqual({ state: 'running', fingerprint: 'f1' });
    await store.complete(k, STORED, clock + HOUR, second);
    expect(await store.claim(k, 'f1', clock + 60_000)).toEqual({
      state: 'completed',
      fingerprint: 'f1',
      response: STORED,
    });
  });

  it('deletes expired keys as new claims come', async () => {
    for (let i = 0; i < 5; i++) await store.claim(key('old'), 'f', clock + 1000);
    clock += 2000;
    if (subject.name === 'Redis') await new Promise((resolve) => setTimeout(resolve, 20));
    // A new store prunes on its first claim, in the background.
    await (await subject.store(now)).claim(key('new'), 'f', clock + 60_000);
    for (let tries = 0; tries < 50 && (await subject.leftovers(clock)) > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await subject.leftovers(clock)).toBe(0);
  });

  it('fails as unreachable when the server is not there', async () => {
    const away = await subject.store(now, CLOSED_PORT);
    const error = await away.claim(key('away'), 'f', clock + 60_000).catch((caught: unknown) => caught);
    expect(isStoreUnreachable(error)).toBe(true);
  });
}
