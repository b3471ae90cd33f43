// Instances sampled from a JSON Schema (OpenAPI 3.x or 2.0 flavour, $refs into its own document):
// the full one, the minimal one and seeded random ones, each member of a oneOf/anyOf in turn.
import { patternExample } from '../../src/emitters/openapi/pattern-example.js';
import { STRING_FORMATS, stringFormat } from '../../src/ir/formats.js';

type Schema = Record<string, unknown>;

/** A value per OpenAPI `format` word: the format table's first example, and a day for date and date-time. */
const FORMATS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    STRING_FORMATS.flatMap((format) => {
      const row = stringFormat(format);
      return row.openapi.format === undefined ? [] : [[row.openapi.format, row.examples[0]]];
    }),
  ),
  date: '2024-02-29',
  'date-time': '2024-02-29T12:34:56Z',
  url: stringFormat('uri').examples[0],
};

/** A small seeded generator (mulberry32): the same instances on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sampleInstances(schema: unknown, root: Schema, count: number, seed: number): unknown[] {
  const instances: unknown[] = [];
  for (let index = 0; index < count; index += 1) {
    const mode = index === 0 ? 'full' : index === 1 ? 'minimal' : 'random';
    const next = random(seed + index);
    const sampler = new Sampler(root, mode, next, index);
    instances.push(sampler.value(schema, 0));
  }
  return instances;
}

class Sampler {
  constructor(
    private readonly root: Schema,
    private readonly mode: 'full' | 'minimal' | 'random',
    private readonly next: () => number,
    private readonly variant: number,
  ) {}

  private pick<T>(list: readonly T[]): T {
    return list[this.mode === 'random' ? Math.floor(this.next() * list.length) : this.variant % list.length] as T;
  }

  private resolve(schema: unknown): Schema {
    let current = schema;
    for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
      const ref = current.$ref;
      if (!ref.startsWith('#')) return {};
      let value: unknown = this.root;
      for (const segment of ref.slice(1).split('/').slice(1))
        value = (value as Schema | undefined)?.[
          decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~')
        ];
      current = value;
    }
    return isObject(current) ? current : {};
  }

  value(raw: unknown, depth: number): unknown {
    if (raw === true || raw === undefined) return 'any';
    const schema = this.resolve(raw);
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return this.pick(schema.enum);
    const nullable = schema.nullable === true || schema['x-nullable'] === true;
    if (nullable && this.mode === 'random' && this.next() < 0.2) return null;
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.map((member) => this.value(member, depth + 1));
      const own: Record<string, unknown> = { ...schema, allOf: undefined };
      if (own.properties) parts.push(this.value(own, depth + 1));
      return parts.every(isObject) ? Object.assign({}, ...parts) : parts[0];
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const members = schema[keyword];
      if (Array.isArray(members) && members.length > 0) return this.value(this.pick(members), depth + 1);
    }
    let type = schema.type;
    if (Array.isArray(type)) {
      const others = type.filter((entry) => entry !== 'null');
      if (type.includes('null') && this.mode === 'random' && this.next() < 0.2) return null;
      type = others.length > 0 ? this.pick(others) : 'null';
    }
    if (type === undefined)
      type = schema.properties || schema.additionalProperties ? 'object' : schema.items ? 'array' : undefined;
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return this.mode === 'random' ? this.next() < 0.5 : true;
      case 'integer':
      case 'number':
        return this.number(schema, type);
      case 'string':
      case 'file':
        return this.string(schema);
      case 'array': {
        const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const max = typeof schema.maxItems === 'number' ? schema.maxItems : min + 2;
        const length =
          depth > 6
            ? min
            : Math.min(max, Math.max(min, this.mode === 'minimal' ? min : 1 + Math.floor(this.next() * 2)));
        const items = Array.from({ length }, () => this.value(schema.items ?? {}, depth + 1));
        return schema.uniqueItems === true
          ? [...new Map(items.map((item) => [JSON.stringify(item), item])).values()]
          : items;
      }
      case 'object':
        return this.object(schema, depth);
      default:
        return 'any';
    }
  }

  private number(schema: Schema, type: string): number {
    const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
    const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
    let min =
      typeof schema.minimum === 'number'
        ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0)
        : (exclusiveMin ?? 0);
    const max =
      typeof schema.maximum === 'number'
        ? schema.maximum - (schema.exclusiveMaximum === true ? 1 : 0)
        : (exclusiveMax ?? min + 100);
    if (min > max) min = max;
    let value = this.mode === 'minimal' ? min : this.mode === 'full' ? max : min + (max - min) * this.next();
    if (type === 'integer') value = Math.min(Math.max(Math.round(value), Math.ceil(min)), Math.floor(max));
    if (typeof schema.multipleOf === 'number') value = Math.ceil(min / schema.multipleOf) * schema.multipleOf;
    return value;
  }

  private string(schema: Schema): string {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
    if (typeof schema.pattern === 'string') {
      const example = patternExample({ patterns: [schema.pattern], minLength, maxLength });
      if (example !== undefined) return example;
    }
    let text =
      (typeof schema.format === 'string' && FORMATS[schema.format]) ||
      (this.mode === 'random' ? `text${Math.floor(this.next() * 1000)}` : 'text');
    while (text.length < minLength) text += 'x';
    return text.slice(0, maxLength);
  }

  private object(schema: Schema, depth: number): Schema {
    const result: Schema = {};
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [name, property] of Object.entries(properties)) {
      const include =
        required.has(name) || (depth <= 4 && (this.mode === 'full' || (this.mode === 'random' && this.next() < 0.5)));
      if (include) result[name] = this.value(property, depth + 1);
    }
    const extra = schema.additionalProperties;
    if (isObject(extra) && Object.keys(properties).length === 0 && this.mode !== 'minimal' && depth <= 4)
      result.key = this.value(extra, depth + 1);
    return result;
  }
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
