// Throwaway PostgreSQL and Redis servers on loopback ports of a test's own, so a test may stop and start them
// (never the machine's shared servers): `initdb` in a temporary folder and `pg_ctl` (the binaries under
// /usr/lib/postgresql/*/bin), `redis-server --port`. Where a binary is missing, the reason says which.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listening } from './shared-store-backends.js';

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin/initdb')) && existsSync(join(base, name, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(base, versions[0], 'bin');
}

function onPath(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Why throwaway servers cannot be made here, or undefined. */
export function throwawayUnavailable(): string | undefined {
  const missing: string[] = [];
  if (postgresBin() === undefined) missing.push('no initdb/pg_ctl under /usr/lib/postgresql/*/bin');
  if (!onPath('redis-server')) missing.push('no redis-server');
  return missing.length === 0 ? undefined : missing.join(', ');
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await check()); waited += 100) {
    if (waited > 30_000) throw new Error(`${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ThrowawayServer {
  readonly url: string;
  start(): Promise<void>;
  /** Stops it as a crash would (PostgreSQL: immediate shutdown; Redis: SIGKILL). */
  stop(): Promise<void>;
  /** Stops it and deletes its files. */
  remove(): Promise<void>;
}

/** A PostgreSQL cluster in a temporary folder; as root, run as the postgres user (initdb refuses root). */
export function throwawayPostgres(port: number): ThrowawayServer {
  const bin = postgresBin() as string;
  const dir = mkdtempSync(join(tmpdir(), 'svcgen-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  let initialised = false;
  const server: ThrowawayServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      if (!initialised) {
        run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
        initialised = true;
      }
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
      run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
      await until(() => listening(port), `PostgreSQL on ${port} did not listen`);
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await until(async () => !(await listening(port)), `PostgreSQL on ${port} did not stop`);
    },
    async remove() {
      if (await listening(port)) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

export function throwawayRedis(port: number): ThrowawayServer {
  let child: ChildProcess | undefined;
  const stop = async () => {
    child?.kill('SIGKILL');
    child = undefined;
    await until(async () => !(await listening(port)), `Redis on ${port} did not stop`);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      child = spawn('redis-server', args, { stdio: 'ignore' });
      await until(() => listening(port), `Redis on ${port} did not listen`);
    },
    stop,
    remove: stop,
  };
}
