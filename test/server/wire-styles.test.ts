// Issue 20 item 2 ("one wire") and issue 21 item 1, table-driven over every parameter location and
// style the definitions offer (test/fixtures/wire): for each, the generated client's request and
// openapi-fetch's request for the same values (the third-party client, typed by openapi-typescript
// from the emitted openapi.json, told only what the document says) reach a loopback server with
// the same bytes, and the generated server reads both to the same values. Where the document offers
// a second spelling (the short form, the bracket spelling of a form object, a header list
// as an array, a cookie percent-encoded beyond what a cookie needs), the server reads it to the same
// values as well. openapi-fetch sends no cookies of its own: its Cookie header is written here from
// what the document says of each `in: cookie` parameter (style form, explode false: name=a,b;
// values percent-encoded as RFC 6570 form expansion does), and curl sends one as a user would.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import createFetchClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';

const LIST = '/calendar/rooms/{room}/events/{day}';
const SEARCH = '/calendar/search';
const PREFERENCES = '/calendar/preferences';
const VISITOR_KEY = 'visitor-key-1';

type Loose = Record<string, any>;

interface Seen {
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly input: Loose;
}

let fixture: GeneratedFixture;
let served: ServedApp;
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
  const record = async (input: Loose) => {
    if (lastRequest) seen.push({ ...lastRequest, input });
    return [{ id: 'ev-0001', title: 'Standup' }];
  };
  const handlers = { listEvents: record, searchEvents: record, getSlot: record, getPreferences: record };
  const visitorKey = { verifyApiKey: (key: string) => (key === VISITOR_KEY ? { subject: 'visitor' } : undefined) };
  served = await serveFixture(fixture, async (app) => {
    app.addHook('onRequest', async (request) => {
      lastRequest = { url: request.url, headers: request.headers };
    });
    await app.register(server['wireApiPlugin']({ handlers, auth: { visitorKey } }));
  });
  base = served.origin;
  client = new Client({ baseUrl: base, auth: { visitorKey: { apiKey: VISITOR_KEY } }, getBody: 'query' });
  thirdParty = createFetchClient({ baseUrl: base });
}, 120_000);

afterAll(async () => served?.close());

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
  (query: Loose = {}, headers?: Loose, cookies?: Loose) =>
  () =>
    client['listEvents']({ params: room, query, ...(headers && { headers }), ...(cookies && { cookies }) });
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

/**
 * A Cookie header as a third party writes it from the document alone: each `in: cookie` parameter
 * of the operation that has a value, in style form (explode false joins a list with ","), its
 * values percent-encoded as RFC 6570 form expansion does.
 */
function documentCookies(path: string, values: Loose): string {
  const parameters = document['paths'][path]['get']['parameters'] as Loose[];
  const text = (value: unknown) => encodeURIComponent(String(value));
  return parameters
    .filter((parameter) => parameter['in'] === 'cookie' && values[parameter['name']] !== undefined)
    .map((parameter) => {
      const value = values[parameter['name']];
      const exploded = parameter['explode'] ?? (parameter['style'] ?? 'form') === 'form';
      if (Array.isArray(value) && exploded) throw new Error('a cookie list must not be exploded');
      return `${parameter['name']}=${Array.isArray(value) ? value.map(text).join(',') : text(value)}`;
    })
    .join('; ');
}

const cookies = { beta: true, recent: ['a b', 'c,d'], theme: 'dark mode;ü', tz: 'UTC', visits: 3 };

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
    name: 'cookies: a string, a boolean, an enum, an integer, a list (style form, explode false: a,b)',
    generated: generated({}, undefined, cookies),
    fetched: () => fetched({}, { headers: { cookie: documentCookies(LIST, cookies) } })(),
    values: { cookies },
    headers: ['cookie'],
  },
  {
    name: 'cookies beside an API key that travels as a cookie: one Cookie header',
    generated: () => client['getPreferences']({ cookies: { recent: [3, 5], theme: 'dark' } }),
    fetched: () =>
      thirdParty['GET'](PREFERENCES, {
        headers: { cookie: `${documentCookies(PREFERENCES, { recent: [3, 5], theme: 'dark' })}; sid=${VISITOR_KEY}` },
      }),
    values: { cookies: { recent: [3, 5], theme: 'dark' } },
    headers: ['cookie'],
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

  it('cookies encoded beyond the cookie-octets, quoted, or among cookies the route does not declare', async () => {
    const ours = await capture(generated({}, undefined, { tz: 'Europe/Berlin', theme: 'dark' }));
    expect(ours.headers['cookie']).toBe('tz=Europe/Berlin; theme=dark');
    const theirs = await capture(fetched({}, { headers: { cookie: '_ga=GA1.2; tz=Europe%2FBerlin; theme="dark"' } }));
    expect(theirs.input['cookies']).toEqual(ours.input['cookies']);
    expect(theirs.input['cookies']).toEqual({ tz: 'Europe/Berlin', theme: 'dark' });
  });

  it("a caller's own cookie joins the route's cookies and the API key in the one Cookie header", async () => {
    const call = () => client['getPreferences']({ cookies: { theme: 'dark' } }, { headers: { cookie: 'consent=yes' } });
    const ours = await capture(call);
    expect(ours.headers['cookie']).toBe(`theme=dark; consent=yes; sid=${VISITOR_KEY}`);
    expect(ours.input['cookies']).toEqual({ theme: 'dark' });
  });

  it('a malformed escape is kept as sent, and a first cookie of a name wins over a later one', async () => {
    const theirs = await capture(fetched({}, { headers: { cookie: 'theme=100%zz; visits=2; visits=9' } }));
    expect(theirs.input['cookies']).toEqual({ theme: '100%zz', visits: 2 });
  });

  it('curl sends cookies as a user writes them (--cookie), read to the values', async () => {
    const url = `${base}${LIST.replace('{room}', 'r').replace('{day}', '1')}`;
    const call = () =>
      promisify(execFile)('curl', ['--silent', '--max-time', '20', '--cookie', 'recent=a,b; visits=7', url]);
    const theirs = await capture(call);
    expect(theirs.headers['cookie']).toBe('recent=a,b; visits=7');
    expect(theirs.input['cookies']).toEqual({ recent: ['a', 'b'], visits: 7 });
  });

  it('JSON text in the bracket spelling (old clients of a JSON parameter)', async () => {
    const theirs = await capture(fetched({ where: { text: 'a' } }));
    expect(theirs.input['query']).toMatchObject({ where: { text: 'a' } });
  });
});

describe('cookies the server refuses', () => {
  const listUrl = () => `${base}${LIST.replace('{room}', 'r').replace('{day}', '1')}`;

  it('a 400 that names every bad cookie at once, each the source of its own error', async () => {
    const response = await fetch(listUrl(), { headers: { cookie: 'visits=many; beta=perhaps; tz=Mars; theme=ok' } });
    expect(response.status).toBe(400);
    const errors = ((await response.json()) as Loose)['errors'] as Loose[];
    expect(errors.map((error) => error['source'])).toEqual([
      { parameter: 'beta' },
      { parameter: 'tz' },
      { parameter: 'visits' },
    ]);
    for (const error of errors) expect(error['detail']).toMatch(/^The cookie parameter "(beta|tz|visits)" is invalid/);
  });

  it('bad parameters in the query, a header and a cookie: one 400 naming each', async () => {
    const headers = { cookie: 'visits=many', 'x-page': 'three' };
    const response = await fetch(`${listUrl()}?limit=ten`, { headers });
    expect(response.status).toBe(400);
    const errors = ((await response.json()) as Loose)['errors'] as Loose[];
    expect(errors.map((error) => error['source'])).toEqual([
      { parameter: 'limit' },
      { parameter: 'x-page' },
      { parameter: 'visits' },
    ]);
  });

  it('a required cookie left out: 400 naming it; the key cookie is no parameter', async () => {
    const response = await fetch(`${base}${PREFERENCES}`, { headers: { cookie: `sid=${VISITOR_KEY}` } });
    expect(response.status).toBe(400);
    const errors = ((await response.json()) as Loose)['errors'] as Loose[];
    expect(errors.map((error) => error['source'])).toEqual([{ parameter: 'theme' }]);
    const refused = await fetch(`${base}${PREFERENCES}`, { headers: { cookie: 'theme=dark' } });
    expect(refused.status).toBe(401);
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
    expect(named('recent')).toMatchObject({ in: 'cookie', style: 'form', explode: false, schema: { type: 'array' } });
    expect(named('visits')).toMatchObject({ in: 'cookie', required: false, schema: { type: 'integer' } });
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
  api.GET('${LIST}', { params: { path, cookie: { theme: 'a', visits: 3, beta: true, tz: 'UTC', recent: ['a'] } } }),
  api.GET('${PREFERENCES}', { params: { cookie: { theme: 'dark', recent: [3] } } }),
];
`;
    await writeFile(join(fixture.dir, 'calls.ts'), calls);
    const run = await fixture.typecheck(['calls.ts']);
    expect(run.output).toBe('');
    expect(run.code).toBe(0);
  }, 120_000);
});

describe('cookies in the generated code, under the strictest options', () => {
  it('handlers read them as typed values, and client calls type their values', async () => {
    const code = `import type { WireApiHandlers } from './out/wire-api/server.js';
import type { WireApiClient } from './out/wire-api/client.js';

export const handlers: WireApiHandlers = {
  async listEvents({ cookies }) {
    const visits: number | undefined = cookies.visits;
    const recent: string[] | undefined = cookies.recent;
    const tz: 'UTC' | 'Europe/Berlin' | undefined = cookies.tz;
    return [{ id: 'ev-0001', title: [visits, recent?.join(), tz, cookies.beta, cookies.theme].join() }];
  },
  async searchEvents() {
    return [];
  },
  async getSlot() {
    return [];
  },
  async getPreferences({ cookies }) {
    const theme: string = cookies.theme;
    return [{ id: 'ev-0002', title: theme }];
  },
};

declare const client: WireApiClient;
export const calls = [
  client.listEvents({ params: { room: 'a', day: 1 }, cookies: { visits: 3, recent: ['a'], beta: true } }),
  client.getPreferences({ cookies: { theme: 'dark', recent: [1] } }),
];
`;
    await writeFile(join(fixture.dir, 'cookie-handlers.ts'), code);
    const result = await fixture.typecheck(['out/wire-api/*.ts', 'cookie-handlers.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});
