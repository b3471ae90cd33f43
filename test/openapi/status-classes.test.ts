// Answers keyed by a class of statuses (4XX) or default (issue 34): kept as written in the OpenAPI
// document, the types and zod schemas, and found for a status as OpenAPI orders them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolder, workFolder } from '../../scripts/fuzz-definitions/cases.js';
import { responseKeyFor, declaredResponse, keyCovers } from '../../src/runtime/core/response-status.js';
import { generateEditedShop } from './edited-shop.js';

let root: string;
beforeAll(async () => {
  root = await workFolder('status-classes');
  const result = await generateEditedShop(root, (d) => {
    d.routes.createProduct.responses['2XX'] = { envelope: 'none', body: { type: 'string' } };
    d.routes.createProduct.responses['4XX'] = { envelope: 'none', body: { type: 'integer' } };
    d.routes.createProduct.responses.default = { envelope: 'none', body: { type: 'boolean' } };
  });
  expect(result.ok).toBe(true);
});
afterAll(async () => removeFolder(root));

const read = (file: string) => readFile(join(root, 'out', 'shop', file), 'utf8');

describe('answers for a class of statuses and default', () => {
  it('are listed in OpenAPI under 2XX, 4XX and default, beside the numbered ones', async () => {
    const document = JSON.parse(await read('openapi.json'));
    const path = Object.keys(document.paths).find((key) => key.endsWith('/products')) as string;
    const responses = document.paths[path].post.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['201', '2XX', '400', '4XX', 'default']));
    // The errors a handler throws at a status no numbered answer has go out under 4XX or default, in the error body.
    const failure = { $ref: '#/components/schemas/FailureResponse' };
    expect(responses['4XX'].content['application/json'].schema).toEqual({ oneOf: [{ type: 'integer' }, failure] });
    expect(responses.default.content['application/json'].schema).toEqual({ oneOf: [{ type: 'boolean' }, failure] });
    expect(responses.default.description).toMatch(
      /^Any other status\.\n\nA handler sends this response's own body when it answers with it, and /,
    );
  });

  it('key the types and zod schemas by the same names', async () => {
    const types = await read('types.ts');
    expect(types).toMatch(/'2XX': string;/);
    expect(types).toMatch(/'4XX': number;/);
    expect(types).toMatch(/default: boolean;/);
    const schemas = await read('schemas.ts');
    expect(schemas).toMatch(/'4XX': z\.int\(\),/);
    const meta = await read('metadata.ts');
    expect(meta).toMatch(/key: '4XX'/);
    expect(meta).toMatch(/key: 'default'/);
  });
});

describe('the answer for a status', () => {
  const keys = ['200', '2XX', '404', '4XX', 'default'];
  it.each([
    [200, '200'],
    [206, '2XX'],
    [404, '404'],
    [418, '4XX'],
    [503, 'default'],
    [302, 'default'],
  ])('%i is answered by %s', (status, key) => expect(responseKeyFor(keys, status)).toBe(key));

  it('is none when no key covers the status', () => {
    expect(responseKeyFor(['200', '4XX'], 500)).toBeUndefined();
    expect(declaredResponse([{ status: 200 }, { status: 400, key: '4XX' }], 418)).toEqual({ status: 400, key: '4XX' });
  });

  it('covers only the statuses of its key', () => {
    expect(keyCovers('4XX', 499)).toBe(true);
    expect(keyCovers('4XX', 500)).toBe(false);
    expect(keyCovers('default', 302)).toBe(true);
    expect(keyCovers('200', 201)).toBe(false);
  });
});
