// An imported API whose operations declare 400, 401, 404, 409 and `default` with an RFC 7807 Problem body (as
// train-travel.json does), imported, generated and served on loopback: a request that fails validation, one that
// cannot be read and one without credentials get the runtime's own error body, and so do the errors a handler throws
// (NotFound, Conflict, an unexpected one), since a handler sends only success responses. Each answer is judged by ajv
// against the emitted document's response for its status and media type (test/openapi/conformance.ts). The document
// describes the input's Problem body there too, and the generated client reads the error bodies as ApiClientErrors.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/import/import.js';
import { generateFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { removeDir, tempDir } from '../helpers/tree.js';
import { OpenApiConformance, type Exchange } from '../openapi/conformance.js';

type Json = Record<string, any>;

const PROBLEM = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
const BOOKING = { $ref: '#/components/schemas/Booking' };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Bookings', version: '1' },
  components: {
    securitySchemes: { token: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Problem: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
        },
      },
      Booking: { type: 'object', required: ['trip'], properties: { trip: { type: 'string', minLength: 1 } } },
    },
  },
  security: [{ token: [] }],
  paths: {
    '/bookings': {
      post: {
        operationId: 'createBooking',
        requestBody: { required: true, content: { 'application/json': { schema: BOOKING } } },
        responses: {
          '201': { description: 'Created', content: { 'application/json': { schema: BOOKING } } },
          '400': { description: 'Bad Request', ...PROBLEM },
          '401': { description: 'Unauthorized', ...PROBLEM },
        },
      },
    },
    '/bookings/{bookingId}': {
      parameters: [{ name: 'bookingId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getBooking',
        responses: {
          '200': { description: 'The booking', content: { 'application/json': { schema: BOOKING } } },
          '404': { description: 'Not Found', ...PROBLEM },
        },
      },
      delete: {
        operationId: 'deleteBooking',
        responses: {
          '204': { description: 'Deleted' },
          '409': { description: 'Conflict', ...PROBLEM },
          default: { description: 'Unexpected', ...PROBLEM },
        },
      },
    },
  },
};

const NAME = 'bookings-api';
const TOKEN = 'good-token';

let served: ServedApp;
let document: Json;
let client: Json;
let conformance: OpenApiConformance;
beforeAll(async () => {
  const source = await tempDir('svcgen-import-error-bodies-');
  try {
    await writeFile(join(source, 'bookings.json'), JSON.stringify(DOCUMENT));
    const definitionsDir = join(source, 'definitions');
    importDocument({ file: join(source, 'bookings.json'), definitionsDir, name: NAME });
    const names = await readdir(definitionsDir);
    const files = Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await readFile(join(definitionsDir, name), 'utf8')])),
    );
    const fixture = await generateFixture(NAME, files);
    document = await fixture.json(`${NAME}/openapi.json`);
    conformance = new OpenApiConformance(NAME, document);
    const { bookingsApiPlugin } = await fixture.load(`${NAME}/server.ts`);
    const { NotFound, Conflict } = await fixture.load('runtime/core/errors.ts');
    const handlers = {
      createBooking: async ({ body }: { body: Json }) => body,
      getBooking: async ({ params }: { params: Json }) => {
        if (params['bookingId'] !== 'b1') throw new NotFound({ detail: `no booking ${params['bookingId']}` });
        return { trip: 'Paris' };
      },
      deleteBooking: async ({ params }: { params: Json }) => {
        if (params['bookingId'] === 'paid') throw new Conflict({ detail: 'a paid booking stays' });
        throw new Error('the ledger is gone');
      },
    };
    const verifyToken = (token: string) => (token === TOKEN ? { subject: 'traveller', scopes: [] } : undefined);
    served = await serveFixture(fixture, (app) =>
      app.register(bookingsApiPlugin({ handlers, auth: { token: { verifyToken } } })),
    );
    const { BookingsApiClient } = await fixture.load(`${NAME}/client.ts`);
    client = new BookingsApiClient({ baseUrl: served.origin, auth: { token: { token: 'wrong-token' } } });
  } finally {
    await removeDir(source);
  }
}, 120_000);
afterAll(async () => served?.close());

/** POSTs `body` to /bookings; the answer as the conformance helper reads it. */
async function post(body: string, headers: Record<string, string>): Promise<Exchange & { json: Json }> {
  return send('POST', '/bookings', { body, headers: { 'content-type': 'application/json', ...headers } });
}

/** Sends a request to `path`; the answer as the conformance helper reads it. */
async function send(method: string, path: string, init: RequestInit = {}): Promise<Exchange & { json: Json }> {
  const response = await fetch(`${served.origin}${path}`, { method, ...init });
  const text = await response.text();
  return {
    method,
    path,
    status: response.status,
    header: (name) => response.headers.get(name) ?? undefined,
    text,
    json: JSON.parse(text) as Json,
  };
}

const withToken = { authorization: `Bearer ${TOKEN}` };

describe('an imported 400 and 401 with a Problem body, served', () => {
  it('a body that breaks the schema: 400 with the runtime error body, as the document describes', async () => {
    const answer = await post('{"trip":""}', withToken);
    expect(answer.status).toBe(400);
    expect(answer.json['errors'][0]).toMatchObject({ status: '400', code: 'VALIDATION_FAILED' });
    expect(conformance.violations(answer)).toEqual([]);
  });

  it('a body that is not JSON: 400 with the runtime error body, as the document describes', async () => {
    const answer = await post('{"trip":', withToken);
    expect(answer.status).toBe(400);
    expect(answer.json['errors'][0]).toMatchObject({ status: '400', code: 'BAD_REQUEST' });
    expect(conformance.violations(answer)).toEqual([]);
  });

  it('no credentials: 401 with the runtime error body, as the document describes', async () => {
    const answer = await post('{"trip":"Paris"}', {});
    expect(answer.status).toBe(401);
    expect(answer.json['errors'][0]).toMatchObject({ status: '401', code: 'UNAUTHORIZED' });
    expect(conformance.violations(answer)).toEqual([]);
  });

  it("the input's Problem body still fits both statuses, and a body of neither shape fits none", () => {
    const exchange = (status: number, body: unknown): Exchange => ({
      method: 'POST',
      path: '/bookings',
      status,
      header: (name) => (name === 'content-type' ? 'application/json' : undefined),
      text: JSON.stringify(body),
    });
    const problem = { type: 'about:blank', title: 'Sold out', status: 400, detail: 'No seats left' };
    expect(conformance.violations(exchange(400, problem))).toEqual([]);
    expect(conformance.violations(exchange(401, { ...problem, status: 401 }))).toEqual([]);
    expect(conformance.violations(exchange(400, { reason: 'neither' }))).not.toEqual([]);
  });

  it('a success still answers as the input says', async () => {
    const answer = await post('{"trip":"Paris"}', withToken);
    expect(answer.status).toBe(201);
    expect(conformance.violations(answer)).toEqual([]);
  });

  it("a handler's NotFound on a route with its own 404 Problem: the runtime error body, as the document describes", async () => {
    const answer = await send('GET', '/bookings/b2', { headers: withToken });
    expect(answer.status).toBe(404);
    expect(answer.json['errors'][0]).toMatchObject({ status: '404', code: 'NOT_FOUND', detail: 'no booking b2' });
    expect(conformance.violations(answer)).toEqual([]);
    const found = await send('GET', '/bookings/b1', { headers: withToken });
    expect([found.status, conformance.violations(found)]).toEqual([200, []]);
  });

  it("a handler's Conflict at its own 409, and an unexpected error under default: the runtime error body", async () => {
    const conflict = await send('DELETE', '/bookings/paid', { headers: withToken });
    expect(conflict.status).toBe(409);
    expect(conflict.json['errors'][0]).toMatchObject({ status: '409', code: 'CONFLICT' });
    expect(conformance.violations(conflict)).toEqual([]);
    const unexpected = await send('DELETE', '/bookings/b1', { headers: withToken });
    expect(unexpected.status).toBe(500);
    expect(unexpected.json['errors'][0]).toMatchObject({ status: '500', code: 'INTERNAL_ERROR' });
    expect(conformance.violations(unexpected)).toEqual([]);
  });

  it('the generated client reads both runtime bodies as ApiClientErrors with their code', async () => {
    const refused = await client['createBooking']({ body: { trip: 'Paris' } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'ApiClientError', status: 401, code: 'UNAUTHORIZED' });
    const { BookingsApiClient } = await served.fixture.load(`${NAME}/client.ts`);
    const authorized = new BookingsApiClient({ baseUrl: served.origin, auth: { token: { token: TOKEN } } });
    const invalid = await authorized.createBooking({ body: { trip: '' } }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ name: 'ApiClientError', status: 400, code: 'VALIDATION_FAILED' });
    expect(invalid.violations).toEqual([{ pointer: '/trip', message: expect.any(String) }]);
  });
});
