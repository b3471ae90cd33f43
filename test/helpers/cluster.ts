// The reference service as `npm run cluster` starts it: N instances on PostgreSQL and Redis behind HAProxy on
// loopback. Each cluster gets a schema and a Redis key prefix of its own, dropped when it stops, and ports of
// its own (SVC_CLUSTER_PORT, else a free run of ports from 47000). What is missing on the machine is returned
// as a reason, so a test can be reported as skipped by name with it.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { listening } from './shared-store-backends.js';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export const CLUSTER_PG_URL = process.env['SVC_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const CLUSTER_REDIS_URL = process.env['SVC_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const portOf = (url: string, fallback: number) => Number(new URL(url).port || fallback);

/** Why a cluster cannot start on this machine, or undefined when it can. */
export async function clusterUnavailable(
  pgUrl = CLUSTER_PG_URL,
  redisUrl = CLUSTER_REDIS_URL,
): Promise<string | undefined> {
  const missing: string[] = [];
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error) missing.push('no haproxy (apt-get install haproxy)');
  if (!(await listening(portOf(pgUrl, 5432)))) missing.push(`no PostgreSQL at ${new URL(pgUrl).host}`);
  if (!(await listening(portOf(redisUrl, 6379)))) missing.push(`no Redis at ${new URL(redisUrl).host}`);
  return missing.length === 0 ? undefined : missing.join(', ');
}

export interface ClusterInstance {
  readonly pid: number;
  readonly port: number;
  readonly log: string;
}

export interface Cluster {
  /** http://127.0.0.1:<port> of HAProxy. */
  readonly front: string;
  readonly instances: readonly ClusterInstance[];
  readonly schema: string;
  readonly redisPrefix: string;
  /** Stops HAProxy and the instances (npm run cluster -- --stop), drops the schema and the Redis keys. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  readonly instances?: number;
  readonly pgUrl?: string;
  readonly redisUrl?: string;
  /** More environment for the instances. */
  readonly env?: Record<string, string>;
}

/** Ports front..front+instances, none of them in use, from `start` on. */
async function freePorts(count: number, start = 47_000 + (process.pid % 89) * 10): Promise<number> {
  const given = process.env['SVC_CLUSTER_PORT'];
  if (given) return Number(given);
  for (let base = start; ; base += 10) {
    if (base > 47_880) base = 47_000;
    const ports = Array.from({ length: count + 1 }, (_, i) => base + i);
    if (!(await Promise.all(ports.map(listening))).some(Boolean)) return base;
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const instances = options.instances ?? 3;
  const pgUrl = options.pgUrl ?? CLUSTER_PG_URL;
  const redisUrl = options.redisUrl ?? CLUSTER_REDIS_URL;
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const schema = `svc_cluster_${id}`;
  const redisPrefix = `svc-cluster:${id}:`;
  const dir = mkdtempSync(join(tmpdir(), 'svcgen-cluster-'));
  const env = {
    ...process.env,
    SVC_DATABASE_URL: pgUrl,
    SVC_DATABASE_SCHEMA: schema,
    SVC_REDIS_URL: redisUrl,
    SVC_REDIS_PREFIX: redisPrefix,
    ...options.env,
  };
  const script = join(ROOT, 'scripts/cluster.mjs');
  const stop = async () => {
    await run(process.execPath, [script, '--stop', '--dir', dir], { cwd: ROOT });
    await dropSchema(pgUrl, schema);
    await deleteKeys(redisUrl, redisPrefix);
    rmSync(dir, { recursive: true, force: true });
  };
  // A port found free can be taken (by any process's ephemeral socket) before HAProxy or an instance binds it:
  // the cluster is started again on the next free run of ports, a few times.
  for (let attempt = 1, port = await freePorts(instances); ; attempt++, port = await freePorts(instances, port + 10)) {
    try {
      await run(process.execPath, [script, '--instances', String(instances), '--port', String(port), '--dir', dir], {
        cwd: ROOT,
        env,
        timeout: 120_000,
      });
      break;
    } catch (error) {
      const portTaken = /Address already in use|EADDRINUSE/.test(String(error));
      if (portTaken && attempt < 5 && !process.env['SVC_CLUSTER_PORT']) {
        await run(process.execPath, [script, '--stop', '--dir', dir], { cwd: ROOT }).catch(() => undefined);
        continue;
      }
      await stop().catch(() => undefined);
      throw error;
    }
  }
  const state = JSON.parse(readFileSync(join(dir, 'cluster.json'), 'utf8')) as {
    front: string;
    instances: ClusterInstance[];
  };
  return { front: state.front, instances: state.instances, schema, redisPrefix, stop };
}

/**
 * A cluster started before the enclosing suite's tests and stopped after them. beforeAll fills the object in, so the
 * tests read it as the Cluster it is by then.
 */
export function useCluster(options: ClusterOptions = {}): Cluster {
  const cluster = {} as Cluster;
  beforeAll(async () => {
    Object.assign(cluster, await startCluster(options));
  }, 120_000);
  afterAll(async () => {
    if ('stop' in cluster) await cluster.stop();
  });
  return cluster;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length > 0) await client.del(keys);
  client.destroy();
}
