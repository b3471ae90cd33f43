// The stores' tables made by several instances at once: docs/server.md tells every instance to run
// createPostgresTables at start, and instances behind a load balancer start together. On the real server of
// this machine (127.0.0.1:5432, or SVC_TEST_PG_PORT), in a schema of its own, dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createPostgresTables } from '../../src/runtime/stores/stores-postgres.js';
import { describeWhenAvailable } from '../helpers/describe-when-available.js';
import { listening } from '../helpers/shared-store-backends.js';

const PG_PORT = Number(process.env['SVC_TEST_PG_PORT'] ?? 5432);
const INSTANCES = 8;

const missing = (await listening(PG_PORT)) ? undefined : `no PostgreSQL at 127.0.0.1:${PG_PORT}`;

describeWhenAvailable(missing, 'createPostgresTables from several instances at once', () => {
  const schema = `svcgen_tables_${process.pid}_${randomBytes(4).toString('hex')}`;
  // One pool per instance, as each instance has its own.
  const pools = Array.from({ length: INSTANCES }, () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: PG_PORT, user: 'postgres', database: 'test', max: 1 });
    pool.on('error', () => undefined);
    return pool;
  });
  afterAll(async () => {
    await pools[0]?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('makes the schema and tables once, and every instance starts', async () => {
    // Concurrent CREATE … IF NOT EXISTS of one name collide in PostgreSQL's catalog (a unique violation).
    const results = await Promise.allSettled(pools.map((pool) => createPostgresTables({ pool, schema })));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const tables = await pools[0]!.query(`SELECT count(*) AS n FROM pg_tables WHERE schemaname = $1`, [schema]);
    expect(Number(tables.rows[0].n)).toBe(7);
  });
});
