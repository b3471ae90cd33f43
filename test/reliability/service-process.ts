// The reference service as its own process on 127.0.0.1 (port 0), for the tests that need its event loop
// apart from theirs (idle and slow sockets, a locked database): started with `node --import tsx main.ts`,
// optionally under a file limit, and killed with its scratch folder when the test file ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCESS_KEY } from '../server/helpers.js';
import { ROOT } from './harness.js';

export const CONTEXT_PATH = '/store-api/v3/context';

export interface ServiceProcess {
  readonly pid: number;
  readonly port: number;
  /** The SQLite file the service uses. */
  readonly dataFile: string;
  stop(): void;
}

/** Starts the service; with `fileLimit`, as `prlimit --nofile=<limit>` (soft and hard), so Node cannot raise it. */
export async function startServiceProcess(options: { fileLimit?: number } = {}): Promise<ServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'svcgen-service-'));
  const dataFile = join(dir, 'svc.sqlite');
  const main = join(ROOT, 'examples', 'reference-service', 'main.ts');
  const node = [process.execPath, '--import', 'tsx', main];
  // prlimit execs, so the pid is the service's own.
  const [command, ...args] =
    options.fileLimit === undefined ? node : ['prlimit', `--nofile=${options.fileLimit}`, '--', ...node];
  const child: ChildProcess = spawn(command as string, args, {
    cwd: ROOT,
    env: { ...process.env, SVC_DATA: dataFile, HOST: '127.0.0.1', PORT: '0', SVC_LOG: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  let output = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`service did not start: ${output}`)), 30_000);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`service exited (${String(signal ?? code)}) before listening: ${output}`));
      });
    });
    if (child.pid === undefined) throw new Error('the service has no pid');
    return { pid: child.pid, port, dataFile, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * One GET of the Store API context on a new connection (from `localAddress` when given, e.g. 127.0.0.2):
 * its status, or why there was none within timeoutMs.
 */
export function probe(port: number, timeoutMs: number, localAddress?: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: CONTEXT_PATH,
        agent: false,
        headers: { 'svc-access-key': ACCESS_KEY },
        ...(localAddress === undefined ? {} : { localAddress }),
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
