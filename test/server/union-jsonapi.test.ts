// Issue 33 item 1: json:api with a union of records as an answer. Each value is the resource object of the record
// variant it is, with that record's own `type` (a tagged union's discriminator names the variant, and so its type);
// the generated client reads the plain variant back, and the OpenAPI document describes the answer.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDefinitions, type ServedFixture } from '../helpers/served-fixture.js';
import { send } from './helpers.js';
import { OpenApiAnswers } from './openapi-answers.js';

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
        body: { type: union, discriminator: kind, variants: [{ type: record, record: book }, { type: record, record: film }] }
  listItems:
    method: GET
    path: /items
    responses:
      "200":
        body:
          type: list
          items: { type: union, discriminator: kind, variants: [{ type: record, record: book }, { type: record, record: film }] }
`;

const book = { id: 'b1', kind: 'book', pages: 300 };
const film = { id: 'f1', kind: 'film', minutes: 95 };

let served: ServedFixture;
let base: string;
let openapi: OpenApiAnswers;

beforeAll(async () => {
  const getItem = async (input: Loose) => ({ ...(input['params'].id === 'f1' ? film : book), secret: 'x' });
  const listItems = async () => ({ items: [book, film], total: 2 });
  served = await serveDefinitions('media-api', DEFINITIONS, { getItem, listItems });
  base = `${served.origin}/media`;
  openapi = new OpenApiAnswers('media-api', join(served.fixture.out, 'media-api/openapi.json'));
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
