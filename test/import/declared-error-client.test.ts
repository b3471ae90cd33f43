// A client reading a declared error response with its type: the bookings API (bookings-import.ts) with a 422 Problem
// on createBooking and a `4XX` {reason} beside getBooking's 404 Problem, generated and served on loopback. The
// server respond()s a declared answer; the client's isDeclaredError narrows the ApiClientError to the response the
// route declares at its status (its own, else its class's, else default's, as respond() picks it), and only when the
// body fits that response's schema. Under the strictest tsc, the narrowed body has that response's type.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { DOCUMENT, generateBookings, NAME } from './bookings-import.js';

type Json = Record<string, any>;

const TOKEN = 'good-token';
const PROBLEM = { type: 'https://example.org/gone', title: 'Gone', status: 404, detail: 'b9 was cancelled' };

/** DOCUMENT with a 422 Problem on createBooking and a `4XX` whose body needs a reason on getBooking. */
function documentWithErrors(): Json {
  const document: Json = structuredClone(DOCUMENT);
  const responses = (path: string, method: string): Json => document['paths'][path][method]['responses'];
  const problem = responses('/bookings', 'post')['400'];
  responses('/bookings', 'post')['422'] = { ...problem, description: 'Unprocessable' };
  const reason = { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } };
  responses('/bookings/{bookingId}', 'get')['4XX'] = {
    description: 'Refused',
    content: { 'application/json': { schema: reason } },
  };
  return document;
}

let fixture: GeneratedFixture;
let served: ServedApp;
let client: Json;
let isDeclaredError: (error: unknown, route: string, status: number | string) => boolean;
beforeAll(async () => {
  fixture = await generateBookings(undefined, documentWithErrors());
  const { bookingsApiPlugin } = await fixture.load(`${NAME}/server.ts`);
  const { Conflict } = await fixture.load('runtime/core/errors.ts');
  const { respond } = await fixture.load('runtime/server/respond.ts');
  const handlers = {
    createBooking: async ({ body }: { body: Json }) =>
      body['trip'] === 'Atlantis' ? respond(422, { ...PROBLEM, status: 422, detail: 'no such city' }) : body,
    getBooking: async ({ params }: { params: Json }) => {
      const id = params['bookingId'];
      if (id === 'b9') return respond(404, PROBLEM);
      if (id === 'old') return respond(410, { reason: 'expired' });
      if (id === 'busy') throw new Conflict({ detail: 'the booking is being changed' });
      return { trip: 'Paris' };
    },
    deleteBooking: async ({ params }: { params: Json }) => {
      if (params['bookingId'] === 'teapot') return respond(418, { ...PROBLEM, title: 'Teapot', status: 418 });
      return respond(409, { ...PROBLEM, title: 'Locked', status: 409 });
    },
  };
  const verifyToken = (token: string) => (token === TOKEN ? { subject: 'traveller', scopes: [] } : undefined);
  served = await serveFixture(fixture, (app) =>
    app.register(bookingsApiPlugin({ handlers, auth: { token: { verifyToken } } })),
  );
  const generated = await fixture.load(`${NAME}/client.ts`);
  client = new generated.BookingsApiClient({ baseUrl: served.origin, auth: { token: { token: TOKEN } } });
  isDeclaredError = generated.isDeclaredError;
}, 120_000);
afterAll(async () => {
  await served?.close();
  await fixture?.remove();
});

/** What a call rejected with. */
async function rejection(call: Promise<unknown>): Promise<Json> {
  return call.then(
    () => expect.unreachable('the call succeeded'),
    (error: Json) => error,
  );
}

/** getBooking through a client whose fetch answers 404 with `problem`, as a service outside svcgen may. */
async function answering404(problem: Json): Promise<unknown> {
  const { BookingsApiClient } = await fixture.load(`${NAME}/client.ts`);
  const body = JSON.stringify(problem);
  const fetch = async () =>
    new Response(body, { status: 404, headers: { 'content-type': 'application/problem+json' } });
  const lying = new BookingsApiClient({ baseUrl: served.origin, auth: { token: { token: TOKEN } }, fetch });
  return lying.getBooking({ params: { bookingId: 'b9' } });
}

describe('isDeclaredError, served', () => {
  it("respond(404, problem): the error is getBooking's 404 with the Problem as its body", async () => {
    const error = await rejection(client['getBooking']({ params: { bookingId: 'b9' } }));
    expect(isDeclaredError(error, 'getBooking', 404)).toBe(true);
    expect(error['body']).toEqual(PROBLEM);
    expect(isDeclaredError(error, 'getBooking', '4XX')).toBe(false);
    expect(isDeclaredError(error, 'getBooking', 410)).toBe(false);
    // The same status of another route is not that route's response.
    expect(isDeclaredError(error, 'deleteBooking', 404)).toBe(false);
  });

  it("respond(422, problem): createBooking's 422", async () => {
    const error = await rejection(client['createBooking']({ body: { trip: 'Atlantis' } }));
    expect(isDeclaredError(error, 'createBooking', 422)).toBe(true);
    expect(error['body']).toMatchObject({ status: 422, detail: 'no such city' });
    expect(isDeclaredError(error, 'createBooking', 400)).toBe(false);
  });

  it('a status of a class (410 under 4XX) and one under default (418), as respond() picks them', async () => {
    const old = await rejection(client['getBooking']({ params: { bookingId: 'old' } }));
    expect([isDeclaredError(old, 'getBooking', 410), isDeclaredError(old, 'getBooking', '4XX')]).toEqual([true, true]);
    expect(old['body']).toEqual({ reason: 'expired' });
    const teapot = await rejection(client['deleteBooking']({ params: { bookingId: 'teapot' } }));
    expect(isDeclaredError(teapot, 'deleteBooking', 'default')).toBe(true);
    expect(isDeclaredError(teapot, 'deleteBooking', 418)).toBe(true);
    // A 409 is the route's own 409, never default's.
    const locked = await rejection(client['deleteBooking']({ params: { bookingId: 'locked' } }));
    expect([
      isDeclaredError(locked, 'deleteBooking', 409),
      isDeclaredError(locked, 'deleteBooking', 'default'),
    ]).toEqual([true, false]);
  });

  it("a body that does not fit the response's schema is not narrowed, and stays as it came", async () => {
    // The runtime's error body for a thrown Conflict at 409, which getBooking's 4XX (a reason) does not describe.
    const busy = await rejection(client['getBooking']({ params: { bookingId: 'busy' } }));
    expect(busy).toMatchObject({ name: 'ApiClientError', status: 409, code: 'CONFLICT' });
    expect([isDeclaredError(busy, 'getBooking', 409), isDeclaredError(busy, 'getBooking', '4XX')]).toEqual([
      false,
      false,
    ]);
    expect(busy['body']['errors'][0]).toMatchObject({ code: 'CONFLICT' });
    // A 404 whose Problem has a text status, from a service that breaks its declaration.
    const lying = await rejection(answering404({ ...PROBLEM, status: 'gone' }));
    expect(isDeclaredError(lying, 'getBooking', 404)).toBe(false);
    expect(lying['body']).toEqual({ ...PROBLEM, status: 'gone' });
  });

  it('a body with members its schema does not declare fits, and keeps them', async () => {
    const extended = await rejection(answering404({ ...PROBLEM, instance: '/bookings/b9' }));
    expect(isDeclaredError(extended, 'getBooking', 404)).toBe(true);
    expect(extended['body']).toEqual({ ...PROBLEM, instance: '/bookings/b9' });
  });

  it('anything but an ApiClientError is not a declared error', () => {
    expect(isDeclaredError(new Error('HTTP 404'), 'getBooking', 404)).toBe(false);
    expect(isDeclaredError({ name: 'ApiClientError', status: 404, body: PROBLEM }, 'getBooking', 404)).toBe(false);
    expect(isDeclaredError(undefined, 'getBooking', 404)).toBe(false);
  });
});

const READER = `
import { ApiClientError, BookingsApiClient, isDeclaredError, NetworkError } from './out/${NAME}/client.js';
import type { DeleteBookingResponses, GetBookingResponses } from './out/${NAME}/types.js';

/** True only when A and B are the same type (never is neither a Problem nor a reason). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;

declare const client: BookingsApiClient;

/** A react-query hook's error: one of the client's error classes, or null. */
export function hookMessage(error: ApiClientError | NetworkError | null): string | undefined {
  if (isDeclaredError(error, 'createBooking', 422)) return error.body.detail;
  // @ts-expect-error: not narrowed, the error may be null
  return error.message;
}

export async function read(): Promise<string> {
  try {
    await client.getBooking({ params: { bookingId: 'b9' } });
    return 'found';
  } catch (error) {
    if (isDeclaredError(error, 'getBooking', 404)) {
      const exact: 404 = error.status;
      const problem: Same<typeof error.body, GetBookingResponses[404]> = true;
      const title: string | undefined = error.body.title;
      // @ts-expect-error: the 404's Problem has a numeric status
      const text: string = error.body.status;
      // @ts-expect-error: the 404 is a Problem, not the 4XX's reason
      void error.body.reason;
      return \`\${exact} \${problem} \${title} \${text}\`;
    }
    if (isDeclaredError(error, 'getBooking', 410)) {
      // @ts-expect-error: 410 falls under the 4XX, whose body has a reason and no title
      void error.body.title;
      const reason: Same<typeof error.body, GetBookingResponses['4XX']> = true;
      return \`\${reason} \${error.body.reason}\`;
    }
    if (isDeclaredError(error, 'getBooking', '4XX')) return error.body.reason;
    if (isDeclaredError(error, 'deleteBooking', 418)) {
      const unexpected: Same<typeof error.body, DeleteBookingResponses['default']> = true;
      return \`\${unexpected} \${error.body.status}\`;
    }
    if (isDeclaredError(error, 'deleteBooking', 'default')) return error.body.detail ?? '';
    if (isDeclaredError(error, 'createBooking', 422)) return error.body.detail ?? '';
    // @ts-expect-error: createBooking declares no 404, no class and no default
    if (isDeclaredError(error, 'createBooking', 404)) return 'never';
    // @ts-expect-error: getBooking declares no 5XX
    if (isDeclaredError(error, 'getBooking', 500)) return 'never';
    // @ts-expect-error: no such route
    if (isDeclaredError(error, 'listBookings', 404)) return 'never';
    if (error instanceof ApiClientError) {
      // @ts-expect-error: an error not narrowed has a body of unknown type
      void error.body.title;
    }
    throw error;
  }
}
`;

it('isDeclaredError narrows the body to the declared response at the status (strict tsc)', async () => {
  await writeFile(join(fixture.dir, 'reader.ts'), READER);
  const tsc = await fixture.typecheck(['out/**/*.ts', 'reader.ts']);
  expect(tsc.output).toBe('');
  expect(tsc.code).toBe(0);
}, 120_000);
