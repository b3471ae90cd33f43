// Whether a plain value fits a type, and why not: used to check defaults and examples in definitions.
import { isMapping } from '../definitions/schema-values.js';
import { inView } from './types.js';
import { INTEGER_FORMAT_ROWS, isIntegerFormat, stringFormat } from './formats.js';
import { patternRegExp } from './pattern-regexp.js';
import type { Constraints, RecordIr, ScalarType, TypeIr } from './types.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Why a value does not fit a type: where inside it (member names and list indexes) and what is wrong there. */
export interface ValueProblem {
  /** Empty for the value itself. */
  readonly at: readonly (string | number)[];
  readonly value: unknown;
  /** What is wrong, completing "<value> …": "is not a number (expected number with minimum 0)". */
  readonly reason: string;
}

/**
 * How a record value is read. A default is used as it is, never parsed (zod's .default), so it must
 * hold the members with a default too; an example is a response as OpenAPI describes it, where only
 * required members must be present.
 */
export type RecordReading = 'default' | 'example';

export function valueFitsType(value: unknown, type: TypeIr, records: ReadonlyMap<string, RecordIr>): boolean {
  return valueProblem(value, type, records, 'default') === undefined;
}

/** The first thing that keeps a value from fitting a type, or undefined when it fits. */
export function valueProblem(
  value: unknown,
  type: TypeIr,
  records: ReadonlyMap<string, RecordIr>,
  reading: RecordReading,
): ValueProblem | undefined {
  const here = (reason: string): ValueProblem => ({ at: [], value, reason });
  const inside = (key: string | number, problem: ValueProblem | undefined) =>
    problem && { ...problem, at: [key, ...problem.at] };
  if (value === null) return type.nullable ? undefined : here(`is null (expected ${describeConstrainedType(type)})`);
  const expected = ` (expected ${describeConstrainedType(type)})`;
  switch (type.kind) {
    case 'scalar': {
      if (type.const !== undefined && value !== type.const)
        return here(`is not the one value allowed (expected ${JSON.stringify(type.const)})`);
      const reason = scalarProblem(value, type) ?? constraintProblem(value, type.constraints);
      return reason === undefined ? undefined : here(reason + expected);
    }
    case 'enum':
      return typeof value === 'string' && type.values.includes(value)
        ? undefined
        : here(`is not a value of the enum (expected one of ${type.values.join(', ')})`);
    case 'list': {
      if (!Array.isArray(value)) return here(`is not a list${expected}`);
      const counted = constraintProblem(value, type.constraints);
      if (counted !== undefined) return here(counted + expected);
      for (const [index, item] of value.entries()) {
        const problem = inside(index, valueProblem(item, type.items, records, reading));
        if (problem) return problem;
      }
      return undefined;
    }
    case 'map': {
      if (!isMapping(value)) return here(`is not a map${expected}`);
      for (const [key, item] of Object.entries(value)) {
        const problem = inside(key, valueProblem(item, type.values, records, reading));
        if (problem) return problem;
      }
      return undefined;
    }
    case 'record':
      return isMapping(value) ? recordProblem(value, type, records, reading) : here(`is not an object${expected}`);
    case 'union':
      return type.variants.some((variant) => valueProblem(value, variant, records, reading) === undefined)
        ? undefined
        : here(`fits none of the variants${expected}`);
    case 'json':
      return undefined;
  }
}

function scalarProblem(value: unknown, type: ScalarType): string | undefined {
  switch (type.scalar) {
    case 'integer':
      if (!Number.isInteger(value)) return 'is not an integer';
      return withinFormat(value as number, type.format) ? undefined : `is outside the range of ${type.format}`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'is not a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'is not a boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && isCalendarDate(value) ? undefined : 'is not a date';
    case 'date-time':
      return typeof value === 'string' && DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10))
        ? undefined
        : 'is not a date-time';
    case 'string':
      if (typeof value !== 'string') return 'is not a string';
      if (type.format === undefined || isIntegerFormat(type.format) || stringFormat(type.format).test(value))
        return undefined;
      return `is not of format ${type.format}`;
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

/** A value is used as it is: it must meet the bounds and pattern a request's value must meet. */
function constraintProblem(value: unknown, c: Constraints): string | undefined {
  const bounds = (n: number, [min, max]: [number | undefined, number | undefined], [below, above]: [string, string]) =>
    min !== undefined && n < min ? `${below} ${min}` : max !== undefined && n > max ? `${above} ${max}` : undefined;
  if (typeof value === 'number')
    return (
      bounds(value, [c.minimum, c.maximum], ['is less than the minimum', 'is more than the maximum']) ??
      exclusiveBoundsProblem(value, c)
    );
  if (Array.isArray(value))
    return bounds(
      value.length,
      [c.minItems, c.maxItems],
      ['has fewer items than minItems', 'has more items than maxItems'],
    );
  if (typeof value !== 'string') return undefined;
  // In code points, as zod and JSON Schema count a length (an emoji is one character, two UTF-16 units).
  const length = bounds(
    [...value].length,
    [c.minLength, c.maxLength],
    ['is shorter than minLength', 'is longer than maxLength'],
  );
  if (length !== undefined) return length;
  return c.pattern === undefined || matches(c.pattern, value) ? undefined : `does not match the pattern`;
}

function exclusiveBoundsProblem(value: number, c: Constraints): string | undefined {
  if (c.exclusiveMinimum !== undefined && value <= c.exclusiveMinimum)
    return `is not more than the exclusiveMinimum ${c.exclusiveMinimum}`;
  if (c.exclusiveMaximum !== undefined && value >= c.exclusiveMaximum)
    return `is not less than the exclusiveMaximum ${c.exclusiveMaximum}`;
  return undefined;
}

/** A pattern that does not compile is reported on its own (SVC106): it does not fail the value too. */
function matches(pattern: string, text: string): boolean {
  try {
    return patternRegExp(pattern).test(text);
  } catch {
    return true;
  }
}

/** A record value holds every member it must (see RecordReading), each fitting, and nothing else. */
function recordProblem(
  value: Record<string, unknown>,
  type: Extract<TypeIr, { kind: 'record' }>,
  records: ReadonlyMap<string, RecordIr>,
  reading: RecordReading,
): ValueProblem | undefined {
  const here = (reason: string): ValueProblem => ({ at: [], value, reason });
  const record = records.get(type.record);
  if (!record) return here(`is not a value of an unknown record (expected a known record)`);
  const fields = record.fields.filter((field) => inView(type, field.name));
  const known = new Set(fields.map((field) => field.name));
  const extra = record.additionalFields;
  for (const key of Object.keys(value).filter((key) => !known.has(key))) {
    if (!extra)
      return here(
        `has a member "${key}" that is not a field of ${record.name} (expected one of: ${[...known].join(', ')})`,
      );
    const problem = valueProblem(value[key], extra, records, reading);
    if (problem) return { ...problem, at: [key, ...problem.at] };
  }
  for (const field of fields) {
    if (!Object.hasOwn(value, field.name)) {
      const mayLack = type.partial || (!field.required && (reading === 'example' || field.default === undefined));
      if (mayLack) continue;
      const required = fields.filter((other) => other.required).map((other) => other.name);
      return here(
        `lacks the field "${field.name}" (expected every required field of ${record.name}: ${required.join(', ')})`,
      );
    }
    const problem = valueProblem(value[field.name], field.type, records, reading);
    if (problem) return { ...problem, at: [field.name, ...problem.at] };
  }
  return undefined;
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
    ...(
      [
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'minLength',
        'maxLength',
        'pattern',
        'minItems',
        'maxItems',
      ] as const
    )
      .filter((key) => c[key] !== undefined)
      .map((key) => `${key} ${JSON.stringify(c[key])}`),
  ];
  return limits.length > 0 ? `${describeType(type)} with ${limits.join(', ')}` : describeType(type);
}
