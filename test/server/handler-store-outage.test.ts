// docs/server.md ("A store that cannot be reached"): a handler's own PostgreSQL query that finds the server gone is
// a 500 as any error of the service's code, and the 503 with Retry-After the stores give once the handler throws a
// StoreUnreachable for what classifyPostgresError calls unreachable. The pool points at a port nothing listens on.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { classifyPostgresError } from '../../src/runtime/stores/postgres-store-base.js';
import { StoreUnreachable } from '../../src/runtime/stores/storage-errors.js';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';

const DEFINITIONS = `name: seats-api
interface: { title: Seats, basePath: /seats, style: success-envelope, errorStyle: success-false }
routes:
  countAsIs:
    method: GET
    path: /as-is
    responses: { '200': { body: { type: integer } } }
  countWrapped:
    method: GET
    path: /wrapped
    responses: { '200': { body: { type: integer } } }
`;

const CLOSED_PORT = 41_198;
const pool = new pg.Pool({ host: '127.0.0.1', port: CLOSED_PORT, user: 'postgres', connectionTimeoutMillis: 1000 });
pool.on('error', () => undefined);
const count = async () => Number((await pool.query('SELECT count(*) AS n FROM seats')).rows[0].n);

let served: ServedFixture;
beforeAll(async () => {
  served = await serveDefinitions('seats-api', DEFINITIONS, {
    countAsIs: count,
    async countWrapped() {
      try {
        return await count();
      } catch (error) {
        throw classifyPostgresError(error) === 'unreachable' ? new StoreUnreachable('PostgreSQL', error) : error;
      }
    },
  });
}, 60_000);
afterAll(async () => {
  await served?.close();
  await pool.end();
});

it("is a 500 when the handler lets the query's error through", async () => {
  const response = await fetch(`${served.origin}/seats/as-is`);
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({ success: false, message: 'Internal error.' });
});

it('is a 503 with Retry-After when the handler throws a StoreUnreachable', async () => {
  const response = await fetch(`${served.origin}/seats/wrapped`);
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({
    success: false,
    message: 'The service cannot reach its storage right now; try again later.',
  });
});
