// Deterministic example values for mock responses: each satisfies its type's constraints (formats,
// patterns, lengths, ranges, item counts, enums), and records refer to each other by the ids of
// their examples (a foreign key holds the first example of the related record). No randomness:
// the same definitions give the same examples. The first example of each kind is the definitions'
// own where they give one (`example:` of a record, a field or a named type, checked at load by
// SVC270); the others are made up, so that ids still differ within a list.
import type { FieldIr, Ir, RecordIr, RecordKey, RecordType, ScalarType, TypeIr } from '../../ir/types.js';
import { exampleInView, inView } from '../../ir/types.js';
import { isStringFormat, stringFormat } from '../../ir/formats.js';
import { patternExample } from '../openapi/pattern-example.js';

/** How many examples of each record a mock list holds. */
export const EXAMPLES_PER_RECORD = 3;

/** Records nested deeper than this are left out where optional (a record may contain itself). */
const MAX_DEPTH = 2;

export class ExampleValues {
  constructor(private readonly ir: Ir) {}

  /** An example of any type, the `index`-th where a type has several (ids, enums). */
  value(type: TypeIr, index: number, name = 'value', depth = 0): unknown {
    // A named type's own example (only a reference to one carries it).
    if (index === 0 && type.example !== undefined) return type.example;
    switch (type.kind) {
      case 'scalar':
        return scalarExample(type, index, name);
      case 'enum':
        return type.values[index % type.values.length];
      case 'record':
        return this.#record(this.#recordIr(type.record), index, type, depth);
      case 'list': {
        const { minItems = 0, maxItems = Infinity } = type.constraints;
        const count = Math.min(Math.max(minItems, depth > MAX_DEPTH ? 0 : 1), maxItems);
        return Array.from({ length: count }, (_, item) => this.value(type.items, index + item, name, depth + 1));
      }
      case 'map':
        return depth > MAX_DEPTH ? {} : { [`${name}1`]: this.value(type.values, index, name, depth + 1) };
      case 'json':
        return {};
      case 'union': {
        // The variants in turn; a tagged variant carries the value naming it (its record may declare any string).
        const at = index % type.variants.length;
        const value = this.value(type.variants[at]!, index, name, depth);
        const tag = type.discriminator;
        return tag === undefined ? value : { ...(value as object), [tag.property]: tag.values[at] };
      }
    }
  }

  /** The `index`-th example of a record, in the view (omit/pick) the type asks for. */
  #record(record: RecordIr, index: number, view: Pick<RecordType, 'omit' | 'pick'>, depth: number): object {
    if (index === 0 && record.example !== undefined) return exampleInView(record, view) as object;
    const fields = record.fields.filter((field) => inView(view, field.name));
    const example: Record<string, unknown> = {};
    for (const field of fields) {
      const value = this.#field(record, field, index, depth);
      if (value !== undefined) example[field.name] = value;
    }
    // A foreign key holds the id of the related record's first example (of a record's own kind, the next one's).
    for (const field of fields) {
      const { foreignKey, record: related = '' } = field.relation ?? {};
      if (foreignKey === undefined || !(foreignKey in example)) continue;
      const relatedIndex = related === record.key ? (index + 1) % EXAMPLES_PER_RECORD : 0;
      example[foreignKey] = (
        this.#record(this.#recordIr(related), relatedIndex, ONLY_ID, 0) as Record<string, unknown>
      )['id'];
    }
    return example;
  }

  #field(record: RecordIr, field: FieldIr, index: number, depth: number): unknown {
    if (index === 0 && field.example !== undefined) return field.example.value;
    if (field.default !== undefined) return field.default;
    // Related records are reached through their own routes; the response names them by foreign key.
    if (field.relation !== undefined)
      return field.required ? this.value(field.type, 0, field.name, MAX_DEPTH + 1) : undefined;
    const nested = field.type.kind === 'record' || field.type.kind === 'list' || field.type.kind === 'map';
    if (nested && !field.required && depth >= MAX_DEPTH) return undefined;
    if (field.name === 'id') return this.value(field.type, index, `${record.name} id`, depth);
    return this.value(field.type, index, field.name, depth + (nested ? 1 : 0));
  }

  #recordIr(key: RecordKey): RecordIr {
    const record = this.ir.records.get(key);
    if (record === undefined) throw new Error(`no record ${key}`);
    return record;
  }
}

const ONLY_ID = { omit: [] as readonly string[], pick: ['id'] as readonly string[] };

function scalarExample(type: ScalarType, index: number, name: string): unknown {
  // The one value allowed (`const:`) is the only example there is.
  if (type.const !== undefined) return type.const;
  const { minLength, maxLength, pattern } = type.constraints;
  switch (type.scalar) {
    case 'boolean':
      return index % 2 === 0;
    case 'integer':
    case 'number':
      return numberExample(type, index);
    case 'date':
      return `2024-01-${String((index % 28) + 1).padStart(2, '0')}`;
    case 'date-time':
      return `2024-01-${String((index % 28) + 1).padStart(2, '0')}T09:30:00Z`;
    case 'string':
      break;
  }
  const formatted = formatExample(type, index);
  if (formatted !== undefined) return formatted;
  if (pattern !== undefined) return patternExample({ patterns: [pattern], minLength, maxLength }) ?? '';
  return fitLength(`${name} ${index + 1}`, minLength ?? 0, maxLength ?? Infinity);
}

/** The format table's examples in turn, fitted to the length constraints when the format still holds. */
function formatExample(type: ScalarType, index: number): string | undefined {
  if (type.format === undefined || !isStringFormat(type.format)) return undefined;
  const row = stringFormat(type.format);
  const example = row.examples[index % row.examples.length]!;
  const fitted = fitLength(example, type.constraints.minLength ?? 0, type.constraints.maxLength ?? Infinity);
  return row.test(fitted) ? fitted : example;
}

function fitLength(text: string, minLength: number, maxLength: number): string {
  const long = text.length < minLength ? text + 'x'.repeat(minLength - text.length) : text;
  return long.slice(0, Math.max(maxLength, 0));
}

/** index + 1 (a number: + 1.5) moved inside the bounds; strictly inside an exclusive one. */
function numberExample(type: ScalarType, index: number): number {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = type.constraints;
  const integer = type.scalar === 'integer';
  const low = Math.max(minimum ?? -Infinity, exclusiveMinimum ?? -Infinity);
  const high = Math.min(maximum ?? Infinity, exclusiveMaximum ?? Infinity);
  const inside = (value: number) =>
    (exclusiveMinimum === undefined || value > exclusiveMinimum) &&
    (exclusiveMaximum === undefined || value < exclusiveMaximum);
  const value = clamp(
    integer ? index + 1 : index + 1.5,
    integer ? Math.ceil(low) : low,
    integer ? Math.floor(high) : high,
  );
  if (inside(value)) return value;
  if (integer) return value === exclusiveMinimum ? value + 1 : value - 1;
  return Number.isFinite(low) && Number.isFinite(high) ? (low + high) / 2 : value === low ? low + 1 : high - 1;
}

function clamp(value: number, minimum: number, maximum: number): number {
  return Math.min(Math.max(value, minimum), maximum);
}
