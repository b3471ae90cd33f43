// Whether a plain value fits a type: used to check defaults in definitions.
import { isMapping } from '../definitions/schema-values.js';
import { inView } from './types.js';
import { INTEGER_FORMAT_ROWS, isIntegerFormat, stringFormat } from './formats.js';
import type { Constraints, RecordIr, ScalarType, TypeIr } from './types.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function valueFitsType(value: unknown, type: TypeIr, records: ReadonlyMap<string, RecordIr>): boolean {
  if (value === null) return type.nullable;
  switch (type.kind) {
    case 'scalar':
      return (
        (type.const === undefined || value === type.const) &&
        scalarFits(value, type) &&
        withinConstraints(value, type.constraints)
      );
    case 'enum':
      return typeof value === 'string' && type.values.includes(value);
    case 'list':
      return (
        Array.isArray(value) &&
        withinConstraints(value, type.constraints) &&
        value.every((item) => valueFitsType(item, type.items, records))
      );
    case 'map':
      return isMapping(value) && Object.values(value).every((item) => valueFitsType(item, type.values, records));
    case 'record':
      return isMapping(value) && recordValueFits(value, type, records);
    case 'union':
      return type.variants.some((variant) => valueFitsType(value, variant, records));
    case 'json':
      return true;
  }
}

function scalarFits(value: unknown, type: ScalarType): boolean {
  switch (type.scalar) {
    case 'integer':
      return Number.isInteger(value) && withinFormat(value as number, type.format);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && isCalendarDate(value);
    case 'date-time':
      return typeof value === 'string' && DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10));
    case 'string':
      return (
        typeof value === 'string' &&
        (type.format === undefined || isIntegerFormat(type.format) || stringFormat(type.format).test(value))
      );
  }
}

/** An int32 or int64 within its range. */
function withinFormat(value: number, format: ScalarType['format']): boolean {
  if (format === undefined || !isIntegerFormat(format)) return true;
  const row = INTEGER_FORMAT_ROWS[format];
  return value >= row.minimum && value <= row.maximum;
}

/** 2024-02-30 has the shape of a date but is none. */
function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A default is used as it is: it must meet the bounds and pattern a request's value must meet. */
function withinConstraints(value: unknown, c: Constraints): boolean {
  const within = (n: number, min: number | undefined, max: number | undefined) =>
    (min === undefined || n >= min) && (max === undefined || n <= max);
  if (typeof value === 'number') return within(value, c.minimum, c.maximum);
  if (Array.isArray(value)) return within(value.length, c.minItems, c.maxItems);
  if (typeof value !== 'string') return true;
  return within(value.length, c.minLength, c.maxLength) && (c.pattern === undefined || matches(c.pattern, value));
}

/** A pattern that does not compile is reported on its own (SVC106): it does not fail the default too. */
function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return true;
  }
}

/**
 * A record default is used as it is, never parsed (zod's .default): it must hold every member the
 * schema's output has (required or defaulted fields), each fitting, and nothing else.
 */
function recordValueFits(
  value: Record<string, unknown>,
  type: Extract<TypeIr, { kind: 'record' }>,
  records: ReadonlyMap<string, RecordIr>,
): boolean {
  const record = records.get(type.record);
  if (!record) return false;
  const fields = record.fields.filter((field) => inView(type, field.name));
  const known = new Set(fields.map((field) => field.name));
  const extra = record.additionalFields;
  const others = Object.keys(value).filter((key) => !known.has(key));
  if (others.some((key) => !extra || !valueFitsType(value[key], extra, records))) return false;
  return fields.every((field) => {
    if (!Object.hasOwn(value, field.name)) return type.partial || (!field.required && field.default === undefined);
    return valueFitsType(value[field.name], field.type, records);
  });
}

export function describeType(type: TypeIr): string {
  const base =
    type.kind === 'scalar'
      ? type.const !== undefined
        ? `${JSON.stringify(type.const)}`
        : type.scalar
      : type.kind === 'enum'
        ? `one of ${type.values.join(', ')}`
        : type.kind === 'list'
          ? `a list of ${describeType(type.items)}`
          : type.kind === 'map'
            ? `a map of ${describeType(type.values)}`
            : type.kind === 'record'
              ? `a ${type.record.split('.').pop()} record`
              : type.kind === 'union'
                ? type.variants.map(describeType).join(' or ')
                : 'any JSON value';
  return type.nullable ? `${base} or null` : base;
}

/** describeType plus the format and the bounds a value must meet, for messages about one value. */
export function describeConstrainedType(type: TypeIr): string {
  const c = type.constraints;
  const limits = [
    ...(type.kind === 'scalar' && type.format !== undefined ? [`format ${type.format}`] : []),
    ...(['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems'] as const)
      .filter((key) => c[key] !== undefined)
      .map((key) => `${key} ${JSON.stringify(c[key])}`),
  ];
  return limits.length > 0 ? `${describeType(type)} with ${limits.join(', ')}` : describeType(type);
}
