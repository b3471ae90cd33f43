// A TypeIr as a zod 4 schema expression. Two readings of a value: as JSON (bodies, responses),
// where types are strict, and as text (path, query, headers), where numbers arrive as digits.
import type { Constraints, RecordIr, RecordKey, ScalarType, TypeIr } from '../../ir/types.js';
import { recordName } from '../shared/imports.js';
import { camelCase, propertyKey } from '../../ir/names.js';

export type Reading = 'json' | 'text';

export function recordSchemaName(key: string): string {
  return `${camelCase(recordName(key))}Schema`;
}

/** The records by key: needed to drop defaults from partial records (pass it whenever a type may name one). */
export type RecordLookup = ReadonlyMap<RecordKey, RecordIr>;

export function schemaExpression(type: TypeIr, reading: Reading, records?: RecordLookup): string {
  const base = nonNullSchema(type, reading, records);
  return type.nullable ? `${base}.nullable()` : base;
}

function nonNullSchema(type: TypeIr, reading: Reading, records: RecordLookup | undefined): string {
  switch (type.kind) {
    case 'scalar':
      return scalarSchema(type, reading);
    case 'enum':
      return `z.enum([${type.values.map((value) => JSON.stringify(value)).join(', ')}])`;
    case 'list':
      return `z.array(${schemaExpression(type.items, reading, records)})${sizeChecks(type.constraints, 'minItems', 'maxItems')}`;
    case 'map':
      return `z.record(z.string(), ${schemaExpression(type.values, reading, records)})`;
    case 'json':
      return 'z.json()';
    case 'record': {
      let expression = recordSchemaName(type.record);
      const mask = (names: readonly string[]) => `{ ${names.map((name) => `${JSON.stringify(name)}: true`).join(', ')} }`;
      if (type.pick.length > 0) expression += `.pick(${mask(type.pick)})`;
      if (type.omit.length > 0) expression += `.omit(${mask(type.omit)})`;
      if (type.partial) expression += `.partial()${withoutDefaults(type, records)}`;
      return expression;
    }
  }
}

/**
 * zod applies a field's default even inside .partial(), so an update body that leaves a field out
 * would set it to its default. A partial record redeclares its defaulted fields as plain optional.
 */
function withoutDefaults(type: Extract<TypeIr, { kind: 'record' }>, records: RecordLookup | undefined): string {
  const fields = (records?.get(type.record)?.fields ?? []).filter(
    (field) => field.default !== undefined && !type.omit.includes(field.name) && (type.pick.length === 0 || type.pick.includes(field.name)),
  );
  if (fields.length === 0) return '';
  return `.extend({ ${fields.map((field) => `${propertyKey(field.name)}: ${schemaExpression(field.type, 'json', records)}.optional()`).join(', ')} })`;
}

const STRING_FORMATS: Record<string, string> = {
  'hex-id': `z.string().regex(/^[0-9a-f]{32}$/, 'expected 32 lowercase hex characters')`,
  uri: 'z.url()',
  email: 'z.email()',
  'currency-code': `z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code')`,
  alphanumeric: `z.string().regex(/^[A-Za-z0-9]+$/, 'expected letters and digits only')`,
};

function scalarSchema(type: ScalarType, reading: Reading): string {
  const c = type.constraints;
  switch (type.scalar) {
    case 'string': {
      const base = type.format ? (STRING_FORMATS[type.format] ?? 'z.string()') : 'z.string()';
      const pattern = c.pattern !== undefined ? `.regex(new RegExp(${JSON.stringify(c.pattern)}))` : '';
      return `${base}${sizeChecks(c, 'minLength', 'maxLength')}${pattern}`;
    }
    case 'date':
      return 'z.iso.date()';
    case 'date-time':
      return 'z.iso.datetime({ offset: true })';
    case 'boolean':
      return reading === 'text' ? 'booleanText' : 'z.boolean()';
    case 'integer':
    case 'number': {
      const number = `${type.scalar === 'integer' ? 'z.int()' : 'z.number()'}${rangeChecks(c)}`;
      if (reading === 'text') return `${type.scalar === 'integer' ? 'integerText' : 'numberText'}.pipe(${number})`;
      return type.coerce ? `z.preprocess(digitsToNumber, ${number})` : number;
    }
  }
}

function sizeChecks(c: Constraints, min: 'minLength' | 'minItems', max: 'maxLength' | 'maxItems'): string {
  return `${c[min] !== undefined ? `.min(${c[min]})` : ''}${c[max] !== undefined ? `.max(${c[max]})` : ''}`;
}

function rangeChecks(c: Constraints): string {
  return `${c.minimum !== undefined ? `.min(${c.minimum})` : ''}${c.maximum !== undefined ? `.max(${c.maximum})` : ''}`;
}

/** Runtime helpers a schema expression uses, so the file imports only those. */
export function usedHelpers(expression: string): string[] {
  return ['booleanText', 'digitsToNumber', 'integerText', 'jsonText', 'numberText'].filter((helper) => new RegExp(`\\b${helper}\\b`).test(expression));
}
