// Issue 33 item 3: a named type of one file's `types:` section, used from another file. It is a named
// TypeScript type and zod schema of the declaring file, a component of the OpenAPI document, and on the
// wire its definition: the generated schemas check it where it is used. The output compiles under the
// strictest options, with a team's code that uses the names.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const TEAM_CODE = `import { customerIdSchema } from './out/common/schemas.js';
import type { CustomerId, IdList } from './out/common/types.js';
import type { Customer } from './out/shop/types.js';

export const id: CustomerId = customerIdSchema.parse('123e4567-e89b-12d3-a456-426614174000');
export const friends: IdList = [id];
export const customer: Customer = {
  id,
  friends,
  tags: ['a'],
  prices: { eur: 3 },
  since: '2024-01-31',
  version: 2,
  referrer: null,
};
`;

const UUID = '123e4567-e89b-12d3-a456-426614174000';
const CUSTOMER = { id: UUID, friends: [UUID], tags: ['a'], prices: { eur: 3 }, since: '2024-01-31', version: 2 };

let fixture: GeneratedFixture;
beforeAll(async () => {
  fixture = await generateFixture('named-types');
  await writeFile(join(fixture.dir, 'team.ts'), TEAM_CODE);
}, 120_000);
afterAll(async () => fixture?.remove());

describe('named types', () => {
  it('compile under the strictest options, with code that uses their names', async () => {
    const result = await fixture.typecheck(['out/**/*.ts', 'team.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('are checked where they are used, as their definitions say', async () => {
    const { customerSchema } = await fixture.load('shop/schemas.ts');
    expect(customerSchema.safeParse(CUSTOMER).success).toBe(true);
    expect(customerSchema.safeParse({ ...CUSTOMER, referrer: null }).success).toBe(true);
    for (const wrong of [
      { id: 'not-a-uuid' },
      { friends: ['x'] },
      { tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { prices: { eur: -1 } },
      { prices: { eur: 2 ** 31 } },
      { version: 3 },
      { opens: '09:30:00' },
    ])
      expect(customerSchema.safeParse({ ...CUSTOMER, ...wrong }).success, JSON.stringify(wrong)).toBe(false);
    const { customerIdSchema, tagsSchema } = await fixture.load('common/schemas.ts');
    expect(customerIdSchema.safeParse(UUID).success).toBe(true);
    expect(tagsSchema.safeParse(['x'.repeat(21)]).success).toBe(false);
  });

  it('are components of the OpenAPI document, referred to by $ref', async () => {
    const document = await fixture.json('shop/openapi.json');
    const schemas = document['components']['schemas'];
    expect(schemas['CustomerId']).toEqual({ type: 'string', format: 'uuid' });
    expect(schemas['IdList']).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CustomerId' } });
    expect(schemas['Customer']['properties']['id']).toEqual({ $ref: '#/components/schemas/CustomerId' });
    expect(schemas['Customer']['properties']['referrer']).toEqual({
      anyOf: [{ $ref: '#/components/schemas/CustomerId' }, { type: 'null' }],
    });
    expect(schemas['Customer']['properties']['version']).toEqual({ type: 'integer', const: 2 });
  });
});
