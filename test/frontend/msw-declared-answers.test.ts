// The mocks of an imported API whose routes declare error bodies of their own (bookings-import.ts: RFC 7807 Problems
// at 404, 409, default): a per-test resolver returns respond(status, body, headers) as the route's handler does, and
// the mock sends that response as the generated server would, which the generated client reads as an ApiClientError
// with the body; a status the route does not declare, or another body, does not compile.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFixture } from '../helpers/generated-fixture.js';
import { MOCK_ORIGIN } from '../helpers/msw-requests.js';
import { OpenApiResponses } from '../server/openapi-responses.js';
import { generateBookings, NAME } from '../import/bookings-import.js';

type Loose = Record<string, any>;
const server = setupServer();
const problem = { type: 'about:blank', title: 'Gone', status: 404, detail: 'cancelled' };

let fixture: GeneratedFixture;
let mocks: Loose;
let respond: (status: number, body?: unknown, headers?: unknown) => unknown;

beforeAll(async () => {
  fixture = await generateBookings('emitters:\n  msw: true\n');
  mocks = await fixture.load(`${NAME}/msw.ts`);
  ({ respond } = await fixture.load('runtime/server/respond.ts'));
  server.listen({ onUnhandledRequest: 'error' });
}, 120_000);
afterAll(async () => {
  server.close();
  await fixture?.remove();
});

describe('a mock resolver answering respond(status, body)', () => {
  it("sends the route's declared response, as its OpenAPI document describes it", async () => {
    server.resetHandlers(mocks['handlers'].getBooking(() => respond(404, problem, { 'x-trace': 't-9' })));
    const response = await fetch(`${MOCK_ORIGIN}/bookings/b1`);
    const text = await response.text();
    expect([response.status, JSON.parse(text), response.headers.get('x-trace')]).toEqual([404, problem, 't-9']);
    const document = new OpenApiResponses(NAME, join(fixture.out, NAME, 'openapi.json'));
    const received = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
      json: JSON.parse(text),
      header: (name: string) => response.headers.get(name) ?? undefined,
    };
    document.expectDocumented(received, '/bookings/{bookingId}', 'get');
  });

  it('reaches the generated client as an ApiClientError carrying the body', async () => {
    server.resetHandlers(mocks['handlers'].deleteBooking(() => respond(409, { ...problem, status: 409 })));
    const { BookingsApiClient } = await fixture.load(`${NAME}/client.ts`);
    const client = new BookingsApiClient({ baseUrl: MOCK_ORIGIN, auth: { token: { token: 't' } } });
    await expect(client.deleteBooking({ params: { bookingId: 'b1' } })).rejects.toMatchObject({
      name: 'ApiClientError',
      status: 409,
      body: { ...problem, status: 409 },
    });
  });

  it('is typed by the route: a declared status with its body, nothing else', async () => {
    const use = `import { handlers } from './out/${NAME}/msw.js';
import { respond } from './out/runtime/server/respond.js';
const problem = { title: 'Gone', status: 404 };
export const found = handlers.getBooking(() => respond(404, problem, { 'x-trace': 't' }));
export const other = handlers.deleteBooking(() => respond(500, problem));
// @ts-expect-error: getBooking declares no 409
export const undeclared = handlers.getBooking(() => respond(409, problem));
// @ts-expect-error: a 404's body is a Problem
export const wrongBody = handlers.getBooking(() => respond(404, { title: 7 }));
`;
    await writeFile(join(fixture.dir, 'use-mocks.ts'), use);
    const result = await fixture.typecheck(['use-mocks.ts', `out/${NAME}/msw.ts`]);
    expect(result.output).toBe('');
  }, 300_000);
});
