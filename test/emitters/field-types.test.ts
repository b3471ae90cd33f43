// One field type, four outputs: given a type as the IR holds it, want its TypeScript type
// (types.ts), its zod schema (schemas.ts, as JSON bodies read it, and as query text reads it),
// its JSON Schema (openapi.json) and its text in a docs table (README.md). A row per type
// and format shows at a glance what each emitter makes of it.
import { describe, expect, it } from 'vitest';
import type { Constraints, IntegerFormat, ScalarKind, StringFormat, TypeIr } from '../../src/ir/types.js';
import { local } from '../../src/emitters/shared/code/ast.js';
import { printFile } from '../../src/emitters/shared/code/print-file.js';
import { typeExpression } from '../../src/emitters/types/type-expression.js';
import { schemaExpression } from '../../src/emitters/zod/schema-expression.js';
import { typeSchema, type SchemaContext } from '../../src/emitters/openapi/json-schema.js';
import { typeText } from '../../src/emitters/docs/type-text.js';
import { URI } from '../../src/runtime/core/uri-grammar.js';

const base = { nullable: false, constraints: {} as Constraints };
const scalar = (
  kind: ScalarKind,
  more: {
    format?: StringFormat | IntegerFormat;
    constraints?: Constraints;
    coerce?: boolean;
    const?: string | number | boolean;
  } = {},
): TypeIr => ({
  ...base,
  kind: 'scalar',
  scalar: kind,
  format: more.format,
  coerce: more.coerce ?? false,
  constraints: more.constraints ?? {},
  ...(more.const !== undefined && { const: more.const }),
});
const nullable = (type: TypeIr): TypeIr => ({ ...type, nullable: true });

interface Row {
  readonly given: string;
  readonly type: TypeIr;
  readonly typescript: string;
  readonly zod: string;
  /** As path, query and header text reads it, where it differs from JSON. */
  readonly zodText?: string;
  readonly jsonSchema: unknown;
  readonly docs: string;
}

const HEX = `z.string().regex(/^[0-9a-f]{32}$/, 'expected 32 lowercase hex characters')`;

const rows: Row[] = [
  {
    given: 'string',
    type: scalar('string'),
    typescript: 'string',
    zod: 'z.string()',
    jsonSchema: { type: 'string' },
    docs: 'string',
  },
  {
    given: 'string, 1 to 80 characters',
    type: scalar('string', { constraints: { minLength: 1, maxLength: 80 } }),
    typescript: 'string',
    zod: 'z.string().min(1).max(80)',
    jsonSchema: { type: 'string', minLength: 1, maxLength: 80 },
    docs: 'string, length 1..80',
  },
  {
    given: 'string with a pattern',
    type: scalar('string', { constraints: { pattern: '^[a-z]+$' } }),
    typescript: 'string',
    zod: `z.string().regex(new RegExp('^[a-z]+$', 'u'))`,
    jsonSchema: { type: 'string', pattern: '^[a-z]+$', examples: ['a'] },
    docs: 'string, pattern ^[a-z]+$',
  },
  {
    // A value past maxLength stops there: the pattern never runs on it (issue 31).
    given: 'string with a pattern and length bounds',
    type: scalar('string', { constraints: { pattern: '^[a-z]+$', minLength: 2, maxLength: 8 } }),
    typescript: 'string',
    zod: `z.string().min(2).max(8, { abort: true }).regex(new RegExp('^[a-z]+$', 'u'))`,
    // The shortest walk ("a") is too short: the search finds a longer example.
    jsonSchema: { type: 'string', minLength: 2, maxLength: 8, pattern: '^[a-z]+$', examples: ['aa'] },
    docs: 'string, length 2..8, pattern ^[a-z]+$',
  },
  {
    given: 'currency code with a maxLength, checked before the code pattern',
    type: scalar('string', { format: 'currency-code', constraints: { maxLength: 3 } }),
    typescript: 'string',
    // More than two calls, one with a pattern of more than five characters: one call per line, as prettier prints it.
    zod: `z
  .string()
  .max(3, { abort: true })
  .regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code')`,
    jsonSchema: { type: 'string', maxLength: 3, pattern: '^[A-Z]{3}$', examples: ['ABC'] },
    docs: 'string (ISO 4217 code), length ..3',
  },
  {
    given: 'hex-id',
    type: scalar('string', { format: 'hex-id' }),
    typescript: 'string',
    zod: HEX,
    jsonSchema: { type: 'string', pattern: '^[0-9a-f]{32}$', examples: ['0123456789abcdef0123456789abcdef'] },
    docs: 'string (32 lowercase hex)',
  },
  {
    given: 'uri',
    type: scalar('string', { format: 'uri' }),
    typescript: 'string',
    // RFC 3986's grammar, as JSON Schema's uri is (test/foundation/uri-reference.test.ts): named from the runtime.
    zod: "z.string().regex(uriPattern, 'expected a URI (RFC 3986)')",
    jsonSchema: { type: 'string', format: 'uri', pattern: URI, examples: ['aa://[a:a:a:a:a:a:a:a]/a'] },
    docs: 'string (URL)',
  },
  {
    given: 'email',
    type: scalar('string', { format: 'email' }),
    typescript: 'string',
    zod: 'z.email()',
    jsonSchema: { type: 'string', format: 'email' },
    docs: 'string (email)',
  },
  {
    given: 'currency-code',
    type: scalar('string', { format: 'currency-code' }),
    typescript: 'string',
    zod: `z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code')`,
    jsonSchema: { type: 'string', pattern: '^[A-Z]{3}$', examples: ['ABC'] },
    docs: 'string (ISO 4217 code)',
  },
  {
    given: 'alphanumeric',
    type: scalar('string', { format: 'alphanumeric' }),
    typescript: 'string',
    zod: `z.string().regex(/^[A-Za-z0-9]+$/, 'expected letters and digits only')`,
    jsonSchema: { type: 'string', pattern: '^[A-Za-z0-9]+$', examples: ['a'] },
    docs: 'string (letters and digits)',
  },
  {
    given: 'integer, 0 or more',
    type: scalar('integer', { constraints: { minimum: 0 } }),
    typescript: 'number',
    zod: 'z.int().min(0)',
    zodText: 'integerText.pipe(z.int().min(0))',
    jsonSchema: { type: 'integer', minimum: 0 },
    docs: 'integer, 0..',
  },
  {
    given: 'number that may arrive as digits (coerce)',
    type: scalar('number', { coerce: true }),
    typescript: 'number',
    zod: 'z.preprocess(digitsToNumber, z.number())',
    zodText: 'numberText.pipe(z.number())',
    jsonSchema: {
      anyOf: [
        { type: 'number' },
        { type: 'string', pattern: '^[0-9]{1,15}$', description: 'The same number written as a string of digits.' },
      ],
    },
    docs: 'number (digits as a string accepted)',
  },
  {
    given: 'boolean',
    type: scalar('boolean'),
    typescript: 'boolean',
    zod: 'z.boolean()',
    zodText: 'booleanText',
    jsonSchema: { type: 'boolean' },
    docs: 'boolean',
  },
  {
    given: 'date',
    type: scalar('date'),
    typescript: 'string',
    zod: 'z.iso.date()',
    jsonSchema: { type: 'string', format: 'date' },
    docs: 'date',
  },
  {
    given: 'date-time',
    type: scalar('date-time'),
    typescript: 'string',
    zod: 'z.iso.datetime({ offset: true })',
    jsonSchema: { type: 'string', format: 'date-time' },
    docs: 'date-time',
  },
  {
    given: 'enum',
    type: { ...base, kind: 'enum', values: ['draft', 'active'] },
    typescript: `'draft' | 'active'`,
    zod: `z.enum(['draft', 'active'])`,
    jsonSchema: { type: 'string', enum: ['draft', 'active'] },
    docs: 'one of draft, active',
  },
  {
    given: 'nullable string',
    type: nullable(scalar('string')),
    typescript: 'string | null',
    zod: 'z.string().nullable()',
    jsonSchema: { type: ['string', 'null'] },
    docs: 'string or null',
  },
  {
    given: 'list of strings, at most 5',
    type: { ...base, kind: 'list', items: scalar('string'), constraints: { maxItems: 5 } },
    typescript: 'string[]',
    zod: 'z.array(z.string()).max(5)',
    jsonSchema: { type: 'array', items: { type: 'string' }, maxItems: 5 },
    docs: 'list of string, items ..5',
  },
  {
    given: 'map of integers',
    type: { ...base, kind: 'map', values: scalar('integer') },
    typescript: 'Record<string, number>',
    zod: 'z.record(z.string(), z.int())',
    zodText: 'z.record(z.string(), integerText.pipe(z.int()))',
    jsonSchema: {
      type: 'object',
      propertyNames: { not: { const: '__proto__' } },
      additionalProperties: { type: 'integer' },
    },
    docs: 'map of integer',
  },
  {
    given: 'json',
    type: { ...base, kind: 'json' },
    typescript: 'unknown',
    zod: 'z.json()',
    jsonSchema: {},
    docs: 'any JSON',
  },
  {
    // z.guid() accepts what JSON Schema's uuid format accepts: any version, the nil UUID too.
    given: 'uuid',
    type: scalar('string', { format: 'uuid' }),
    typescript: 'string',
    zod: 'z.guid()',
    jsonSchema: { type: 'string', format: 'uuid' },
    docs: 'string (UUID)',
  },
  {
    given: 'byte (base64)',
    type: scalar('string', { format: 'byte' }),
    typescript: 'string',
    zod: 'z.base64()',
    jsonSchema: { type: 'string', format: 'byte', contentEncoding: 'base64' },
    docs: 'string (base64)',
  },
  {
    given: 'duration',
    type: scalar('string', { format: 'duration' }),
    typescript: 'string',
    zod: 'z.iso.duration()',
    jsonSchema: { type: 'string', format: 'duration' },
    docs: 'string (ISO 8601 duration, e.g. PT15M)',
  },
  {
    given: 'int32 from 0',
    type: scalar('integer', { format: 'int32', constraints: { minimum: 0 } }),
    typescript: 'number',
    zod: 'z.int32().min(0)',
    zodText: 'integerText.pipe(z.int32().min(0))',
    jsonSchema: { type: 'integer', format: 'int32', minimum: 0 },
    docs: 'integer (32-bit), 0..',
  },
  {
    given: 'int64, a number within the safe range',
    type: scalar('integer', { format: 'int64' }),
    typescript: 'number',
    zod: 'z.int()',
    zodText: 'integerText.pipe(z.int())',
    jsonSchema: { type: 'integer', format: 'int64' },
    docs: 'integer (64-bit, within ±(2^53 − 1))',
  },
  {
    given: 'const string',
    type: scalar('string', { const: 'card' }),
    typescript: "'card'",
    zod: "z.literal('card')",
    jsonSchema: { type: 'string', const: 'card' },
    docs: 'string, always "card"',
  },
  {
    given: 'const integer, read from text as a number first',
    type: scalar('integer', { const: 2 }),
    typescript: '2',
    zod: 'z.literal(2)',
    zodText: 'integerText.pipe(z.literal(2))',
    jsonSchema: { type: 'integer', const: 2 },
    docs: 'integer, always 2',
  },
  {
    given: 'const boolean',
    type: scalar('boolean', { const: true }),
    typescript: 'true',
    zod: 'z.literal(true)',
    zodText: 'booleanText.pipe(z.literal(true))',
    jsonSchema: { type: 'boolean', const: true },
    docs: 'boolean, always true',
  },
];

/** One expression or type as printed in its file, without the declaration around it. */
function printedAlone(kind: 'type' | 'const', print: () => string): string {
  const text = print();
  const prefix = kind === 'type' ? 'type T = ' : 'const t = ';
  expect(text.startsWith(prefix) && text.endsWith(';\n'), text).toBe(true);
  return text.slice(prefix.length, -2);
}

// JSON Schema of a type without records needs no components.
const context: SchemaContext = { components: undefined as never, direction: 'write' };

describe.each(rows)('$given', (row) => {
  it('types.ts', () => {
    expect(
      printedAlone('type', () => printFile([local({ kind: 'type-alias', name: 'T', type: typeExpression(row.type) })])),
    ).toBe(row.typescript);
  });
  it('schemas.ts', () => {
    const zod = (reading: 'json' | 'text') =>
      printedAlone('const', () =>
        printFile([local({ kind: 'const', name: 't', value: schemaExpression(row.type, reading) })]),
      );
    expect(zod('json')).toBe(row.zod);
    expect(zod('text')).toBe(row.zodText ?? row.zod);
  });
  it('openapi.json', () => {
    expect(typeSchema(row.type, context)).toEqual(row.jsonSchema);
  });
  it('README.md', () => {
    expect(typeText(row.type, 'shop')).toBe(row.docs);
  });
});
