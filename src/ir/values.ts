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
      return isPlainObject(value) && records.has(type.record);
    case 'json':
      return true;
  }
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
