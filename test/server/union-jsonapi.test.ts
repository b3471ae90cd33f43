// Issue 33 item 1: json:api with a union of records as an answer. Each value is the resource object of the record
// variant it is, with that record's own `type` (a tagged union's discriminator names the variant, and so its type);
// the generated client reads the plain variant back, and the OpenAPI document describes the answer. A request body
// that is such a union travels as the plain variant, as a record body of a json:api interface does.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';
import { send } from './helpers.js';
import { OpenApiResponses } from './openapi-responses.js';

type Loose = Record<string, any>;

const DEFINITIONS = `name: media-api
interface: { title: Media, basePath: /media, style: jsonapi, errorStyle: errors-array }
records:
  book:
    fields:
      id: { type: string }
      kind: { type: enum, values: [book] }
      pages: { type: integer }
  film:
    fields:
      id: { type: string }
      kind: { type: enum, values: [film] }
      minutes: { type: integer }
routes:
  getItem:
    method: GET
    path: /items/{id}
    pathParams:
      id: { type: string }
    responses:
      "200":
        body: &item { type: union, discriminator: kind, variants: [{ type: record, record: book }, { type: record, record: film }] }
  listItems:
    method: GET
    path: /items
    responses:
      "200":
        body:
          type: list
          items: *item
  saveItem:
    method: POST
    path: /items
    body: *item
    responses:
      "200":
        body: *item
`;

const book = { id: 'b1', kind: 'book', pages: 300 };
const film = { id: 'f1', kind: 'film', minutes: 95 };

let served: ServedFixture;
let base: string;
let openapi: OpenApiResponses;
const received: unknown[] = [];

beforeAll(async () => {
  const getItem = async (input: Loose) => ({ ...(input['params'].id === 'f1' ? film : book), secret: 'x' });
  const listItems = async () => ({ items: [book, film], total: 2 });
  const saveItem = async (input: Loose) => {
    received.push(input['body']);
    return input['body'];
  };
  served = await serveDefinitions('media-api', DEFINITIONS, { getItem, listItems, saveItem });
  base = `${served.origin}/media`;
  openapi = new OpenApiResponses('media-api', join(served.fixture.out, 'media-api/openapi.json'));
}, 120_000);

afterAll(async () => {
  await served?.close();
});

describe('json:api with a union of records', () => {
  it('answers each variant as a resource object of its own type, nothing undeclared', async () => {
    for (const [id, type, attributes] of [
      ['b1', 'book', { kind: 'book', pages: 300 }],
      ['f1', 'film', { kind: 'film', minutes: 95 }],
    ] as const) {
      const sent = await send(base, `/items/${id}`, { headers: { accept: 'application/vnd.api+json' } });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.json.data).toMatchObject({ id, type, attributes });
      expect(sent.json.data.attributes).toEqual(attributes);
      openapi.expectDocumented(sent, '/media/items/{id}', 'get');
    }
  });

  it('answers a list of them as resource objects, each of its own type', async () => {
    const sent = await send(base, '/items', { headers: { accept: 'application/vnd.api+json' } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.data.map((resource: Loose) => resource.type)).toEqual(['book', 'film']);
    expect(sent.json.meta.total).toBe(2);
    openapi.expectDocumented(sent, '/media/items', 'get');
  });

  it('is read back as the plain variants by the generated client', async () => {
    expect(await served.client['getItem']({ params: { id: 'f1' } })).toEqual(film);
    expect(await served.client['listItems']({})).toMatchObject({ items: [book, film], total: 2 });
  });
});

describe('json:api with a union of records as the request body', () => {
  it('is sent by the generated client and read by the server as the plain variant', async () => {
    received.length = 0;
    expect(await served.client['saveItem']({ body: film })).toEqual(film);
    expect(received).toEqual([film]);
  });

  it('is documented as the plain variants, the document a client sends fitting it', () => {
    const schema = openapi.requestBody('/media/items', 'post', 'application/json');
    expect(Object.keys(openapi.document['paths']['/media/items'].post.requestBody.content)).toEqual([
      'application/json',
    ]);
    expect(schema(book)).toBe(true);
    expect(schema(film)).toBe(true);
    expect(schema({ data: { type: 'film', id: 'f1', attributes: film } })).toBe(false);
  });

  it('refuses a variant the discriminator does not know, naming the discriminator', async () => {
    const sent = await send(base, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 't1', kind: 'toy', pieces: 12 }),
    });
    expect([400, 422]).toContain(sent.status);
    expect(sent.json.errors[0].source).toEqual({ pointer: '/kind' });
  });

  it('refuses a resource document in application/vnd.api+json with 415, as it does for a record body', async () => {
    const sent = await send(base, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'film', attributes: { kind: 'film', minutes: 95 } } }),
    });
    expect(sent.status, sent.text).toBe(415);
  });
});
