// A named union of records that the records hold (a document tree's `children`, as Figma's API has one) is written
// once, as its own constant, and each record's getter reads it by name: spelled out at every use, the schemas
// file held it once per record, and z.toJSONSchema saw a copy of it per use.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const GIVEN = `name: tree-api
interface:
  title: Tree API
  basePath: /
  style: success-envelope
  errorStyle: errors-array
types:
  node:
    type: union
    discriminator: { property: type, mapping: { FRAME: Frame, TEXT: Text } }
    variants: [{ type: record, record: Frame }, { type: record, record: Text }]
records:
  Frame:
    fields:
      type: { type: enum, values: [FRAME] }
      children: { type: list, items: { type: tree-api.node }, required: false }
  Text:
    fields:
      type: { type: enum, values: [TEXT] }
      children: { type: list, items: { type: tree-api.node }, required: false }
routes:
  getNode:
    method: GET
    path: /nodes/{id}
    pathParams:
      id: { type: string }
    responses:
      '200':
        envelope: none
        body: { type: tree-api.node }
`;

const WANT = `export const frameSchema = z.strictObject({
  get children() {
    return z.array(nodeSchema).optional();
  },
  type: z.enum(['FRAME']),
});

export const textSchema = z.strictObject({
  get children() {
    return z.array(nodeSchema).optional();
  },
  type: z.enum(['TEXT']),
});

export const nodeSchema = z.discriminatedUnion('type', [
  frameSchema.extend({ type: z.literal('FRAME') }),
  textSchema.extend({ type: z.literal('TEXT') }),
]);

export const getNodePathParamsSchema = z.strictObject({
  id: z.string(),
});

export const getNodeResponseSchemas = {
  200: nodeSchema,
} as const;
`;

let fixture: GeneratedFixture;
beforeAll(async () => {
  fixture = await generateFixture('named-recursive-union', { 'tree-api.yaml': GIVEN });
}, 120_000);
afterAll(async () => fixture?.remove());

describe('a named union of records that hold it', () => {
  it('is written once and read by name in each getter and in the route', async () => {
    const schemas = await readFile(join(fixture.out, 'tree-api/schemas.ts'), 'utf8');
    expect(schemas.slice(schemas.indexOf('export const frameSchema'))).toBe(WANT);
  });

  it('compiles under the strictest options', async () => {
    const result = await fixture.typecheck(['out/**/*.ts']);
    expect(result.output).toBe('');
  }, 120_000);
});
