// Crashes and concurrency of the reference service.
// 1. The real service process (`tsx examples/reference-service/main.ts`) is SIGKILLed at various moments
//    while it writes a batch of prices; after each restart the batch is entirely present or entirely absent.
// 2. 50 concurrent clients do mixed reads and writes (Admin products, price lists, banners) for
//    SVC_SOAK_SECONDS (default 3; the issue's 30 s run with SVC_SOAK_SECONDS=30): no errors, and the
//    database holds every acknowledged create with its last acknowledged value.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DigestUser, apiUser, passwordGrant, send, startService, type ReceivedResponse } from '../server/helpers.js';
import { samplePrice } from '../server/sample-bodies.js';
import { ROOT } from './harness.js';

const KILLS = Number(process.env.SVC_CRASH_KILLS ?? 12);
const BATCH = 2000;
const SOAK_SECONDS = Number(process.env.SVC_SOAK_SECONDS ?? 3);
const CLIENTS = 50;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Child {
  readonly process: ChildProcess;
  readonly baseUrl: string;
  readonly exited: Promise<NodeJS.Signals | number | null>;
}

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts the service process on a free port and waits until it listens. */
async function startProcess(dataFile: string): Promise<Child> {
  const port = await freePort();
  // `node --import tsx main.ts` is what `npx tsx main.ts` runs, minus tsx's watcher process in between: SIGKILL
  // cannot be relayed, so it must hit the service process itself (killing `tsx` would orphan a live service).
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'examples', 'reference-service', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, SVC_DATA: dataFile, PORT: String(port), HOST: '127.0.0.1', SVC_LOG: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${String(how)}) before listening: ${output}`));
    });
  });
  return { process: child, baseUrl: `http://127.0.0.1:${port}`, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function batch(marker: string) {
  return {
    prices: Array.from({ length: BATCH }, (_, index) =>
      samplePrice({ orderNumber: `${marker}-${index}`, price: 9.5 + index, pseudoPrice: 12 + index }),
    ),
  };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('SIGKILL during a batch price write', () => {
  it(`after ${KILLS} kills at various moments, each batch is entirely present or entirely absent`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svcgen-crash-'));
    dirs.push(dir);
    const dataFile = join(dir, 'svc.sqlite');
    const outcomes: { marker: string; delayMs: number; answered: number | undefined; rows: number }[] = [];
    // Measure how long one batch takes, so that the kills spread over it (and a little beyond).
    let child = await startProcess(dataFile);
    const probe = new DigestUser(child.baseUrl, 'api', 'api-demo-key');
    expect((await probe.send('/api/PriceList')).status).toBe(200);
    const started = Date.now();
    const first = await probe.send('/api/PriceListPrices', { method: 'POST', body: batch('PROBE') });
    expect(first.status, first.text).toBe(201);
    const batchMs = Date.now() - started;
    child.process.kill('SIGKILL');
    await child.exited;

    for (let kill = 0; kill < KILLS; kill++) {
      child = await startProcess(dataFile);
      const user = new DigestUser(child.baseUrl, 'api', 'api-demo-key');
      // A first request takes the challenge, so that the batch goes out in one request.
      expect((await user.send('/api/PriceList')).status).toBe(200);
      const marker = `CRASH${kill}`;
      const delayMs = Math.round((kill / (KILLS - 1)) * batchMs * 1.3);
      let answered: number | undefined;
      const write = user.send('/api/PriceListPrices', { method: 'POST', body: batch(marker) }).then(
        (answer: ReceivedResponse) => (answered = answer.status),
        () => undefined,
      );
      await sleep(delayMs);
      child.process.kill('SIGKILL');
      expect(await child.exited).toBe('SIGKILL');
      await write;
      // The next start opens the database after the crash (WAL recovery); count the batch there.
      const restarted = await startProcess(dataFile);
      const reader = new DigestUser(restarted.baseUrl, 'api', 'api-demo-key');
      expect((await reader.send('/api/PriceList')).status).toBe(200);
      restarted.process.kill('SIGKILL');
      await restarted.exited;
      const db = new Database(dataFile, { readonly: true });
      const rows = (
        db.prepare('SELECT COUNT(*) AS n FROM price_list_price WHERE order_number LIKE ?').get(`${marker}-%`) as {
          n: number;
        }
      ).n;
      db.close();
      outcomes.push({ marker, delayMs, answered, rows });
      expect([0, BATCH], `${marker} killed after ${delayMs} ms`).toContain(rows);
      if (answered === 201) expect(rows, `${marker} was acknowledged`).toBe(BATCH);
    }
    const present = outcomes.filter((outcome) => outcome.rows === BATCH).length;
    console.log(
      `server crash: batch of ${BATCH} prices takes ~${batchMs} ms; ${outcomes.length} kills: ${present} batches entirely present, ${outcomes.length - present} entirely absent, 0 partial; ` +
        outcomes
          .map(
            (outcome) =>
              `${outcome.delayMs}ms→${outcome.rows === BATCH ? 'present' : 'absent'}${outcome.answered ? `(acked ${outcome.answered})` : ''}`,
          )
          .join(', '),
    );
  }, 600_000);
});

describe(`${CLIENTS} concurrent clients for ${SOAK_SECONDS} s`, () => {
  it(
    'mixed reads and writes: no errors, and the database reconciles with the acknowledged writes',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svcgen-soak-'));
      dirs.push(dir);
      const service = await startService({ SVC_LOG: '0' }, dir);
      try {
        const { access_token: token } = await passwordGrant(service);
        const taxId = (service.app.db.prepare('SELECT id FROM tax LIMIT 1').get() as { id: string }).id;
        const admin = (path: string, options: { method?: string; body?: unknown } = {}) =>
          send(service.baseUrl, path, {
            ...options,
            headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          });
        /** Last acknowledged value per record, by kind and id. */
        const acked = {
          product: new Map<string, string>(),
          priceList: new Map<number, string>(),
          banner: new Map<number, string>(),
        };
        const counts = { requests: 0, reads: 0, creates: 0, updates: 0, errors: 0 };
        const errors: string[] = [];
        const deadline = Date.now() + SOAK_SECONDS * 1000;
        const ok = (answer: ReceivedResponse, what: string, expected: number[]) => {
          counts.requests++;
          if (expected.includes(answer.status)) return true;
          counts.errors++;
          if (errors.length < 20) errors.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
          return false;
        };

        async function client(index: number): Promise<void> {
          const digest: DigestUser = apiUser(service);
          const mine = { product: [] as string[], priceList: [] as number[], banner: [] as number[] };
          let step = 0;
          while (Date.now() < deadline) {
            step++;
            const value = `c${index}-s${step}`;
            const op = (index + step) % 9;
            if (op === 0 || mine.product.length === 0) {
              const answer = await admin('/api/v3/product', {
                method: 'POST',
                body: { name: value, taxId, stock: step, active: true, price: { net: 10, gross: 11.9, linked: true } },
              });
              if (ok(answer, 'create product', [204])) {
                const id = String(answer.header('location')).split('/').pop() as string;
                acked.product.set(id, value);
                mine.product.push(id);
                counts.creates++;
              }
            } else if (op === 1) {
              const id = mine.product[step % mine.product.length] as string;
              if (
                ok(
                  await admin(`/api/v3/product/${id}`, { method: 'PATCH', body: { name: value } }),
                  'update product',
                  [204],
                )
              ) {
                acked.product.set(id, value);
                counts.updates++;
              }
            } else if (op === 2) {
              const id = mine.product[step % mine.product.length] as string;
              const answer = await admin(`/api/v3/product/${id}`);
              if (ok(answer, 'read product', [200])) {
                counts.reads++;
                // This client is the only writer of its records: it reads what it last wrote.
                if (answer.json.data.name !== acked.product.get(id))
                  ok({ ...answer, status: 0 }, `read product ${id} stale`, [200]);
              }
            } else if (op === 3 || mine.priceList.length === 0) {
              const answer = await digest.send('/api/PriceList', {
                method: 'POST',
                body: { name: value, priority: step },
              });
              if (ok(answer, 'create price list', [201])) {
                const id = answer.json.data.id as number;
                acked.priceList.set(id, value);
                mine.priceList.push(id);
                counts.creates++;
              }
            } else if (op === 4) {
              const id = mine.priceList[step % mine.priceList.length] as number;
              if (
                ok(
                  await digest.send(`/api/PriceList/${id}`, { method: 'PUT', body: { name: value, priority: step } }),
                  'update price list',
                  [200],
                )
              ) {
                acked.priceList.set(id, value);
                counts.updates++;
              }
            } else if (op === 5) {
              if (ok(await digest.send('/api/PriceList?limit=10'), 'list price lists', [200])) counts.reads++;
            } else if (op === 6 || mine.banner.length === 0) {
              const answer = await digest.send('/api/Banner', {
                method: 'POST',
                body: {
                  description: value,
                  image: 'media/image/soak.png',
                  link: 'https://shop.example.com/soak',
                  linkTarget: '_blank',
                  categoryId: 3,
                  validFrom: null,
                  validTo: null,
                },
              });
              if (ok(answer, 'create banner', [201])) {
                const id = answer.json.data.id as number;
                acked.banner.set(id, value);
                mine.banner.push(id);
                counts.creates++;
              }
            } else if (op === 7) {
              const id = mine.banner[step % mine.banner.length] as number;
              if (
                ok(
                  await digest.send(`/api/Banner/${id}`, { method: 'PUT', body: { description: value } }),
                  'update banner',
                  [200],
                )
              ) {
                acked.banner.set(id, value);
                counts.updates++;
              }
            } else {
              if (ok(await admin('/api/v3/product?limit=5'), 'list products', [200])) counts.reads++;
              if (ok(await digest.send('/api/Banner?limit=5'), 'list banners', [200])) counts.reads++;
            }
          }
        }

        const started = Date.now();
        await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
        const seconds = (Date.now() - started) / 1000;

        // Reconcile: every acknowledged create exists with the last acknowledged value.
        const db = service.app.db;
        const missing: string[] = [];
        const productName = db.prepare('SELECT name FROM product WHERE id = ?');
        for (const [id, value] of acked.product)
          if ((productName.get(id) as { name: string } | undefined)?.name !== value)
            missing.push(`product ${id}=${value}`);
        const listName = db.prepare('SELECT name FROM price_list WHERE id = ?');
        for (const [id, value] of acked.priceList)
          if ((listName.get(id) as { name: string } | undefined)?.name !== value)
            missing.push(`price list ${id}=${value}`);
        const bannerDescription = db.prepare('SELECT description FROM banner WHERE id = ?');
        for (const [id, value] of acked.banner)
          if ((bannerDescription.get(id) as { description: string } | undefined)?.description !== value)
            missing.push(`banner ${id}=${value}`);
        console.log(
          `server soak: ${CLIENTS} clients, ${seconds.toFixed(1)} s, ${counts.requests} requests (${(counts.requests / seconds).toFixed(0)}/s): ` +
            `${counts.creates} creates, ${counts.updates} updates, ${counts.reads} reads, ${counts.errors} errors; ` +
            `reconciled ${acked.product.size} products, ${acked.priceList.size} price lists, ${acked.banner.size} banners, ${missing.length} mismatches`,
        );
        expect(errors).toEqual([]);
        expect(missing).toEqual([]);
        expect(counts.requests).toBeGreaterThan(CLIENTS);
      } finally {
        await service.close();
      }
    },
    120_000 + SOAK_SECONDS * 2000,
  );
});
