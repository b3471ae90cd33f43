// Issue 20 item 3 (failure 2): the server sends only what the definitions declare for an answer, and a
// handler result that breaks its definition is a server fault. Generated servers of three interfaces
// (test/fixtures/serializers: api-alias with nested records and an apiAlias, success envelope with
// success-false errors, json:api with relations) on loopback, read as raw HTTP; every 200 is checked
// against the emitted openapi.json.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { send, type ReceivedResponse } from './helpers.js';
import { OpenApiResponses } from './openapi-responses.js';
import { tempDir } from '../helpers/tree.js';

const FIXTURE = new URL('../fixtures/serializers/definitions/', import.meta.url).pathname;

type Loose = Record<string, any>;

const author = { id: 7, name: 'Le Guin' };
const book = {
  id: 1,
  title: 'The Dispossessed',
  genre: 'fiction',
  published: '1974-05-01',
  updatedAt: '2024-01-02T03:04:05.000Z',
  subtitle: null,
  tags: ['utopia'],
  author,
};
const crate = { id: 3, label: 'Apples', weight: null };
const country = { id: 'fr', name: 'France' };
const city = { id: 'par', name: 'Paris', population: 2_100_000, countryId: 'fr', country };

/** What the handlers of the test at hand return. */
let results: Loose = {};
const internalErrors: unknown[] = [];

let dir: string;
let out: string;
let app: FastifyInstance;
let devApp: FastifyInstance;
let base: string;
let devBase: string;

async function serve(
  development: boolean,
  validateResponses?: boolean,
): Promise<{ app: FastifyInstance; base: string }> {
  const load = async (path: string) => (await import(pathToFileURL(join(out, path)).href)) as Loose;
  const server = Fastify();
  const onInternalError = (error: unknown) => internalErrors.push(error);
  const options = {
    auth: {},
    onInternalError,
    development,
    ...(validateResponses !== undefined && { validateResponses }),
  };
  const answer = (name: string) => async () => results[name];
  await server.register(
    (await load('shelf-api/server.ts'))['shelfApiPlugin']({
      ...options,
      handlers: { getBook: answer('getBook'), listBooks: answer('listBooks'), listPlain: answer('listPlain') },
    }),
  );
  await server.register(
    (await load('crate-api/server.ts'))['crateApiPlugin']({
      ...options,
      handlers: { listCrates: answer('listCrates'), getCrate: answer('getCrate') },
    }),
  );
  await server.register(
    (await load('atlas-api/server.ts'))['atlasApiPlugin']({
      ...options,
      handlers: { listCities: answer('listCities'), getCity: answer('getCity') },
    }),
  );
  return { app: server, base: await server.listen({ port: 0, host: '127.0.0.1' }) };
}

let shelf: OpenApiResponses;
let crates: OpenApiResponses;
let atlas: OpenApiResponses;

beforeAll(async () => {
  dir = await tempDir('svcgen-serializers-');
  out = join(dir, 'out');
  const result = await generate({ cwd: dir, definitionsDir: FIXTURE, outDir: out, gitattributes: false, cache: false });
  expect(result.ok).toBe(true);
  ({ app, base } = await serve(false));
  ({ app: devApp, base: devBase } = await serve(true));
  shelf = new OpenApiResponses('shelf-api', join(out, 'shelf-api', 'openapi.json'));
  crates = new OpenApiResponses('crate-api', join(out, 'crate-api', 'openapi.json'));
  atlas = new OpenApiResponses('atlas-api', join(out, 'atlas-api', 'openapi.json'));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await devApp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  results = {};
  internalErrors.length = 0;
});

/** The answer has none of the named members anywhere in its raw bytes. */
function expectWithout(answer: ReceivedResponse, ...members: string[]): void {
  for (const member of members) expect(answer.text).not.toContain(`"${member}"`);
}

describe('only declared members reach the wire', () => {
  it('a plain record: {...book, passwordHash} is sent without passwordHash, nested records too', async () => {
    results['getBook'] = { ...book, passwordHash: 'x', author: { ...author, email: 'ursula@example.org' } };
    const answer = await send(base, '/shelf/books/1');
    expect(answer.status).toBe(200);
    expectWithout(answer, 'passwordHash', 'email');
    expect(answer.json).toEqual({ ...book, apiAlias: 'book' });
    shelf.expectDocumented(answer, '/shelf/books/{id}', 'get');
    expect(internalErrors).toEqual([]);
  });

  it('a list with a total ({items, total}) and a plain list', async () => {
    results['listBooks'] = { items: [{ ...book, passwordHash: 'x' }], total: 9, cursor: 'secret' };
    const counted = await send(base, '/shelf/books');
    expect(counted.status).toBe(200);
    expectWithout(counted, 'passwordHash', 'cursor');
    expect(counted.json).toEqual({ items: [{ ...book, apiAlias: 'book' }], total: 9 });
    shelf.expectDocumented(counted, '/shelf/books', 'get');

    results['listPlain'] = [{ ...book, passwordHash: 'x' }];
    const plain = await send(base, '/shelf/plain-books');
    expect(plain.status).toBe(200);
    expectWithout(plain, 'passwordHash');
    shelf.expectDocumented(plain, '/shelf/plain-books', 'get');
  });

  it('includes still filters the members of objects with an apiAlias', async () => {
    results['getBook'] = { ...book, passwordHash: 'x' };
    const answer = await send(base, '/shelf/books/1?includes[book][]=title');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ title: book.title, apiAlias: 'book' });
    shelf.expectDocumented(answer, '/shelf/books/{id}', 'get');
  });

  it('success envelopes: {success, data, total} and {success, data}', async () => {
    results['listCrates'] = { items: [{ ...crate, secret: 1 }], total: 1 };
    const list = await send(base, '/crate/crates');
    expect(list.json).toEqual({ success: true, data: [crate], total: 1 });
    crates.expectDocumented(list, '/crate/crates', 'get');
    results['getCrate'] = { ...crate, weight: 2.5, secret: 1 };
    const one = await send(base, '/crate/crates/3');
    expectWithout(one, 'secret');
    expect(one.json).toEqual({ success: true, data: { ...crate, weight: 2.5 } });
    crates.expectDocumented(one, '/crate/crates/{id}', 'get');
  });

  it('json:api documents: attributes, relationships and included carry declared members only', async () => {
    const leaky = { ...city, token: 't', country: { ...country, vat: 'FR00' } };
    results['listCities'] = { items: [leaky], total: 1 };
    const list = await send(base, '/atlas/v1/city', { headers: { accept: 'application/vnd.api+json' } });
    expect(list.status).toBe(200);
    expect(list.header('content-type')).toBe('application/vnd.api+json');
    expectWithout(list, 'token', 'vat');
    expect(list.json.data[0].attributes).toEqual({ name: 'Paris', population: 2_100_000, countryId: 'fr' });
    expect(list.json.data[0].relationships.country.data).toEqual({ type: 'country', id: 'fr' });
    expect(list.json.included).toEqual([
      expect.objectContaining({ type: 'country', id: 'fr', attributes: { name: 'France' } }),
    ]);
    atlas.expectDocumented(list, '/atlas/v1/city', 'get');

    results['getCity'] = leaky;
    const plain = await send(base, '/atlas/v1/city/par', { headers: { accept: 'application/json' } });
    expectWithout(plain, 'token', 'vat');
    expect(plain.json).toEqual({ data: { ...city, country: { ...country, cities: null } } });
    atlas.expectDocumented(plain, '/atlas/v1/city/{id}', 'get');
    const single = await send(base, '/atlas/v1/city/par');
    expectWithout(single, 'token', 'vat');
    atlas.expectDocumented(single, '/atlas/v1/city/{id}', 'get');
  });
});

describe('a result that breaks its definition is a server fault', () => {
  it('a missing required member: 500 in the errors-array internal-error shape, reported', async () => {
    const { title: _title, ...untitled } = book;
    results['getBook'] = untitled;
    const answer = await send(base, '/shelf/books/1');
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({
      errors: [{ status: '500', code: 'INTERNAL_ERROR', title: 'Internal Server Error', detail: 'Internal error.' }],
    });
    expect(internalErrors).toHaveLength(1);
    expect(String((internalErrors[0] as Error).message)).toContain('/title');
  });

  it('a value of the wrong type, enum or format: 500, never coerced into a 200', async () => {
    for (const broken of [
      { ...book, title: 42 },
      { ...book, genre: 'poetry' },
      { ...book, published: 'May 1974' },
    ]) {
      results['getBook'] = broken;
      const answer = await send(base, '/shelf/books/1');
      expect(answer.status).toBe(500);
      expect(answer.json.errors[0].status).toBe('500');
    }
    expect(internalErrors).toHaveLength(3);
  });

  it('in the success-false style, and for a list total that is not a count', async () => {
    results['listCrates'] = { items: [{ ...crate, label: null }], total: 1 };
    const answer = await send(base, '/crate/crates');
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ success: false, message: 'Internal error.' });
    results['listCrates'] = { items: [crate], total: -1 };
    expect((await send(base, '/crate/crates')).status).toBe(500);
    expect(internalErrors).toHaveLength(2);
  });

  it('json:api: a related record missing a required member is a 500 too', async () => {
    results['getCity'] = { ...city, country: { id: 'fr' } };
    const answer = await send(base, '/atlas/v1/city/par');
    expect(answer.status).toBe(500);
    expect(answer.header('content-type')).toBe('application/vnd.api+json');
    expect(answer.json.errors[0].status).toBe('500');
    expect(internalErrors).toHaveLength(1);
  });

  it('development: the 500 names each bad member by JSON pointer, undeclared members included', async () => {
    results['getBook'] = { ...book, title: 42, genre: 'poetry' };
    const wrong = await send(devBase, '/shelf/books/1');
    expect(wrong.status).toBe(500);
    expect(wrong.json.errors[0].status).toBe('500');
    expect(wrong.json.errors[0].detail).toContain('/title: Invalid input: expected string, received number');
    expect(wrong.json.errors[0].detail).toContain('/genre: ');

    results['getBook'] = { ...book, passwordHash: 'x', author: { ...author, email: 'e' } };
    const undeclared = await send(devBase, '/shelf/books/1');
    expect(undeclared.status).toBe(500);
    expect(undeclared.json.errors[0].detail).toContain('/passwordHash: not declared by the definitions');
    expect(undeclared.json.errors[0].detail).toContain('/author/email: not declared by the definitions');

    results['getCity'] = { ...city, token: 't', country: { ...country, vat: 'FR00' } };
    const document = await send(devBase, '/atlas/v1/city/par');
    expect(document.status).toBe(500);
    expect(document.json.errors[0].detail).toContain('/data/attributes/token: not declared');
    expect(document.json.errors[0].detail).toContain('/included/0/attributes/vat: not declared');
    expect(internalErrors).toHaveLength(3);
    expect((internalErrors[1] as { violations: string[] }).violations).toHaveLength(2);
  });
});

describe('validateResponses: false', () => {
  it('still drops undeclared members, and a missing required member still fails in the serializer', async () => {
    const lenient = await serve(false, false);
    try {
      results['getBook'] = { ...book, passwordHash: 'x' };
      const fine = await send(lenient.base, '/shelf/books/1');
      expect(fine.status).toBe(200);
      expectWithout(fine, 'passwordHash');
      results['getCrate'] = { id: 3, weight: 1 };
      const missing = await send(lenient.base, '/crate/crates/3');
      expect(missing.status).toBe(500);
      expect(missing.json).toEqual({ success: false, message: 'Internal error.' });
      expect(internalErrors).toHaveLength(1);
    } finally {
      await lenient.app.close();
    }
  });
});
