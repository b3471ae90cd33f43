// A locked database (issue 31 item 7): another process holds the reference service's SQLite file locked for
// writing. better-sqlite3 waits for a lock synchronously, so with busy_timeout 5 s each write that met it
// stopped the whole service for 5 s and then answered 500. Now a statement waits 25 ms, the write is retried
// off the event loop for about 1.5 s, and then answers 503 with Retry-After in the interface's error shape;
// unrelated requests are answered meanwhile, and once the lock is gone writes succeed.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_BUSY_RETRY_AFTER_SECONDS } from '../../src/runtime/stores/storage-errors.js';
import { ACCESS_KEY } from '../server/helpers.js';
import { CONTEXT_PATH, startServiceProcess, type ServiceProcess } from './service-process.js';

const LINE_ITEM = { items: [{ type: 'product', referencedId: 'b803112561d85038703c7e86e191a881', quantity: 1 }] };

let service: ServiceProcess;
let other: Database.Database;
beforeAll(async () => {
  service = await startServiceProcess();
  // The other process's connection: the service runs in its own process, so this lock is another process's.
  other = new Database(service.dataFile);
}, 40_000);
afterAll(() => {
  if (other?.inTransaction) other.exec('ROLLBACK');
  other?.close();
  service?.stop();
});

/** Adds a line item to a new cart: a write (the session is stored). */
function addToCart(): Promise<Response> {
  return fetch(`http://127.0.0.1:${service.port}/store-api/v3/checkout/cart/line-item`, {
    method: 'POST',
    headers: { 'svc-access-key': ACCESS_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(LINE_ITEM),
  });
}

describe('a database another process holds locked', () => {
  it('answers writes 503 with Retry-After, other requests at once, and writes again after the lock', async () => {
    expect((await addToCart()).status).toBe(200);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const writeStarted = Date.now();
      const write = addToCart();
      // An unrelated request (a read) while the write waits for the lock.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const readStarted = Date.now();
      const read = await fetch(`http://127.0.0.1:${service.port}${CONTEXT_PATH}`, {
        headers: { 'svc-access-key': ACCESS_KEY },
      });
      const readMs = Date.now() - readStarted;
      expect(read.status).toBe(200);
      const locked = await write;
      const writeMs = Date.now() - writeStarted;
      const body = (await locked.json()) as { errors: { status: string; detail: string }[] };
      console.log(
        `locked database: an unrelated read answered in ${readMs} ms while a write waited; ` +
          `the write answered ${locked.status} after ${writeMs} ms (Retry-After ${locked.headers.get('retry-after')})`,
      );
      expect(locked.status).toBe(503);
      expect(locked.headers.get('retry-after')).toBe(String(STORAGE_BUSY_RETRY_AFTER_SECONDS));
      expect(body.errors[0]).toMatchObject({ status: '503', detail: 'The service storage is busy; try again later.' });
      // With a synchronous 5 s wait the read waited about as long as the write; a generous bound well below.
      expect(readMs).toBeLessThan(1_000);
    } finally {
      other.exec('COMMIT');
    }
    expect((await addToCart()).status).toBe(200);
  }, 30_000);
});
