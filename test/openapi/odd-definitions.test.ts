// Odd but valid-looking definitions (issue 24, item 13) and the OpenAPI they give: each is either
// rejected with a located diagnostic, its output folder left alone, or generates a document that
// @readme/openapi-parser accepts without warnings and Redocly's recommended rules pass without errors.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolder, workFolder } from '../../scripts/fuzz-definitions/cases.js';
import { formatDiagnostic } from '../../src/definitions/diagnostics.js';
import { generateEditedShop, type ShopEdit } from './edited-shop.js';

let dir: string;
beforeAll(async () => {
  dir = await workFolder('odd-definitions');
});
afterAll(async () => removeFolder(dir));

/** Generates shop.yaml edited by `edit` (and common.yaml) in a folder of its own. */
async function generateShop(name: string, edit: ShopEdit) {
  const root = join(dir, name);
  return { root, result: await generateEditedShop(root, edit) };
}

const filterRecord = { fields: { filters: { type: 'list', items: { type: 'json' }, required: false } } };

/** Given these, want this code, located on a line of shop.yaml. */
const rejected: readonly [string, string, ShopEdit][] = [
  [
    'a query parameter named like the bodyQueryAlternative member',
    'SVC220',
    (d) => {
      d.records.filter = filterRecord;
      d.routes.findProducts = {
        method: 'GET',
        path: '/find',
        query: { filters: { type: 'string', required: false } },
        body: { type: 'record', record: 'filter' },
        bodyRequired: false,
        bodyQueryAlternative: { member: 'filters', style: 'json' },
        responses: { '200': {} },
      };
    },
  ],
  [
    'a deepObject path parameter',
    'SVC221',
    (d) => (d.routes.getProduct.pathParams.id = { type: 'record', record: 'maker', style: 'deepObject' }),
  ],
  [
    'a deepObject header',
    'SVC221',
    (d) => (d.routes.getProduct.headers = { 'X-Maker': { type: 'record', record: 'maker', style: 'deepObject' } }),
  ],
  [
    'a form-style list of records in the query',
    'SVC235',
    (d) => (d.routes.getProduct.query = { makers: { type: 'list', items: { type: 'record', record: 'maker' } } }),
  ],
  [
    'a form-style record whose field is named like another query parameter',
    'SVC235',
    (d) =>
      (d.routes.getProduct.query = {
        maker: { type: 'record', record: 'maker' },
        label: { type: 'string', required: false },
      }),
  ],
  [
    'two form-style records in the query that share a field name',
    'SVC235',
    (d) => {
      d.records.origin = { fields: { id: { type: 'integer' }, country: { type: 'string' } } };
      d.routes.getProduct.query = {
        maker: { type: 'record', record: 'maker' },
        origin: { type: 'record', record: 'origin' },
      };
    },
  ],
  [
    'a record header without style json',
    'SVC236',
    (d) => (d.routes.getProduct.headers = { 'X-Maker': { type: 'record', record: 'maker' } }),
  ],
  [
    'a 204 response with a body',
    'SVC222',
    (d) => (d.routes.createProduct.responses = { '204': { body: { type: 'string' } } }),
  ],
  ['an informational response', 'SVC222', (d) => (d.routes.createProduct.responses = { '101': {} })],
  [
    'a response with the status of a listed error',
    'SVC222',
    (d) => (d.routes.createProduct.responses['400'] = { body: { type: 'string' } }),
  ],
  ['an informational status class', 'SVC222', (d) => (d.routes.createProduct.responses['1XX'] = {})],
  [
    'a status class chosen by a query parameter',
    'SVC263',
    (d) => (
      (d.routes.getProduct.query = { full: { type: 'boolean', required: false } }),
      (d.routes.getProduct.responses['2XX'] = { when: 'full', body: { type: 'string' } })
    ),
  ],
  [
    'default chosen by a query parameter',
    'SVC263',
    (d) => (
      (d.routes.getProduct.query = { full: { type: 'boolean', required: false } }),
      (d.routes.getProduct.responses.default = { when: 'full', body: { type: 'string' } })
    ),
  ],
  [
    'a default that fails its pattern',
    'SVC207',
    (d) => (d.records.product.fields.code = { type: 'string', pattern: '^a+$', default: 'b', required: false }),
  ],
  [
    'a default that fails its format',
    'SVC207',
    (d) => (d.records.product.fields.site = { type: 'string', format: 'uri', default: 'not a uri', required: false }),
  ],
  [
    'a default date the calendar lacks',
    'SVC207',
    (d) => (d.records.product.fields.since = { type: 'date', default: '2024-02-30', required: false }),
  ],
  [
    'a default below its minimum',
    'SVC207',
    (d) => (d.routes.getProduct.query = { page: { type: 'integer', minimum: 1, default: 0 } }),
  ],
  [
    'a default longer than maxItems',
    'SVC207',
    (d) =>
      (d.routes.getProduct.query = {
        tags: { type: 'list', items: { type: 'string' }, maxItems: 1, default: ['a', 'b'] },
      }),
  ],
  [
    'a route tag the interface does not declare',
    'SVC239',
    (d) => ((d.interface.tags = { catalog: {} }), (d.routes.getProduct.tags = ['catalogue'])),
  ],
  [
    'a token endpoint at the path of a POST route',
    'SVC203',
    (d) =>
      (d.auth.oauth = {
        type: 'oauth2',
        tokenPath: '/products',
        grants: { client_credentials: {} },
        accessTokenLifetime: 60,
        refreshTokenLifetime: 60,
      }),
  ],
];

/** Given these, want a valid document. */
const accepted: readonly [string, ShopEdit][] = [
  [
    'answers for 4XX, 5XX and default beside a listed error',
    (d) => (
      (d.routes.createProduct.responses['4XX'] = { envelope: 'none', body: { type: 'string' } }),
      (d.routes.createProduct.responses['5XX'] = { envelope: 'none' }),
      (d.routes.createProduct.responses.default = { envelope: 'none', body: { type: 'json' } })
    ),
  ],
  [
    'an empty summary, title and record description',
    (d) => ((d.interface.title = ''), (d.routes.getProduct.summary = ''), (d.records.product.description = '')),
  ],
  [
    'query names with /, ~, spaces, unicode and brackets',
    (d) =>
      (d.routes.getProduct.query = {
        'a/b': { type: 'string' },
        'a~b': { type: 'string' },
        'a b': { type: 'string' },
        名前: { type: 'string' },
        'x[]': { type: 'string' },
      }),
  ],
  [
    'a query parameter named like a path parameter and like a header',
    (d) => (d.routes.getProduct.query = { id: { type: 'string' }, 'X-Trace': { type: 'string' } }),
  ],
  [
    'a nullable enum defaulting to null',
    (d) =>
      (d.records.product.fields.kind = {
        type: 'enum',
        values: ['simple', 'bundle'],
        nullable: true,
        default: null,
        required: false,
      }),
  ],
  [
    'json style on a path parameter and a header',
    (d) => (
      (d.routes.getProduct.pathParams.id = { type: 'record', record: 'maker', style: 'json' }),
      (d.routes.getProduct.headers = { 'X-Maker': { type: 'record', record: 'maker', style: 'json' } })
    ),
  ],
  [
    'headers named Content-Type, Accept and Authorization',
    (d) => (
      (d.routes.createProduct.headers = { 'Content-Type': { type: 'string' }, Accept: { type: 'string' } }),
      (d.routes.createProduct.responses['201'].headers = { 'content-type': { type: 'string' } })
    ),
  ],
  [
    'versions and aliases with . and ~',
    (d) => (
      (d.interface.versions = ['v1', 'v.2', '~x']),
      (d.routes.getProduct.version = '~x'),
      (d.interface.segmentAliases = { products: ['pro~ducts', 'p.x'] })
    ),
  ],
  [
    'a route named like the token operation',
    (d) => (
      (d.auth.oauth = {
        type: 'oauth2',
        tokenPath: '/oauth/token',
        grants: { client_credentials: {} },
        accessTokenLifetime: 60,
        refreshTokenLifetime: 60,
      }),
      (d.routes.oauthToken = { method: 'GET', path: '/t', auth: 'oauth', responses: { '200': {} } })
    ),
  ],
  [
    'tags with and without descriptions, a deprecated route, a deprecated field and a deprecated record field',
    (d) => (
      (d.interface.tags = { catalog: { description: 'Products' }, 'Sales & Orders': {} }),
      (d.routes.getProduct.tags = ['catalog', 'Sales & Orders']),
      (d.routes.getProduct.deprecated = true),
      (d.records.product.fields.price.deprecated = true),
      (d.records.product.fields.maker.deprecated = true)
    ),
  ],
  [
    'defaults that meet their constraints and formats',
    (d) =>
      (d.records.product.fields.site = {
        type: 'string',
        format: 'uri',
        pattern: '^https:',
        maxLength: 40,
        default: 'https://example.test/',
        required: false,
      }),
  ],
];

describe('odd definitions that cannot be documented or served as written', () => {
  it.each(rejected)('%s: %s', async (label, code, edit) => {
    const { root, result } = await generateShop(label.replace(/\W+/g, '-'), edit);
    const lines = result.ok ? [] : result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^definitions/shop\\.yaml:\\d+:\\d+ ${code} `))]);
    await expect(readFile(join(root, 'out', 'shop', 'openapi.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });
});

describe('odd definitions that give valid OpenAPI', () => {
  it.each(accepted)('%s', async (label, edit) => {
    const { root, result } = await generateShop(label.replace(/\W+/g, '-'), edit);
    expect(result.ok ? [] : result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic))).toEqual([]);
    const text = await readFile(join(root, 'out', 'shop', 'openapi.json'), 'utf8');
    const parsed = await validate(JSON.parse(text) as Parameters<typeof validate>[0]);
    expect(parsed.valid ? [] : parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    const problems = await lintFromString({
      source: text,
      absoluteRef: join(root, 'openapi.json'),
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(
      problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}`),
    ).toEqual([]);
  });
});
