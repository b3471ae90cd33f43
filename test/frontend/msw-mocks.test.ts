// Issue 36 item 2: the opt-in msw emitter's handlers answer every route of the shop's four
// interfaces and of another team's API in the interface's wire style, with example records the
// emitted OpenAPI document accepts (ajv), pages cut by limit and page, per-test overrides, and
// the interface's error shape for a thrown ApiError; the handlers compile under the strictest options.
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionFiles, generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { askMock, MOCK_ORIGIN, mockedRoutes, mockRequests } from '../helpers/msw-requests.js';
import { OpenApiResponses } from '../server/openapi-responses.js';
import type { ReceivedResponse } from '../server/helpers.js';

const CONFIG = 'emitters:\n  msw: true\n';
const server = setupServer();

let shop: GeneratedFixture;
let library: GeneratedFixture;
let clinic: GeneratedFixture;

beforeAll(async () => {
  shop = await generateFixture('shop', await definitionFiles(), CONFIG);
  library = await generateFixture('library', undefined, CONFIG);
  clinic = await generateFixture('every-construct', undefined, CONFIG);
  server.listen({ onUnhandledRequest: 'error' });
}, 120_000);
afterAll(async () => {
  server.close();
  await Promise.all([shop?.remove(), library?.remove(), clinic?.remove()]);
});

async function responseTo(method: string, url: string): Promise<ReceivedResponse> {
  const response = await fetch(url, {
    method,
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text,
    json: text === '' ? undefined : JSON.parse(text),
    header: (name) => response.headers.get(name) ?? undefined,
  };
}

/** Every route of the module's output under `out`, asked with and without each response flag and a page. */
async function checkEveryRoute(fixture: GeneratedFixture, module: string): Promise<number> {
  const mocks = await fixture.load(`${module}/msw.ts`);
  const document = new OpenApiResponses(module, join(fixture.out, module, 'openapi.json'));
  let checked = 0;
  for (const route of mockedRoutes(await fixture.load(`${module}/metadata.ts`))) {
    for (const request of mockRequests(route)) {
      const reply = await askMock(mocks['defaultHandlers'], request);
      const at = `${request.method} ${request.target}`;
      if (reply === undefined) throw new Error(`${at}: no handler answered`);
      const declared = document.document['paths'][route.path][route.method.toLowerCase()].responses;
      expect(Object.keys(declared), at).toContain(String(reply.status));
      if (reply.text !== '') document.expectDocumented(reply, route.path, route.method.toLowerCase());
      checked += 1;
    }
  }
  return checked;
}

describe('msw handlers', () => {
  it.each(['admin-api', 'banner-api', 'price-list-api', 'store-api'])(
    'answer every route of the shop %s as its OpenAPI document says',
    async (module) => {
      expect(await checkEveryRoute(shop, module)).toBeGreaterThan(3);
    },
  );

  it.each(['library-api', 'library-envelope-api'])('answer every route of another API (%s)', async (module) => {
    expect(await checkEveryRoute(library, module)).toBeGreaterThan(0);
  });

  it('page a list by limit and page, with the next link on the first page only', async () => {
    const mocks = await shop.load('admin-api/msw.ts');
    server.resetHandlers(...mocks['defaultHandlers']);
    const first = await responseTo('GET', `${MOCK_ORIGIN}/api/v3/product?limit=2&page=1`);
    const second = await responseTo('GET', `${MOCK_ORIGIN}/api/v3/product?limit=2&page=2`);
    expect(first.json.data).toHaveLength(2);
    expect(first.json.links.next).toContain('page=2');
    expect(second.json.data).toHaveLength(1);
    expect(second.json.links.next).toBeUndefined();
    expect(second.json.meta.total).toBe(3);
  });

  it('page a list the request leaves `limit` out of by its declared default, as the server does', async () => {
    // The shop's default (25) exceeds the examples (3): a default of 2 shows whether the mock applies it.
    const files = await definitionFiles();
    const admin = files['admin-api.yaml'] ?? '';
    const small = admin.replace('required: false\n        default: 25', 'required: false\n        default: 2');
    expect(small).not.toBe(admin);
    const smallShop = await generateFixture('shop', { ...files, 'admin-api.yaml': small }, CONFIG);
    try {
      const mocks = await smallShop.load('admin-api/msw.ts');
      server.resetHandlers(...mocks['defaultHandlers']);
      const first = await responseTo('GET', `${MOCK_ORIGIN}/api/v3/product`);
      const second = await responseTo('GET', `${MOCK_ORIGIN}/api/v3/product?page=2`);
      expect(first.json.data).toHaveLength(2);
      expect(second.json.data).toHaveLength(1);
      expect(second.json.meta.total).toBe(3);
    } finally {
      await smallShop.remove();
    }
  }, 120_000);

  it('take a per-test resolver, and answer a thrown ApiError in the error shape', async () => {
    const mocks = await library.load('library-api/msw.ts');
    const { NotFound } = await library.load('runtime/core/errors.ts');
    const document = new OpenApiResponses('library-api', join(library.out, 'library-api', 'openapi.json'));
    server.resetHandlers(
      mocks['handlers'].listBooks(() => ({ items: [], total: 41 })),
      mocks['handlers'].getBook(() => {
        throw new NotFound();
      }),
    );
    const list = await responseTo('GET', `${MOCK_ORIGIN}/library/books`);
    expect(list.json).toMatchObject({ items: [], total: 41 });
    const missing = await responseTo('GET', `${MOCK_ORIGIN}/library/books/7`);
    expect(missing.status).toBe(404);
    document.expectDocumented(missing, '/library/books/{id}', 'get');
  });

  it("take a service's origin, answering it only (handlersAt), where handlers take any", async () => {
    const mocks = await library.load('library-api/msw.ts');
    const at = mocks['handlersAt']('http://one.test');
    const book = { id: 7, title: 'One', genre: 'fiction' };
    const handlers = [at.getBook(() => book), mocks['handlers'].getBook(() => ({ ...book, title: 'Any' }))];
    const one = await askMock(handlers, { method: 'GET', target: '/library/books/7' }, 'http://one.test');
    const other = await askMock(handlers, { method: 'GET', target: '/library/books/7' }, 'http://two.test');
    expect([one?.json.title, other?.json.title]).toEqual(['One', 'Any']);
  });

  it('answer a file route with a file and an event stream route with its events, by default and per test', async () => {
    const mocks = await clinic.load('clinic-api/msw.ts');
    server.resetHandlers(...mocks['defaultHandlers']);
    const photo = await fetch(`${MOCK_ORIGIN}/clinic/patients/p-1/photo`);
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/png']);
    const feed = await fetch(`${MOCK_ORIGIN}/clinic/appointments/feed`);
    expect(feed.headers.get('content-type')).toContain('text/event-stream');
    expect([...(await feed.text()).matchAll(/^event: (.+)$/gm)].map((match) => match[1])).toEqual([
      'booked',
      'cancelled',
    ]);
    const bytes = new Uint8Array([137, 80, 78, 71]);
    server.resetHandlers(
      mocks['handlers'].getPhoto(() => ({
        body: new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) }),
        name: "p 1's.png",
      })),
      mocks['handlers'].watchAppointments(() => [{ event: 'cancelled', data: { reason: 'ill' }, id: '7' }]),
    );
    const streamed = await fetch(`${MOCK_ORIGIN}/clinic/patients/p-1/photo`);
    expect(new Uint8Array(await streamed.arrayBuffer())).toEqual(bytes);
    // The name as the server sends a FileResponse's, which the client reads into DownloadedFile.name.
    expect(streamed.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''p%201%27s.png");
    const one = await fetch(`${MOCK_ORIGIN}/clinic/appointments/feed`);
    expect(await one.text()).toContain('id: 7\nevent: cancelled\ndata: {"reason":"ill"}\n\n');
  });

  it('type file and event stream results (media types and events as declared)', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      join(clinic.dir, 'use-mocks.ts'),
      [
        "import type { ClinicApiMockResults } from './out/clinic-api/msw.js';",
        "export const photo: ClinicApiMockResults['getPhoto'] = { body: new Blob([]), mediaType: 'image/png' };",
        '// @ts-expect-error a media type the route does not declare',
        "export const wrong: ClinicApiMockResults['getPhoto'] = { mediaType: 'text/plain' };",
        "export const events: ClinicApiMockResults['watchAppointments'] = [];",
        '// @ts-expect-error an event the route does not declare',
        "export const unknown: ClinicApiMockResults['watchAppointments'] = [{ event: 'moved', data: {} }];",
      ].join('\n'),
    );
    const result = await clinic.typecheck(['use-mocks.ts', 'out/clinic-api/msw.ts']);
    expect(result.output).toBe('');
  }, 300_000);

  it('compile under the strictest options (the examples checked against the types)', async () => {
    const result = await shop.typecheck(['out/**/*.ts']);
    expect(result.output).toBe('');
    const other = await library.typecheck(['out/**/*.ts']);
    expect(other.output).toBe('');
  }, 300_000);
});
