#!/usr/bin/env node
// The cluster's figures (issue 35), printed, no budget: requests per second of an authenticated read through
// HAProxy with 1 and with 3 instances of the reference service on PostgreSQL and Redis (`npm run cluster`),
// and the cost of the shared stores per login and per authenticated request against the memory stores, as the
// mean time of the store calls each makes. Run by bench/run.mjs when BENCH_CLUSTER=1, or alone:
//   node --import tsx bench/cluster.mjs        (BENCH_PG_URL, BENCH_REDIS_URL, BENCH_CLUSTER_SECONDS)
// Each run uses a schema and a key prefix of its own, dropped after. On 2 cores the instances, HAProxy,
// PostgreSQL, Redis and autocannon share the same cores: 3 instances cannot show 3 times the throughput here.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 5);
const FRONT_PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 47_500);
const STORE_CALLS = 2000;
const RUN = `${process.pid}_${randomBytes(3).toString('hex')}`;
const log = (text) => process.stderr.write(`bench cluster: ${text}\n`);

async function throughput(instances) {
  const dir = mkdtempSync(join(tmpdir(), 'svcgen-bench-cluster-'));
  const schema = `bench_cluster_${RUN}_${instances}`;
  const env = {
    ...process.env,
    SVC_DATABASE_URL: PG_URL,
    SVC_DATABASE_SCHEMA: schema,
    SVC_REDIS_URL: REDIS_URL,
    SVC_REDIS_PREFIX: `bench-cluster:${RUN}:${instances}:`,
  };
  const script = join(ROOT, 'scripts/cluster.mjs');
  const args = ['--instances', String(instances), '--port', String(FRONT_PORT), '--dir', dir];
  execFileSync(process.execPath, [script, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const { front } = JSON.parse(readFileSync(join(dir, 'cluster.json'), 'utf8'));
    const grant = await fetch(`${front}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'administration',
        username: 'admin',
        password: 'admin-demo-password',
      }),
    });
    const { access_token: token } = await grant.json();
    const { default: autocannon } = await import('autocannon');
    const options = {
      url: `${front}/api/v3/tax`,
      connections: 20,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  } finally {
    execFileSync(process.execPath, [script, '--stop', '--dir', dir], { stdio: 'ignore' });
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    await deleteKeys(env.SVC_REDIS_PREFIX);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function deleteKeys(prefix) {
  const client = createClient({ url: REDIS_URL });
  client.on('error', () => undefined);
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length > 0) await client.del(keys);
  client.destroy();
}

/** Mean microseconds of `call`, run one after another (as one request makes its calls). */
async function mean(call) {
  for (let i = 0; i < 200; i++) await call(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < STORE_CALLS; i++) await call(i);
  return Number(process.hrtime.bigint() - start) / 1000 / STORE_CALLS;
}

/** The store calls of one login (throttle check and success, a token pair saved) and of one bearer check. */
async function storeCosts(kind, stores) {
  const { LoginThrottle } = await import('../generated/runtime/stores/throttle.js');
  const throttle = new LoginThrottle({ ...(stores.throttle ? { store: stores.throttle } : {}) });
  const record = (i, prefix) => ({
    tokenHash: `${prefix}-${RUN}-${i}`,
    familyId: `family-${i}`,
    subject: 'admin',
    clientId: 'administration',
    scopes: ['write'],
    expiresAt: Date.now() + 600_000,
    revoked: false,
  });
  const login = await mean(async (i) => {
    await throttle.retryAfterSeconds('admin', '127.0.0.1');
    await stores.accessTokens.save(record(i, 'a'));
    await stores.refreshTokens.save(record(i, 'r'));
    await throttle.recordSuccess('admin', '127.0.0.1');
  });
  await stores.accessTokens.save(record('read', 'a'));
  const request = await mean(() => stores.accessTokens.findByHash(`a-${RUN}-read`));
  return { kind, login, request };
}

async function allStoreCosts() {
  const memory = await import('../generated/runtime/stores/stores.js');
  const postgres = await import('../generated/runtime/stores/stores-postgres.js');
  const redis = await import('../generated/runtime/stores/stores-redis.js');
  const rows = [
    await storeCosts('memory', {
      accessTokens: new memory.MemoryAccessTokenStore(),
      refreshTokens: new memory.MemoryRefreshTokenStore(),
    }),
  ];
  const schema = `bench_stores_${RUN}`;
  const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
  try {
    await postgres.createPostgresTables({ pool, schema });
    const options = { pool, schema };
    rows.push(
      await storeCosts('PostgreSQL', {
        accessTokens: new postgres.PostgresAccessTokenStore(options),
        refreshTokens: new postgres.PostgresRefreshTokenStore(options),
        throttle: new postgres.PostgresThrottleStore(options),
      }),
    );
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
  const client = createClient({ url: REDIS_URL, disableOfflineQueue: true });
  client.on('error', () => undefined);
  await client.connect();
  const prefix = `bench-stores:${RUN}:`;
  try {
    const options = { client, prefix };
    rows.push(
      await storeCosts('Redis', {
        accessTokens: new redis.RedisAccessTokenStore(options),
        refreshTokens: new redis.RedisRefreshTokenStore(options),
        throttle: new redis.RedisThrottleStore(options),
      }),
    );
  } finally {
    client.destroy();
    await deleteKeys(prefix);
  }
  return rows;
}

export async function benchCluster() {
  const one = await throughput(1);
  log(`1 instance: ${one.rps.toFixed(0)} req/s`);
  const three = await throughput(3);
  log(`3 instances: ${three.rps.toFixed(0)} req/s`);
  const stores = await allStoreCosts();
  const lines = [
    `\ncluster: GET /api/v3/tax with a bearer token through HAProxy, autocannon ${SECONDS} s x 20 connections, PostgreSQL + Redis`,
    `  1 instance : ${one.rps.toFixed(0).padStart(6)} req/s  (p99 ${one.p99} ms)`,
    `  3 instances: ${three.rps.toFixed(0).padStart(6)} req/s  (p99 ${three.p99} ms)`,
    `\nshared stores: mean time of the store calls, ${STORE_CALLS} in a row (login: throttle check + token pair saved + throttle success; request: bearer lookup)`,
    ...stores.map(
      (row) =>
        `  ${row.kind.padEnd(10)} login ${row.login.toFixed(0).padStart(6)} µs   authenticated request ${row.request.toFixed(0).padStart(5)} µs`,
    ),
  ];
  console.log(lines.join('\n'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchCluster();
