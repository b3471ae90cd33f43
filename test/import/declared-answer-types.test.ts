// The handler types of an imported API whose routes declare error responses (bookings-import.ts), under the strictest
// tsc: a handler may return respond(status, body, headers) at a status its route declares (its own, one of a class
// no other response has, any under default) with that response's body and headers, and nothing else; a route's
// success result is typed as before.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GeneratedFixture } from '../helpers/generated-fixture.js';
import { generateBookings, NAME } from './bookings-import.js';

let fixture: GeneratedFixture;
beforeAll(async () => {
  fixture = await generateBookings();
}, 120_000);
afterAll(async () => fixture?.remove());

const HANDLERS = `
import type { BookingsApiHandlers } from './out/${NAME}/server.js';
import { respond } from './out/runtime/server/respond.js';

type Returns<Name extends keyof BookingsApiHandlers> = ReturnType<BookingsApiHandlers[Name]>;
const problem = { type: 'about:blank', title: 'Gone', status: 404, detail: 'cancelled' };

export const handlers: BookingsApiHandlers = {
  async createBooking({ body }) {
    return body.trip === 'Full' ? respond(400, { ...problem, status: 400 }) : body;
  },
  async getBooking({ params }) {
    if (params.bookingId === 'b9') return respond(404, problem, { 'x-trace': 't-9' });
    return params.bookingId === 'b8' ? respond(404, problem) : { trip: 'Paris' };
  },
  async deleteBooking({ params }) {
    if (params.bookingId === 'locked') return respond(409, problem);
    if (params.bookingId === 'teapot') return respond(418, problem);
  },
};

export async function undeclaredStatus(): Returns<'createBooking'> {
  // @ts-expect-error: createBooking declares no 404
  return respond(404, problem);
}

export async function wrongBody(): Returns<'getBooking'> {
  // @ts-expect-error: the 404's Problem has a numeric status
  return respond(404, { ...problem, status: 'four hundred and four' });
}

export async function missingBody(): Returns<'deleteBooking'> {
  // @ts-expect-error: the 409 has a Problem body
  return respond(409);
}

export async function wrongHeader(): Returns<'getBooking'> {
  // @ts-expect-error: x-trace is text
  return respond(404, problem, { 'x-trace': 9 });
}

export async function successAsBefore(): Returns<'getBooking'> {
  // @ts-expect-error: a success result is the booking itself, as on a route without other responses
  return { trip: 1 };
}
`;

it('a handler answers only at declared statuses, with their bodies and headers (strict tsc)', async () => {
  await writeFile(join(fixture.dir, 'handlers.ts'), HANDLERS);
  const tsc = await fixture.typecheck(['out/**/*.ts', 'handlers.ts']);
  expect(tsc.output).toBe('');
  expect(tsc.code).toBe(0);
}, 120_000);
