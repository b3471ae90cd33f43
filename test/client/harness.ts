// Starts the reference service on a loopback port with its own database and a clock the test moves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../examples/reference-service/app.js';
import { loadConfig } from '../../examples/reference-service/config.js';

export interface RunningService {
  readonly base: string;
  readonly app: FastifyInstance;
  /** Moves the service's clock (and the clients' that share it) forward. */
  advance(seconds: number): void;
  readonly now: () => number;
  close(): Promise<void>;
}

export async function startService(): Promise<RunningService> {
  const dir = mkdtempSync(join(tmpdir(), 'svcgen-client-'));
  let offset = 0;
  const now = () => Date.now() + offset;
  const app = await buildApp({ ...loadConfig({ SVC_DATA: join(dir, 'svc.sqlite'), SVC_LOG: '0' }), now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    app,
    now,
    advance(seconds) {
      offset += seconds * 1000;
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fetch that counts what it sends, by "METHOD path". */
export function countingFetch(): { fetch: typeof fetch; sent: string[]; statuses: number[] } {
  const sent: string[] = [];
  const statuses: number[] = [];
  const counting = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  }) as typeof fetch;
  return { fetch: counting, sent, statuses };
}
