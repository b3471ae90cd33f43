// Sample values of IR types, for the fuzzer's stub handlers and requests: a value that fits the type
// and its constraints where that is cheap to make, so that requests reach the handlers.
import { patternExample } from '../../src/emitters/openapi/pattern-example.js';
import { isStringFormat, stringFormat } from '../../src/ir/formats.js';
import { patternRegExp } from '../../src/ir/pattern-regexp.js';
import type { RecordIr, TypeIr } from '../../src/ir/types.js';

export type Records = ReadonlyMap<string, RecordIr>;

/** Strings tried, in order, against a pattern. */
const PATTERN_CANDIDATES = ['abc', 'ABC', 'a', 'A', '1', 'a-1', 'A1', 'abc-def', '123', 'x'];

export function sampleValue(type: TypeIr, records: Records, depth = 0): unknown {
  switch (type.kind) {
    case 'scalar':
      return sampleScalar(type);
    case 'enum':
      return type.values[0];
    case 'json':
      return { sample: true };
    case 'list': {
      const count = Math.max(type.constraints.minItems ?? 0, depth > 3 ? 0 : 1);
      return Array.from({ length: Math.min(count, type.constraints.maxItems ?? count) }, () =>
        sampleValue(type.items, records, depth + 1),
      );
    }
    case 'map':
      return depth > 3 ? {} : { key: sampleValue(type.values, records, depth + 1) };
    case 'record':
      return sampleRecord(type, records, depth);
  }
}

function sampleRecord(type: Extract<TypeIr, { kind: 'record' }>, records: Records, depth: number): unknown {
  const record = records.get(type.record);
  if (!record) return {};
  const value: Record<string, unknown> = {};
  for (const field of record.fields) {
    if (type.pick.length > 0 && !type.pick.includes(field.name)) continue;
    if (type.omit.includes(field.name)) continue;
    const optional = type.partial || !field.required || field.default !== undefined || field.type.nullable;
    if (optional && depth > 2) continue;
    if (field.type.nullable && depth > 1) value[field.name] = null;
    else value[field.name] = sampleValue(field.type, records, depth + 1);
  }
  return value;
}

function sampleScalar(type: Extract<TypeIr, { kind: 'scalar' }>): unknown {
  const { minimum, maximum, minLength, maxLength, pattern } = type.constraints;
  if (type.const !== undefined) return type.const;
  switch (type.scalar) {
    case 'integer': {
      const low = minimum === undefined ? 1 : Math.ceil(minimum);
      return maximum !== undefined && low > maximum ? Math.floor(maximum) : low;
    }
    case 'number':
      return minimum ?? Math.min(1.5, maximum ?? 1.5);
    case 'boolean':
      return true;
    case 'date':
      return '2024-01-31';
    case 'date-time':
      return '2024-01-31T12:00:00Z';
    case 'string': {
      if (type.format && isStringFormat(type.format)) return stringFormat(type.format).examples[0];
      // The generator's own example for a pattern comes first: what mocks and documents show must pass too.
      const example = pattern === undefined ? undefined : patternExample({ patterns: [pattern], minLength, maxLength });
      if (example !== undefined) return example;
      const fits = (text: string) =>
        text.length >= (minLength ?? 0) &&
        text.length <= (maxLength ?? Infinity) &&
        (pattern === undefined || patternRegExp(pattern).test(text));
      const padded = (text: string) =>
        text
          .repeat(Math.ceil(Math.max(minLength ?? 1, 1) / text.length))
          .slice(0, Math.max(minLength ?? 0, Math.min(text.length, maxLength ?? text.length)));
      return PATTERN_CANDIDATES.map(padded).find(fits) ?? padded('abc');
    }
  }
}

/** A value as path, query or header text. */
export function sampleText(type: TypeIr, records: Records): string {
  const value = sampleValue(type, records);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
