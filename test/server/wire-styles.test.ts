// Issue 20 item 2 ("one wire") and issue 21 item 1, table-driven over every parameter location and
// style the definitions offer (test/fixtures/wire): for each, the generated client's request and
// openapi-fetch's request for the same values (the third-party client, typed by openapi-typescript
// from the emitted openapi.json, told only what the document says) reach a loopback server with
// the same bytes, and the generated server reads both to the same values. Where the document offers
// a second spelling (the short form, the bracket spelling of a form object, a header list
// as an array), the server reads it to the same values as well.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify, { type FastifyInstance } from 'fastify';
import createFetchClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const LIST = '/calendar/rooms/{room}/events/{day}';
const SEARCH = '/calendar/search';

type Loose = Record<string, any>;

interface Seen {
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly input: Loose;
}

let fixture: GeneratedFixture;
let app: FastifyInstance;
let base: string;
let document: Loose;
let client: Loose;
let thirdParty: Loose;
const seen: Seen[] = [];
let lastRequest: { url: string; headers: Record<string, string | string[] | undefined> } | undefined;

beforeAll(async () => {
  fixture = await generateFixture('wire');
  const server = await fixture.load('wire-api/server.ts');
  const Client = (await fixture.load('wire-api/client.ts'))['WireApiClient'] as new (options: object) => Loose;
  document = await fixture.json('wire-api/openapi.json');
  app = Fastify();
  app.addHook('onRequest', async (request) => {
    lastRequest = { url: request.url, headers: request.headers };
  });
  const record = async (input: Loose) => {
    if (lastRequest) seen.push({ ...lastRequest, input });
    return [{ id: 'ev-0001', title: 'Standup' }];
  };
  await app.register(
    server['wireApiPlugin']({ handlers: { listEvents: record, searchEvents: record, getSlot: record }, auth: {} }),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  client = new Client({ baseUrl: base, auth: {}, getBody: 'query' });
  thirdParty = createFetchClient({ baseUrl: base });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await fixture?.remove();
});

/** What the server saw for one call. */
async function capture(call: () => Promise<unknown>): Promise<Seen> {
  seen.length = 0;
  const answer = (await call()) as { response?: Response; error?: unknown } | undefined;
  if (answer && typeof answer === 'object' && 'response' in answer)
    expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
  expect(seen).toHaveLength(1);
  return seen[0] as Seen;
}

const room = { room: 'main hall/2', day: 7 };
const generated =
  (query: Loose = {}, headers?: Loose) =>
  () =>
    client['listEvents']({ params: room, query, ...(headers && { headers }) });
const fetched =
  (query: Loose = {}, options: Loose = {}) =>
  () =>
    thirdParty['GET'](LIST, {
      params: { path: room, query, ...(options['header'] && { header: options['header'] }) },
      ...options,
    });

interface Row {
  /** Location and style. */
  readonly name: string;
  readonly generated: () => Promise<unknown>;
  readonly fetched: () => Promise<unknown>;
  /** The values the handler must see (a subset of its input). */
  readonly values: Loose;
  /** The request headers that must be equal byte for byte. */
  readonly headers?: readonly string[];
}

const sort = [
  { field: 'title', order: 'DESC' },
  { field: 'id', order: 'ASC' },
];

const ROWS: readonly Row[] = [
  {
    name: 'path parameters (style simple), a reserved character in a segment',
    generated: generated(),
    fetched: fetched(),
    values: { params: room },
  },
  {
    name: 'query scalars (style form)',
    generated: generated({ q: 'a&b=c ü', limit: 5, upcoming: true }),
    fetched: fetched({ q: 'a&b=c ü', limit: 5, upcoming: true }),
    values: { query: { q: 'a&b=c ü', limit: 5, upcoming: true } },
  },
  {
    name: 'query lists (style form, explode): repeated names',
    generated: generated({ tag: ['a', 'c d'], year: [1965, 1984] }),
    fetched: fetched({ tag: ['a', 'c d'], year: [1965, 1984] }),
    values: { query: { tag: ['a', 'c d'], year: [1965, 1984] } },
  },
  {
    name: 'query record (style form, explode): its fields as names of their own',
    generated: generated({ span: { from: 1, to: 2 } }),
    fetched: fetched({ span: { from: 1, to: 2 } }, { querySerializer: { object: { style: 'form', explode: true } } }),
    values: { query: { span: { from: 1, to: 2 } } },
  },
  {
    name: 'query record (style deepObject): name[field]=value',
    generated: generated({ window: { from: 3, to: 4 } }),
    fetched: fetched({ window: { from: 3, to: 4 } }),
    values: { query: { window: { from: 3, to: 4 } } },
  },
  {
    name: 'query list of records (style deepObject): the indexed names the document lists',
    generated: generated({ sort }),
    fetched: fetched({
      'sort[0][field]': 'title',
      'sort[0][order]': 'DESC',
      'sort[1][field]': 'id',
      'sort[1][order]': 'ASC',
    }),
    values: { query: { sort } },
  },
  {
    name: 'query list of records with a short form: its indexed names',
    generated: generated({ filter: [{ field: 'title', value: 'x y' }] }),
    fetched: fetched({ 'filter[0][field]': 'title', 'filter[0][value]': 'x y' }),
    values: { query: { filter: [{ field: 'title', value: 'x y' }] } },
  },
  {
    name: 'query JSON text (style json, a string with contentMediaType)',
    generated: generated({ where: { year: { gt: 1900 }, text: 'a&b' } }),
    fetched: fetched({ where: JSON.stringify({ year: { gt: 1900 }, text: 'a&b' }) }),
    values: { query: { where: { year: { gt: 1900 }, text: 'a&b' } } },
  },
  {
    name: 'headers: a string, an integer, a list (style simple: a,b)',
    generated: generated({}, { 'x-request-label': 'hello', 'x-page': 3, 'x-labels': ['a', 'b'] }),
    fetched: fetched({}, { header: { 'x-request-label': 'hello', 'x-page': 3, 'x-labels': 'a,b' } }),
    values: { headers: { 'x-request-label': 'hello', 'x-page': 3, 'x-labels': ['a', 'b'] } },
    headers: ['x-request-label', 'x-page', 'x-labels'],
  },
  {
    name: 'JSON text in a path segment and in a header (style json)',
    generated: () =>
      client['getSlot']({ params: { slot: { from: 1, to: 2 } }, headers: { 'x-filter': { room: 'a, b' } } }),
    fetched: () =>
      thirdParty['GET']('/calendar/slots/{slot}', {
        params: {
          path: { slot: JSON.stringify({ from: 1, to: 2 }) },
          header: { 'x-filter': JSON.stringify({ room: 'a, b' }) },
        },
      }),
    values: { params: { slot: { from: 1, to: 2 } }, headers: { 'x-filter': { room: 'a, b' } } },
    headers: ['x-filter'],
  },
  {
    name: 'a GET body sent as its query alternative (JSON text)',
    generated: () => client['searchEvents']({ body: { terms: ['a b', 'c'] } }),
    fetched: () => thirdParty['GET'](SEARCH, { params: { query: { terms: JSON.stringify(['a b', 'c']) } } }),
    values: { body: { terms: ['a b', 'c'] } },
  },
];

describe('the generated client and openapi-fetch send the same bytes, and the server reads the same values', () => {
  it.each(ROWS)('$name', async (row) => {
    const ours = await capture(row.generated);
    const theirs = await capture(row.fetched);
    expect(theirs.url).toBe(ours.url);
    for (const name of row.headers ?? []) expect(theirs.headers[name], name).toBe(ours.headers[name]);
    expect(ours.input).toMatchObject(row.values);
    expect(theirs.input).toEqual(ours.input);
  });
});

describe('second spellings the document also describes, read to the same values', () => {
  it("a form record in brackets (openapi-fetch's default for objects)", async () => {
    const theirs = await capture(fetched({ span: { from: 1, to: 2 } }));
    expect(theirs.url).toContain('span[from]=1');
    expect(theirs.input['query']).toMatchObject({ span: { from: 1, to: 2 } });
  });

  it('the short form filter[<field>]=<value> (a deepObject over a flat object)', async () => {
    const theirs = await capture(fetched({ filter: { title: 'x y' } }));
    expect(theirs.url).toContain('filter[title]=x%20y');
    expect(theirs.input['query']).toMatchObject({ filter: [{ field: 'title', value: 'x y' }] });
  });

  it('a header list given as an array (fetch joins it with ", ")', async () => {
    const theirs = await capture(fetched({}, { header: { 'x-labels': ['a', 'b'] } }));
    expect(theirs.headers['x-labels']).toBe('a, b');
    expect(theirs.input['headers']).toMatchObject({ 'x-labels': ['a', 'b'] });
  });

  it('JSON text in the bracket spelling (old clients of a JSON parameter)', async () => {
    const theirs = await capture(fetched({ where: { text: 'a' } }));
    expect(theirs.input['query']).toMatchObject({ where: { text: 'a' } });
  });
});

describe('the document describes each form', () => {
  const parameters = () => document['paths'][LIST]['get']['parameters'] as Loose[];
  const named = (name: string) => parameters().find((parameter) => parameter['name'] === name) as Loose;

  it('form records and lists, deepObject records, indexed names, the short form, JSON text', () => {
    expect(named('span')).toMatchObject({ in: 'query', style: 'form', explode: true });
    expect(named('tag')['style'] ?? 'form').toBe('form');
    expect(named('window')).toMatchObject({ style: 'deepObject', explode: true });
    expect(named('sort')).toBeUndefined();
    expect(named('sort[0][field]')).toMatchObject({ in: 'query', schema: { type: 'string' } });
    expect(named('sort[2][order]')).toMatchObject({ in: 'query', schema: { enum: ['ASC', 'DESC'] } });
    expect(named('filter')).toMatchObject({
      style: 'deepObject',
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    });
    expect(named('where')['content']).toBeUndefined();
    expect(named('where')['schema']).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: {},
    });
    expect(named('x-labels')).toMatchObject({ in: 'header', schema: { type: 'array' } });
  });

  it('a GET body stays out of requestBody: the query alternative is the input, the body an extension', () => {
    const operation = document['paths'][SEARCH]['get'] as Loose;
    expect(operation['requestBody']).toBeUndefined();
    expect(operation['x-svcgen-get-body']['content']['application/json']).toBeDefined();
    expect(operation['description']).toContain('x-svcgen-get-body');
    expect(operation['parameters'][0]).toMatchObject({
      name: 'terms',
      in: 'query',
      schema: { contentMediaType: 'application/json' },
    });
  });

  it('a pattern-constrained string has an example its pattern accepts; a second, templated server follows "/"', () => {
    const event = document['components']['schemas']['Event'] as Loose;
    const [example] = event['properties']['id']['examples'] as string[];
    expect(example).toMatch(new RegExp(event['properties']['id']['pattern'] as string, 'u'));
    expect(document['servers'][0]).toMatchObject({ url: '/' });
    expect(document['servers'][1]).toMatchObject({
      url: '{scheme}://{host}',
      variables: { host: { default: expect.any(String) } },
    });
  });
});

describe('the document stays valid', () => {
  it('@readme/openapi-parser accepts it without warnings, Redocly finds no errors', async () => {
    const text = JSON.stringify(document, null, 2);
    const result = await validate(JSON.parse(text) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: join(fixture.dir, 'wire-api.json'), config });
    expect(problems.filter((problem) => problem.severity === 'error').map((problem) => problem.message)).toEqual([]);
  });
});

describe('openapi-typescript types the values as they are passed to openapi-fetch above', () => {
  it('the calls type-check under the strictest options', async () => {
    const types = astToString(await openapiTS(document as never));
    await writeFile(join(fixture.dir, 'wire-api.d.ts'), types);
    const calls = `import createClient from 'openapi-fetch';
import type { paths } from './wire-api.js';
const api = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
const path = { room: 'a', day: 7 };
export const calls = [
  api.GET('${LIST}', { params: { path, query: { q: 'x', limit: 5, upcoming: true, tag: ['a'], year: [1965] } } }),
  api.GET('${LIST}', { params: { path, query: { span: { from: 1, to: 2 }, window: { from: 3 } } } }),
  api.GET('${LIST}', { params: { path, query: { 'sort[0][field]': 'title', 'sort[0][order]': 'DESC', 'filter[0][field]': 'title', 'filter[0][value]': 'x' } } }),
  api.GET('${LIST}', { params: { path, query: { filter: { title: 'x' }, where: JSON.stringify({ a: 1 }) } } }),
  api.GET('${LIST}', { params: { path, header: { 'x-request-label': 'a', 'x-page': 3, 'x-labels': ['a', 'b'] } } }),
  api.GET('${SEARCH}', { params: { query: { terms: JSON.stringify(['a']) } } }),
];
`;
    await writeFile(join(fixture.dir, 'calls.ts'), calls);
    // openapi-fetch resolves from the repository's node_modules: the files live in a temporary folder.
    const run = await fixture.typecheck(['calls.ts']);
    expect(run.output).toBe('');
    expect(run.code).toBe(0);
  }, 120_000);
});
