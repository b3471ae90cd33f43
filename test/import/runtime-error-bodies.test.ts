// An imported API whose operations declare 400, 401, 404, 409 and `default` with an RFC 7807 Problem body (as
// train-travel.json does: bookings-import.ts), imported, generated and served on loopback: a request that fails
// validation, one that cannot be read and one without credentials get the runtime's own error body, and so do the
// errors a handler throws (NotFound, Conflict, an unexpected one). A handler that answers `respond(404, problem)`
// sends the route's own Problem body, its undeclared members and headers dropped; a Problem that breaks its
// declaration, or a status the route does not declare, is a 500 breach. Each answer is judged by ajv against the
// emitted document's response for its status and media type (test/openapi/conformance.ts). The document describes
// the input's Problem body there too, and the generated client reads the error bodies as ApiClientErrors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { OpenApiConformance, type Exchange } from '../openapi/conformance.js';
import { generateBookings, NAME } from './bookings-import.js';

type Json = Record<string, any>;

const TOKEN = 'good-token';
const PROBLEM = { type: 'https://example.org/gone', title: 'Gone', status: 404, detail: 'b9 was cancelled' };

let served: ServedApp;
let document: Json;
let client: Json;
let conformance: OpenApiConformance;
const breaches: unknown[] = [];
beforeAll(async () => {
  const fixture = await generateBookings();
  document = await fixture.json(`${NAME}/openapi.json`);
  conformance = new OpenApiConformance(NAME, document);
  const { bookingsApiPlugin } = await fixture.load(`${NAME}/server.ts`);
  const { NotFound, Conflict } = await fixture.load('runtime/core/errors.ts');
  const { respond } = await fixture.load('runtime/server/respond.ts');
  const handlers = {
    createBooking: async ({ body }: { body: Json }) =>
      body['trip'] === 'Atlantis' ? respond(404, { ...PROBLEM, detail: 'no such city' }) : body,
    getBooking: async ({ params }: { params: Json }) => {
      const id = params['bookingId'];
      if (id === 'b9') return respond(404, { ...PROBLEM, secret: 'ledger-7' }, { 'x-trace': 't-9', 'x-secret': 's' });
      if (id !== 'b1') throw new NotFound({ detail: `no booking ${id}` });
      return { trip: 'Paris' };
    },
    deleteBooking: async ({ params }: { params: Json }) => {
      const id = params['bookingId'];
      if (id === 'paid') throw new Conflict({ detail: 'a paid booking stays' });
      if (id === 'locked') return respond(409, { ...PROBLEM, title: 'Locked', status: 409 });
      if (id === 'broken') return respond(409, { ...PROBLEM, status: 'four hundred and nine' });
      if (id === 'teapot') return respond(418, { ...PROBLEM, title: 'Teapot', status: 418 });
      if (id === 'gone') return respond(204);
      throw new Error('the ledger is gone');
    },
  };
  const verifyToken = (token: string) => (token === TOKEN ? { subject: 'traveller', scopes: [] } : undefined);
  const onInternalError = (error: unknown) => breaches.push(error);
  served = await serveFixture(fixture, (app) =>
    app.register(bookingsApiPlugin({ handlers, auth: { token: { verifyToken } }, onInternalError })),
  );
  const { BookingsApiClient } = await fixture.load(`${NAME}/client.ts`);
  client = new BookingsApiClient({ baseUrl: served.origin, auth: { token: { token: 'wrong-token' } } });
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
    // The Problem takes members it does not name (no additionalProperties), as the input's does: a title of the
    // wrong type fits neither shape.
    expect(conformance.violations(exchange(400, { title: 7 }))).not.toEqual([]);
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

describe("a handler's answer at a response its route declares, served", () => {
  it("respond(404, problem): the route's own Problem body and header, undeclared ones dropped", async () => {
    const answer = await send('GET', '/bookings/b9', { headers: withToken });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(PROBLEM);
    expect(answer.header('x-trace')).toBe('t-9');
    expect(answer.header('x-secret')).toBeUndefined();
    expect(answer.text).not.toContain('ledger-7');
    expect(conformance.violations(answer)).toEqual([]);
  });

  it('an answer at a status of its own (409), under default (418) and without a body (204)', async () => {
    const locked = await send('DELETE', '/bookings/locked', { headers: withToken });
    expect([locked.status, locked.json]).toEqual([409, { ...PROBLEM, title: 'Locked', status: 409 }]);
    expect(conformance.violations(locked)).toEqual([]);
    const teapot = await send('DELETE', '/bookings/teapot', { headers: withToken });
    expect([teapot.status, teapot.json]).toEqual([418, { ...PROBLEM, title: 'Teapot', status: 418 }]);
    expect(conformance.violations(teapot)).toEqual([]);
    const gone = await fetch(`${served.origin}/bookings/gone`, { method: 'DELETE', headers: withToken });
    expect([gone.status, await gone.text()]).toEqual([204, '']);
  });

  it("a Problem that breaks its declaration: the interface's 500, the breach handed to onInternalError", async () => {
    breaches.length = 0;
    // Under the route's default response, which describes the interface's error body beside its Problem.
    const answer = await send('DELETE', '/bookings/broken', { headers: withToken });
    expect(answer.status).toBe(500);
    expect(answer.json['errors'][0]).toMatchObject({ status: '500', code: 'INTERNAL_ERROR' });
    expect(answer.text).not.toContain('four hundred');
    expect(conformance.violations(answer)).toEqual([]);
    expect(breaches).toEqual([
      expect.objectContaining({ name: 'ResponseBreach', route: 'deleteBooking', status: 409 }),
    ]);
  });

  it("a status the route does not declare: the interface's 500, the breach handed to onInternalError", async () => {
    breaches.length = 0;
    const answer = await post('{"trip":"Atlantis"}', withToken);
    expect(answer.status).toBe(500);
    expect(answer.json['errors'][0]).toMatchObject({ status: '500', code: 'INTERNAL_ERROR' });
    expect(answer.text).not.toContain('no such city');
    expect(breaches).toEqual([
      expect.objectContaining({ name: 'ResponseBreach', route: 'createBooking', status: 404 }),
    ]);
  });

  it('the generated client reads the answer as an ApiClientError with the Problem as its body', async () => {
    const { BookingsApiClient } = await served.fixture.load(`${NAME}/client.ts`);
    const authorized = new BookingsApiClient({ baseUrl: served.origin, auth: { token: { token: TOKEN } } });
    const missing = await authorized.getBooking({ params: { bookingId: 'b9' } }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ name: 'ApiClientError', status: 404, body: PROBLEM });
  });
});
