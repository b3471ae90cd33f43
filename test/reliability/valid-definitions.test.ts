// Definitions that passed validation but gave broken output (issue 24, items 10-13) are now either
// served correctly (proved by generating, type-checking, importing and serving them) or rejected
// with a located diagnostic; and the mutation fuzzer finds no failure in a fixed-seed run.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeCases, removeFolder, workFolder, type Documents } from '../../scripts/fuzz-definitions/cases.js';
import { fuzzDefinitions } from '../../scripts/fuzz-definitions.js';
import { generate } from '../../src/index.js';
import { testSeed } from '../helpers/seed.js';
import { common, edited, shop, type JsonObject } from './definition-builders.js';

const SLOW = 10 * 60_000;
let dir: string;
beforeAll(async () => {
  dir = await workFolder('valid-definitions');
});
afterAll(async () => removeFolder(dir));

const shopWith = (edit: (doc: JsonObject & Record<string, any>) => void): Documents => ({
  'shop.yaml': edited(shop(), edit as (doc: JsonObject) => void),
  'common.yaml': common(),
});

/** Definitions that must be rejected, with the code each must get. */
const rejected: readonly { label: string; code: string; documents: Documents }[] = [
  {
    label: 'total on a record answer',
    code: 'SVC216',
    documents: shopWith((d) => (d.routes.getProduct.responses['200'].total = true)),
  },
  {
    label: 'total on a nullable list',
    code: 'SVC216',
    documents: shopWith(
      (d) =>
        (d.routes.getProduct.responses['200'] = {
          total: true,
          body: { type: 'list', nullable: true, items: { type: 'string' } },
        }),
    ),
  },
  {
    label: 'a record default {} missing required fields',
    code: 'SVC207',
    documents: shopWith(
      (d) => (d.records.product.fields.maker = { type: 'record', record: 'maker', required: false, default: {} }),
    ),
  },
  {
    label: 'a placeholder with a dash',
    code: 'SVC215',
    documents: shopWith((d) =>
      Object.assign(d.routes.getProduct, {
        path: '/products/{item-id}',
        pathParams: { 'item-id': { type: 'integer' } },
      }),
    ),
  },
  {
    label: 'a brace that closes no placeholder',
    code: 'SVC215',
    documents: shopWith((d) =>
      Object.assign(d.routes.getProduct, {
        path: '/{from}-{to}}',
        pathParams: { from: { type: 'string' }, to: { type: 'string' } },
      }),
    ),
  },
  {
    label: 'two routes the router would choose between by registration order',
    code: 'SVC203',
    documents: shopWith((d) => {
      const route = (path: string, names: string[]) => ({
        method: 'GET',
        path,
        pathParams: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
        responses: { '200': { body: { type: 'string' } } },
      });
      d.routes.getRange = route('/ranges/{from}-{to}.json', ['from', 'to']);
      d.routes.getRangeStart = route('/ranges/{from}.json', ['from']);
    }),
  },
  {
    label: 'adjacent placeholders',
    code: 'SVC215',
    documents: shopWith((d) =>
      Object.assign(d.routes.getProduct, {
        path: '/p/{x}{y}',
        pathParams: { x: { type: 'string' }, y: { type: 'string' } },
      }),
    ),
  },
  {
    label: 'a segment alias *',
    code: 'SVC106',
    documents: shopWith((d) => (d.interface.segmentAliases = { products: ['*'] })),
  },
  {
    label: 'a version *',
    code: 'SVC106',
    documents: shopWith((d) => ((d.interface.versions = ['*', 'v1']), (d.routes.getProduct.version = 'v1'))),
  },
  {
    label: 'a header name with a space',
    code: 'SVC106',
    documents: shopWith((d) => (d.routes.getProduct.headers = { 'X Trace': { type: 'string' } })),
  },
  {
    label: 'a form body with integer and list members',
    code: 'SVC217',
    documents: shopWith((d) => (d.routes.createProduct.bodyFormats = ['form'])),
  },
  {
    label: 'a token path with a placeholder',
    code: 'SVC106',
    documents: shopWith(
      (d) =>
        (d.auth.oauth = {
          type: 'oauth2',
          tokenPath: '/oauth/{param}',
          grants: { client_credentials: {} },
          accessTokenLifetime: 60,
          refreshTokenLifetime: 60,
        }),
    ),
  },
  {
    label: 'a lone surrogate in free text',
    code: 'SVC002',
    documents: shopWith((d) => (d.interface.title = 'Shop \ud800 API')),
  },
];

describe('definitions that cannot be served are rejected with a located diagnostic', () => {
  it('each gets its code, and its output folder is left alone', { timeout: SLOW }, async () => {
    const verdicts = await judgeCases(join(dir, 'rejected'), rejected);
    const got = verdicts.map((verdict, index) => ({
      label: rejected[index]?.label,
      verdict: verdict.kind === 'invalid' ? verdict.codes : verdict,
    }));
    expect(got).toEqual(rejected.map((item) => ({ label: item.label, verdict: [item.code] })));
  });
});

/** Members named like Object members (allowed by the docs) in a record and as a query parameter. */
const inheritedNames = shopWith((d) => {
  Object.assign(d.records.product.fields, {
    constructor: { type: 'string', required: false },
    toString: { type: 'string', required: false },
    valueOf: { type: 'integer', required: false },
  });
  d.routes.getProduct.auth = 'none';
  delete d.routes.getProduct.privilege;
  d.routes.getProduct.query = { constructor: { type: 'string', required: false } };
  d.routes.createProduct.auth = 'none';
});

describe('members named constructor, toString and valueOf', () => {
  it('generate, type-check under strict options, import and serve', { timeout: SLOW }, async () => {
    const verdicts = await judgeCases(join(dir, 'inherited'), [
      { label: 'inherited names', documents: inheritedNames },
    ]);
    expect(verdicts).toEqual([{ kind: 'valid' }]);
  });

  it('may be left out of a request, and a query parameter named constructor arrives', { timeout: SLOW }, async () => {
    const out = join(dir, 'inherited', 'm0', 'out');
    const result = await generate({
      cwd: join(dir, 'inherited', 'm0'),
      definitionsDir: 'definitions',
      outDir: 'out',
      gitattributes: false,
      cache: false,
    });
    expect(result.ok ? [] : result.diagnostics).toEqual([]);
    const server = (await import(pathToFileURL(join(out, 'shop', 'server.ts')).href)) as {
      shopPlugin: (options: unknown) => never;
    };
    const seen: unknown[] = [];
    const product = { id: 1, name: 'n', price: 1, kind: 'simple' };
    const app = Fastify();
    await app.register(
      server.shopPlugin({
        handlers: {
          getProduct: async (input: unknown) => (seen.push(input), product),
          createProduct: async (input: { body: object }) => (seen.push(input), { ...product, ...input.body }),
        },
        auth: { apiKey: { verifyApiKey: () => undefined }, digest: { lookupPassword: () => undefined } },
      }),
    );
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const plain = await fetch(`${base}/api/products/1`);
      expect(plain.status).toBe(200);
      const named = await fetch(`${base}/api/products/1?constructor=made-by`);
      expect(named.status).toBe(200);
      const created = await fetch(`${base}/api/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'n', price: 2 }),
      });
      expect(created.status).toBe(201);
      const withMembers = await fetch(`${base}/api/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'n', price: 2, constructor: 'c', toString: 't', valueOf: 3 }),
      });
      expect(withMembers.status).toBe(201);
    } finally {
      await app.close();
    }
    const queries = seen.slice(0, 2).map((input) => (input as { query: Record<string, unknown> }).query);
    expect(queries[0]?.['constructor']).toBeUndefined();
    expect(queries[1]?.['constructor']).toBe('made-by');
    expect((seen[3] as { body: Record<string, unknown> }).body).toMatchObject({
      constructor: 'c',
      toString: 't',
      valueOf: 3,
    });
  });
});

describe('the definitions mutation fuzzer', () => {
  it('finds no failure in 25 mutants of the run seed (SVC_SEED)', { timeout: SLOW }, async () => {
    const lines: string[] = [];
    const summary = await fuzzDefinitions({
      mutants: 25,
      seed: testSeed(),
      batch: 25,
      log: (line) => lines.push(line),
    });
    expect(lines.filter((line) => line.startsWith('FAILED'))).toEqual([]);
    expect(summary.tried).toBe(25);
    expect(summary.valid).toBeGreaterThan(0);
    expect(summary.invalid).toBeGreaterThan(0);
  });
});
