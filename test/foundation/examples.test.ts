// `example:` of fields, records and named types: each is checked against its own type and constraints
// when the definitions load (SVC270, at the example's value, with the member path inside a record).
import { describe, expect, it } from 'vitest';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { DefinitionsError, type Diagnostic } from '../../src/definitions/diagnostics.js';

/** A file whose record `item` has the given fields (YAML flow mappings, one per line) and record keys. */
function definition(fields: readonly string[], recordKeys: readonly string[] = [], types: readonly string[] = []) {
  return [
    'name: shop',
    ...(types.length > 0 ? ['types:', ...types.map((line) => `  ${line}`)] : []),
    'records:',
    '  item:',
    ...recordKeys.map((line) => `    ${line}`),
    '    fields:',
    ...fields.map((line) => `      ${line}`),
  ].join('\n');
}

async function diagnosticsOf(text: string): Promise<readonly Diagnostic[]> {
  try {
    await buildIrFromInputs({ definitions: [{ file: 'shop.yaml', bytes: Buffer.from(text) }], diagnostics: [] });
  } catch (error) {
    if (error instanceof DefinitionsError) return error.diagnostics;
    throw error;
  }
  return [];
}

const where = (d: Diagnostic) => `${d.line}:${d.column} ${d.code} ${d.message}`;

describe('examples that fit their type load without a word', () => {
  it.each([
    ['a pattern', '{ type: string, pattern: "^[A-Z]{3}-[0-9]{4}$", example: TEA-0042 }'],
    ['an enum', '{ type: enum, values: [draft, live], example: live }'],
    ['a format', '{ type: string, format: email, example: a@example.com }'],
    ['bounds', '{ type: integer, minimum: 1, maximum: 9, example: 9 }'],
    ['a date', '{ type: date, example: "2024-02-29" }'],
    ['a nullable field', '{ type: string, nullable: true, example: null }'],
    ['a list', '{ type: list, items: { type: string, maxLength: 3 }, maxItems: 2, example: [ab, cd] }'],
    ['a map', '{ type: map, items: { type: integer }, example: { a: 1 } }'],
  ])('%s', async (_what, field) => {
    expect(await diagnosticsOf(definition([`x: ${field}`]))).toEqual([]);
  });

  it('a whole record, leaving out optional fields, and a named type used by a field', async () => {
    const text = definition(
      ['id: { type: integer }', 'note: { type: string, required: false, default: none }', 'sku: { type: shop.sku }'],
      ['example: { id: 1, sku: AB-1 }'],
      ['sku: { type: string, pattern: "^[A-Z]+-[0-9]+$", example: CD-2 }'],
    );
    expect(await diagnosticsOf(text)).toEqual([]);
  });
});

describe('an example that does not fit is SVC270 at its value, saying why', () => {
  it.each([
    ['not a number', '{ type: number, example: abc }', 'example "abc" of field "x" is not a number (expected number)'],
    [
      'a pattern',
      '{ type: string, pattern: "^[A-Z]{3}$", example: tea }',
      'example "tea" of field "x" does not match the pattern (expected string with pattern "^[A-Z]{3}$")',
    ],
    [
      'an enum',
      '{ type: enum, values: [draft, live], example: gone }',
      'example "gone" of field "x" is not a value of the enum (expected one of draft, live)',
    ],
    [
      'a format',
      '{ type: string, format: email, example: nobody }',
      'example "nobody" of field "x" is not of format email (expected string with format email)',
    ],
    [
      'a minimum',
      '{ type: integer, minimum: 1, example: 0 }',
      'example 0 of field "x" is less than the minimum 1 (expected integer with minimum 1)',
    ],
    [
      'a maximum',
      '{ type: number, maximum: 5, example: 5.5 }',
      'example 5.5 of field "x" is more than the maximum 5 (expected number with maximum 5)',
    ],
    [
      'a maxLength',
      '{ type: string, maxLength: 2, example: abc }',
      'example "abc" of field "x" is longer than maxLength 2 (expected string with maxLength 2)',
    ],
    [
      'a date',
      '{ type: date, example: "2023-02-29" }',
      'example "2023-02-29" of field "x" is not a date (expected date)',
    ],
    ['null', '{ type: string, example: null }', 'example null of field "x" is null (expected string)'],
    [
      'a list item',
      '{ type: list, items: { type: integer, maximum: 3 }, example: [1, 7] }',
      'example of field "x": [1] 7 is more than the maximum 3 (expected integer with maximum 3)',
    ],
  ])('%s', async (_what, field, want) => {
    const found = await diagnosticsOf(definition([`x: ${field}`]));
    // At the value: line 5 of the file, the column after "example: ".
    const column = `      x: ${field}`.indexOf('example: ') + 'example: '.length + 1;
    expect(found.map(where)).toEqual([`5:${column} SVC270 ${want}`]);
  });

  it('a record example lacking a required field, with a member it does not declare, with a bad member', async () => {
    const fields = ['id: { type: integer }', 'price: { type: number, minimum: 0 }'];
    const cases = [
      [
        '{ price: 1 }',
        'example {"price":1} of record "item" lacks the field "id" (expected every required field of item: id, price)',
      ],
      [
        '{ id: 1, price: 1, colour: red }',
        'has a member "colour" that is not a field of item (expected one of: id, price)',
      ],
      ['{ id: 1, price: -2 }', 'example of record "item": price -2 is less than the minimum 0'],
    ] as const;
    for (const [example, want] of cases) {
      const found = await diagnosticsOf(definition(fields, [`example: ${example}`]));
      expect(found.map(where)).toEqual([expect.stringContaining(want)]);
      expect(found[0]?.line).toBe(4);
    }
  });

  it('a named type example, and a field example against the named type it uses', async () => {
    const text = definition(
      ['sku: { type: shop.sku, example: lower-1 }'],
      [],
      ['sku: { type: string, pattern: "^[A-Z]+-[0-9]+$", example: "AB-x" }'],
    );
    expect((await diagnosticsOf(text)).map(where)).toEqual([
      expect.stringContaining('example "AB-x" of type "sku" does not match the pattern'),
      expect.stringContaining('example "lower-1" of field "sku" does not match the pattern'),
    ]);
  });

  it('a field example in a record of another record type is checked through that record', async () => {
    const text = [
      'name: shop',
      'records:',
      '  money: { fields: { amount: { type: integer }, currency: { type: string, format: currency-code } } }',
      '  item:',
      '    fields:',
      '      price: { type: record, record: money, example: { amount: 5, currency: euro } }',
    ].join('\n');
    expect((await diagnosticsOf(text)).map(where)).toEqual([
      expect.stringContaining('example of field "price": currency "euro" is not of format currency-code'),
    ]);
  });
});
