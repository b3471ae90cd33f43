// Issue 20 items 1, 5 and 7 on an API that is not the shop (test/fixtures/library): the generated
// client sends, the generated server accepts and the OpenAPI document describes the same query
// bytes; `total` answers are described as sent; a handler's unexpected error is a 500 in the
// interface's internal-error shape, reported through onInternalError, in both error styles.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

type Json = Record<string, any>;
type Loose = Record<string, any>;

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;
let openapi: Json;
let envelopeOpenapi: Json;
let Client: new (options: object) => Loose;
const seen: Loose[] = [];
const internalErrors: unknown[] = [];
let failWith: Error | undefined;

const book = { id: 1, title: 'Dune', genre: 'fiction', tags: ['classic'] };

beforeAll(async () => {
  fixture = await generateFixture('library');
  const library = await fixture.load('library-api/server.ts');
  const envelope = await fixture.load('library-envelope-api/server.ts');
  Client = (await fixture.load('library-api/client.ts'))['LibraryApiClient'];
  openapi = await fixture.json('library-api/openapi.json');
  envelopeOpenapi = await fixture.json('library-envelope-api/openapi.json');
  const maybeFail = () => {
    if (failWith) throw failWith;
  };
  const onInternalError = (error: unknown) => internalErrors.push(error);
  served = await serveFixture(fixture, async (app) => {
    await app.register(
      library['libraryApiPlugin']({
        handlers: {
          listBooks: async (input: Loose) => (seen.push(input), maybeFail(), { items: [book], total: 7 }),
          createBook: async (input: Loose) => (maybeFail(), { ...input['body'], id: 2 }),
          getBook: async () => (maybeFail(), book),
          listAuthors: async () => ({ items: [{ id: 1, name: 'Herbert' }], total: 1 }),
        },
        auth: {},
        onInternalError,
      }),
    );
    await app.register(
      envelope['libraryEnvelopeApiPlugin']({
        handlers: {
          listAuthors: async (input: Loose) => (
            seen.push(input),
            maybeFail(),
            { items: [{ id: 1, name: 'Herbert' }], total: 1 }
          ),
          createAuthor: async (input: Loose) => (maybeFail(), { ...input['body'], id: 2 }),
        },
        auth: {},
        onInternalError,
      }),
    );
  });
  base = served.origin;
}, 120_000);

afterAll(async () => served?.close());

/** The query the handler of the last request saw. */
async function queryOf(path: string): Promise<{ status: number; query: unknown; body: Json }> {
  seen.length = 0;
  const response = await fetch(`${base}${path}`);
  const body = (await response.json()) as Json;
  return { status: response.status, query: seen[0]?.['query'], body };
}

function queryParameter(document: Json, path: string, name: string): Json {
  const parameters = document['paths'][path]['get']['parameters'] as Json[];
  return parameters.find((parameter) => parameter['name'] === name && parameter['in'] === 'query') as Json;
}

describe('form-style list query parameters', () => {
  it('the server reads repeated names as one list, in order', async () => {
    const answer = await queryOf('/library/books?tag=a&tag=c&year=1965&year=1984');
    expect(answer.status).toBe(200);
    expect(answer.query).toMatchObject({ tag: ['a', 'c'], year: [1965, 1984] });
  });

  it('one value is a one-element list, and the bracket spelling still works', async () => {
    expect((await queryOf('/library/books?tag=a')).query).toMatchObject({ tag: ['a'] });
    expect((await queryOf('/library/books?tag[]=a&tag[]=c')).query).toMatchObject({ tag: ['a', 'c'] });
  });

  it('the envelope interface reads them the same way', async () => {
    expect((await queryOf('/envelope/authors?name=x&name=y')).query).toEqual({ name: ['x', 'y'] });
  });

  it('the generated client sends what the server reads, and the handler sees the values it was given', async () => {
    const client = new Client({ baseUrl: base, auth: {} });
    seen.length = 0;
    const filter = [{ field: 'title', value: 'a&b=c' }];
    const where = { year: { gt: 1900 }, text: 'x y' };
    await client['listBooks']({ query: { tag: ['a', 'c'], year: [1965], filter, where, genre: 'science' } });
    expect(seen[0]?.['query']).toEqual({ tag: ['a', 'c'], year: [1965], filter, where, genre: 'science', limit: 20 });
  });

  it('the OpenAPI document describes form lists as repeated names (style form, explode true)', () => {
    for (const name of ['tag', 'year']) {
      const parameter = queryParameter(openapi, '/library/books', name);
      expect(parameter['style'] ?? 'form').toBe('form');
      expect(parameter['explode'] ?? true).toBe(true);
      expect(parameter['schema']['type']).toBe('array');
    }
    // A deepObject list of records is described by its indexed names; JSON text as a string with contentSchema (wire-
    // styles.test.ts).
    expect(queryParameter(openapi, '/library/books', 'filter[0][field]')).toMatchObject({ schema: { type: 'string' } });
    expect(queryParameter(openapi, '/library/books', 'where')['schema']).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
    });
  });

  it('reports every bad query parameter at once', async () => {
    const answer = await queryOf('/library/books?year=x&limit=0&genre=poetry');
    expect(answer.status).toBe(400);
    const details = (answer.body['errors'] as Json[]).map((error) => String(error['detail']));
    expect(details).toHaveLength(3);
    for (const name of ['year', 'limit', 'genre'])
      expect(details.some((detail) => detail.includes(`"${name}`))).toBe(true);
  });

  it('in the success-false style too, every bad parameter is named', async () => {
    const response = await fetch(`${base}/envelope/authors?name[a]=x`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('name');
  });
});

describe('total answers in the OpenAPI document', () => {
  const AjvClass = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
  const applyFormats = addFormats.default ?? (addFormats as unknown as typeof addFormats.default);
  const ajv = () => {
    const validator = new AjvClass({ strict: false, allErrors: true });
    applyFormats(validator);
    return validator;
  };

  async function validates(document: Json, path: string, url: string): Promise<void> {
    const response = await fetch(`${base}${url}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as unknown;
    const schema = document['paths'][path]['get']['responses']['200']['content']['application/json']['schema'] as Json;
    const validator = ajv();
    validator.addSchema({ ...document, $id: 'doc' } as object, 'doc');
    const validate = validator.compile({
      $ref: `doc#/paths/${path.replace(/\//g, '~1')}/get/responses/200/content/application~1json/schema`,
    });
    expect(validate(body), JSON.stringify({ body, schema, errors: validate.errors })).toBe(true);
  }

  it('a plain JSON list with total is described as {items, total}, as sent', async () => {
    await validates(openapi, '/library/books', '/library/books');
    const sent = await (await fetch(`${base}/library/books`)).json();
    expect(sent).toEqual({ items: [book], total: 7 });
  });

  it('an envelope: none list with total is described as {items, total}', async () => {
    await validates(openapi, '/library/authors', '/library/authors');
  });

  it('a success envelope with total is described as sent', async () => {
    await validates(envelopeOpenapi, '/envelope/authors', '/envelope/authors');
  });
});

describe('an unexpected error in a handler', () => {
  it.each([
    { style: 'errors-array', method: 'GET', path: '/library/books/1' },
    { style: 'errors-array', method: 'GET', path: '/library/books' },
    { style: 'success-false', method: 'GET', path: '/envelope/authors' },
  ])(
    'is a 500 in the $style internal-error shape, reported through onInternalError ($path)',
    async ({ style, path }) => {
      internalErrors.length = 0;
      failWith = new Error('boom: secret detail');
      try {
        const response = await fetch(`${base}${path}`);
        const text = await response.text();
        expect(response.status).toBe(500);
        expect(text).not.toContain('boom');
        expect(text).not.toContain('400');
        expect(text).not.toContain('BAD_REQUEST');
        const body = JSON.parse(text) as Json;
        if (style === 'errors-array') {
          expect(body).toEqual({
            errors: [
              { status: '500', code: 'INTERNAL_ERROR', title: 'Internal Server Error', detail: 'Internal error.' },
            ],
          });
        } else {
          expect(body).toEqual({ success: false, message: 'Internal error.' });
        }
        expect(internalErrors).toEqual([failWith]);
      } finally {
        failWith = undefined;
      }
    },
  );

  it('a client fault stays a 400 and is not reported', async () => {
    internalErrors.length = 0;
    const response = await fetch(`${base}/library/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '', genre: 'poetry' }),
    });
    expect(response.status).toBe(400);
    expect(internalErrors).toEqual([]);
  });
});
