// Issue 34 (Stripe): a response that is a plain union of mutually recursive records. Inferred through
// every getter, such a union checked against z.ZodType failed strict tsc with TS2589; its variants are
// declared with their TypeScript types, the output compiles, and the schemas still check each variant.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const DEFINITIONS = `name: ledger-api
interface:
  title: Ledger API
  basePath: /ledger
  style: success-envelope
  errorStyle: errors-array
records:
  account:
    fields:
      id: { type: string }
      cards: { type: list, items: { type: record, record: card }, required: false }
      owner: { type: record, record: customer, required: false, nullable: true }
  card:
    fields:
      id: { type: string }
      account: { type: record, record: account, required: false }
      customer: { type: record, record: customer, required: false }
  customer:
    fields:
      id: { type: string }
      accounts: { type: list, items: { type: record, record: account }, required: false }
      default:
        type: union
        required: false
        variants: [{ type: record, record: account }, { type: record, record: card }]
  narrowed:
    fields:
      id: { type: string }
      note: { type: string, required: false }
routes:
  removeSource:
    method: DELETE
    path: /sources/{id}
    pathParams:
      id: { type: string }
    responses:
      "200":
        body:
          type: union
          variants:
            - { type: record, record: account }
            - { type: record, record: card }
            - { type: record, record: customer }
  patchNarrowed:
    method: PATCH
    path: /narrowed/{id}
    pathParams:
      id: { type: string }
    body: { type: record, record: narrowed, partial: true }
    responses:
      "200":
        body:
          type: union
          variants: [{ type: record, record: narrowed }, { type: record, record: card }]
`;

let fixture: GeneratedFixture;
beforeAll(async () => {
  fixture = await generateFixture('recursive-unions', { 'ledger-api.yaml': DEFINITIONS });
}, 120_000);
afterAll(async () => fixture?.remove());

describe('a union of mutually recursive records', () => {
  it('declares each plain variant with its TypeScript type, and a narrowed record as an object schema', async () => {
    const schemas = await readFile(join(fixture.out, 'ledger-api/schemas.ts'), 'utf8');
    expect(schemas).toContain("import type * as types from './types.js';");
    for (const name of ['account', 'card', 'customer'])
      expect(schemas).toContain(
        `export const ${name}Schema: z.ZodType<types.${name[0]!.toUpperCase()}${name.slice(1)}> =`,
      );
    expect(schemas).toContain('export const narrowedSchema = z.strictObject(');
  });

  it('compiles under the strictest options', async () => {
    const result = await fixture.typecheck(['out/**/*.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('still checks each variant', async () => {
    const { removeSourceResponseSchemas } = await fixture.load('ledger-api/schemas.ts');
    const schema = removeSourceResponseSchemas[200];
    expect(schema.safeParse({ id: 'a', cards: [{ id: 'c', account: { id: 'a' } }] }).success).toBe(true);
    expect(schema.safeParse({ id: 'c', customer: { id: 'u', default: { id: 'c' } } }).success).toBe(true);
    expect(schema.safeParse({ id: 'a', cards: [{ id: 3 }] }).success).toBe(false);
  });
});
