// Issue 36 item 2: mock data comes from the definitions' own examples where they give them. The first
// mock record of each kind is the record's example, or its fields' and named types' examples; the
// others are made up (distinct ids); every answer still fits the emitted OpenAPI document (ajv).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { askMock, mockedRoutes, mockRequests } from '../helpers/msw-requests.js';
import { OpenApiResponses } from '../server/openapi-responses.js';

let fixture: GeneratedFixture;
let handlers: readonly any[];

beforeAll(async () => {
  fixture = await generateFixture('examples', undefined, 'emitters:\n  msw: true\n');
  handlers = (await fixture.load('catalog/msw.ts'))['defaultHandlers'];
}, 120_000);
afterAll(() => fixture?.remove());

/** The data of the mock's answer to a GET, out of the success envelope. */
async function data(target: string): Promise<any> {
  const reply = await askMock(handlers, { method: 'GET', target });
  expect(reply?.status, target).toBe(200);
  return (reply?.json as { data: unknown }).data;
}

describe('msw handlers with the definitions’ examples', () => {
  it('answer a record with its fields’ examples and its named type’s example', async () => {
    expect(await data('/api/books/41')).toEqual({
      authorId: 7,
      contact: 'orders@example.com',
      id: 41,
      price: 12.5,
      sku: 'TEA-0042',
      status: 'live',
      tags: ['classic', 'novel'],
      title: 'The Dispossessed',
    });
  });

  it('answer a record with its own example as written', async () => {
    expect(await data('/api/authors/7')).toEqual({ born: '1929-10-21', id: 7, name: 'Ursula' });
  });

  it('list the example first, then made-up records with other ids, whose foreign key names the example', async () => {
    const books = await data('/api/books');
    expect(books[0].title).toBe('The Dispossessed');
    expect(books.map((book: { id: number }) => book.id)).toEqual([41, 2, 3]);
    expect(books[1].title).not.toBe('The Dispossessed');
    expect(new Set(books.map((book: { authorId: number }) => book.authorId))).toEqual(new Set([7]));
  });

  it('answer every route as the emitted OpenAPI document says', async () => {
    const document = new OpenApiResponses('catalog', join(fixture.out, 'catalog', 'openapi.json'));
    let checked = 0;
    for (const route of mockedRoutes(await fixture.load('catalog/metadata.ts'))) {
      for (const request of mockRequests(route)) {
        const reply = await askMock(handlers, request);
        if (reply === undefined) throw new Error(`${request.method} ${request.target}: no handler answered`);
        document.expectDocumented(reply, route.path, route.method.toLowerCase());
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
