// Whether a plain value fits a type: used to check defaults in definitions.
import type { RecordIr, TypeIr } from './types.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function valueFitsType(value: unknown, type: TypeIr, records: ReadonlyMap<string, RecordIr>): boolean {
  if (value === null) return type.nullable;
  switch (type.kind) {
    case 'scalar':
      switch (type.scalar) {
        case 'integer':
          return Number.isInteger(value);
        case 'number':
          return typeof value === 'number' && Number.isFinite(value);
        case 'boolean':
          return typeof value === 'boolean';
        case 'date':
          return typeof value === 'string' && DATE.test(value);
        case 'date-time':
          return typeof value === 'string' && DATE_TIME.test(value);
        case 'string':
          return typeof value === 'string';
      }
      return false;
    case 'enum':
      return typeof value === 'string' && type.values.includes(value);
    case 'list':
      return Array.isArray(value) && value.every((item) => valueFitsType(item, type.items, records));
    case 'map':
      return isPlainObject(value) && Object.values(value).every((item) => valueFitsType(item, type.values, records));
    case 'record':
      return isPlainObject(value) && recordValueFits(value, type, records);
    case 'json':
      return true;
  }
}

/**
 * A record default is used as it is, never parsed (zod's .default): it must hold every member the
 * schema's output has (required or defaulted fields), each fitting, and nothing else.
 */
function recordValueFits(value: Record<string, unknown>, type: Extract<TypeIr, { kind: 'record' }>, records: ReadonlyMap<string, RecordIr>): boolean {
  const record = records.get(type.record);
  if (!record) return false;
  const fields = record.fields.filter((field) => (type.pick.length === 0 || type.pick.includes(field.name)) && !type.omit.includes(field.name));
  const known = new Set(fields.map((field) => field.name));
  if (Object.keys(value).some((key) => !known.has(key))) return false;
  return fields.every((field) => {
    if (!Object.hasOwn(value, field.name)) return type.partial || (!field.required && field.default === undefined);
    return valueFitsType(value[field.name], field.type, records);
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeType(type: TypeIr): string {
  const base =
    type.kind === 'scalar'
      ? type.scalar
      : type.kind === 'enum'
        ? `one of ${type.values.join(', ')}`
        : type.kind === 'list'
          ? `a list of ${describeType(type.items)}`
          : type.kind === 'map'
            ? `a map of ${describeType(type.values)}`
            : type.kind === 'record'
              ? `a ${type.record.split('.').pop()} record`
              : 'any JSON value';
  return type.nullable ? `${base} or null` : base;
}
