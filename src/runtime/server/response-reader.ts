// Judges a handler's result and copies its declared members in one pass, compiled once per response from the
// JSON Schema of its result: the copy is then rendered and written by JSON.stringify, which is faster than
// judging with zod and writing with the compiled serializer. Each member is read once, so the value judged is
// the value sent (a getter cannot return another value the second time). The reader is a fast path only: it
// knows a small set of keywords, refuses to compile a schema with any other (zod's refinements have no JSON
// Schema keyword, so an unknown keyword may hide one), and refuses any value it is unsure of (a nested
// toJSON, a __proto__ member, depth past MAX_DEPTH for circular results); the plugin then judges and writes
// that response the slow way, with zod's located messages.
import { keyOf } from '../core/response-status.js';
import { z } from 'zod';
import { countedResult } from '../wire/wire-styles.js';
import type { ResponseSchemas } from './response-serializers.js';
import type { InterfaceMeta, ResponseMeta } from '../core/interface-meta.js';
import type { JsonSchema } from '../wire/wire-schemas.js';
import { CopyRefused, declaredCopy, isRecursive } from './declared-copy.js';

/** What a reader returns for a value it does not take. */
export const REFUSED: unique symbol = Symbol('refused');

/** The value's declared members, copied, or REFUSED. */
export type ResponseReader = (value: unknown) => unknown;

type Read = (value: unknown, depth: number) => unknown;

const MAX_DEPTH = 64;
const NULL: JsonSchema = { type: 'null' };
/** Keywords that say nothing about which values are valid (default: an absent member is left out, as sent). */
const NOTES = new Set([
  '$schema',
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * The reader of a zod schema's values, or undefined where the schema says something the reader does not know.
 * `judge` false (validateResponses: false): types and required members only, as the serializer would notice them;
 * patterns, formats, enums, lengths and bounds go unchecked.
 */
export function compileReader(schema: z.ZodType, judge = true): ResponseReader | undefined {
  let json: JsonSchema;
  let refined = false;
  try {
    // Wrapped, so that a record referring to itself goes into $defs (as wire-schemas.ts does). A refinement has no
    // JSON Schema keyword: a schema with one is not compiled. A schema used twice is one definition, compiled once:
    // inlined, a union of records whose children are that union again grows with every path through it.
    json = z.toJSONSchema(z.object({ value: schema }), {
      io: 'input',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'ref',
      override: ({ zodSchema }) => {
        if (zodSchema._zod.def.checks?.some((check) => check._zod.def.check === 'custom')) refined = true;
      },
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  if (refined) return undefined;
  const compiler = new Compiler((json['$defs'] ?? {}) as Record<string, JsonSchema>, judge);
  const read = compiler.compile((json['properties'] as Record<string, JsonSchema>)['value']);
  return read && ((value) => read(value, 0));
}

class Compiler {
  private readonly defs: Record<string, JsonSchema>;
  private readonly byRef = new Map<string, { read: Read | undefined; failed: boolean }>();

  private readonly judge: boolean;

  constructor(defs: Record<string, JsonSchema>, judge: boolean) {
    this.defs = defs;
    this.judge = judge;
  }

  compile(schema: JsonSchema | undefined): Read | undefined {
    if (schema === undefined || typeof schema !== 'object') return undefined;
    const { $ref, anyOf, oneOf, type } = schema;
    if (typeof $ref === 'string') return onlyKeys(schema, ['$ref']) ? this.reference($ref) : undefined;
    // The options of a union are told apart by JSON type or by a tag (union()): at most one can take a value, so a
    // oneOf (zod's discriminated union) reads as an anyOf does.
    if (Array.isArray(anyOf)) return onlyKeys(schema, ['anyOf']) ? this.union(anyOf as JsonSchema[]) : undefined;
    if (Array.isArray(oneOf)) return onlyKeys(schema, ['oneOf']) ? this.union(oneOf as JsonSchema[]) : undefined;
    if (Array.isArray(type))
      return this.union(type.map((one: unknown) => (one === 'null' ? NULL : { ...schema, type: one })));
    if (schema['enum'] !== undefined || Object.hasOwn(schema, 'const')) return this.enumeration(schema);
    switch (type) {
      case 'string':
        return stringReader(schema, this.judge);
      case 'number':
      case 'integer':
        return numberReader(schema, this.judge);
      case 'boolean':
        return onlyKeys(schema, ['type']) ? (value) => (typeof value === 'boolean' ? value : REFUSED) : undefined;
      case 'null':
        return onlyKeys(schema, ['type']) ? (value) => (value === null ? null : REFUSED) : undefined;
      case 'array':
        return this.array(schema);
      case 'object':
        return schema['properties'] !== undefined ? this.record(schema) : this.map(schema);
      default:
        return undefined;
    }
  }

  /** A definition is compiled once; a reference back to it (a recursive record) reads through the same entry. */
  private reference(ref: string): Read | undefined {
    const name = refName(ref);
    const definition = this.defs[name];
    if (!ref.startsWith('#/$defs/') || definition === undefined) return undefined;
    let entry = this.byRef.get(name);
    if (!entry) {
      entry = { read: undefined, failed: false };
      this.byRef.set(name, entry);
      const read = this.compile(definition);
      if (read) entry.read = read;
      else entry.failed = true;
    }
    if (entry.failed) return undefined;
    // Compiled: read through it directly. Still compiling (a record that holds itself): through the entry.
    if (entry.read) return entry.read;
    const known = entry;
    return (value, depth) => (known.read === undefined ? REFUSED : known.read(value, depth));
  }

  /**
   * A union read by one branch per JSON type, so that a value's type picks its branch (nullable values, JSON values).
   * Options of one type are one branch where they can be told apart without judging the value: literals (a union of
   * constants is an enumeration), and records that each require a tag member of constants of their own (zod's
   * discriminated unions, a union of tagged records), picked by the tag's value; an option may be a union of records
   * itself, told apart inside by a tag of its own. Any other union is not compiled.
   */
  private union(options: readonly JsonSchema[]): Read | undefined {
    const byType = new Map<string, JsonSchema[]>();
    for (const option of this.spread(options)) {
      const type = this.typeOf(option);
      if (type === undefined) return undefined;
      byType.set(type, [...(byType.get(type) ?? []), option]);
    }
    const branches = new Map<string, Read>();
    for (const [type, same] of byType) {
      const read = same.length === 1 ? this.compile(same[0]) : (this.literals(same) ?? this.tagged(same));
      if (!read) return undefined;
      branches.set(type, read);
    }
    return (value, depth) => {
      const read = branches.get(typeOf(value));
      return read ? read(value, depth) : REFUSED;
    };
  }

  /** The options, with those that are unions of several JSON types (a nullable union) replaced by theirs. */
  private spread(options: readonly JsonSchema[]): JsonSchema[] {
    return options.flatMap((option) => {
      const inner = this.unionOptions(option);
      return inner && this.typeOf(option) === undefined ? this.spread(inner) : [option];
    });
  }

  /** The options of a union (anyOf or oneOf and nothing else), or undefined. */
  private unionOptions(schema: JsonSchema): JsonSchema[] | undefined {
    const resolved = this.resolved(schema);
    const inner = resolved['anyOf'] ?? resolved['oneOf'];
    return Array.isArray(inner) && Object.keys(resolved).length === 1 ? (inner as JsonSchema[]) : undefined;
  }

  /** The JSON type every value of the schema has (integer is number), or undefined. */
  private typeOf(schema: JsonSchema, seen = new Set<JsonSchema>()): string | undefined {
    const resolved = this.resolved(schema);
    if (typeof resolved['type'] === 'string') return jsonType(resolved['type']);
    const inner = this.unionOptions(resolved);
    if (!inner || seen.has(resolved)) return undefined;
    seen.add(resolved);
    const types = new Set(inner.map((option) => this.typeOf(option, seen)));
    const [only] = types;
    return types.size === 1 ? only : undefined;
  }

  /** Options that are each constants or enumerations: one enumeration of all their values. */
  private literals(options: readonly JsonSchema[]): Read | undefined {
    const values: unknown[] = [];
    for (const option of options) {
      const some = literalValues(option);
      if (!some) return undefined;
      values.push(...some);
    }
    return this.enumeration({ enum: values });
  }

  /**
   * Records (or unions of records) told apart by a member that each requires to be constants no other allows: the
   * tag's value picks the option. One option may leave the tag out (an imported record whose tag is optional): a
   * value without it is that option's.
   */
  private tagged(options: readonly JsonSchema[]): Read | undefined {
    for (const tag of this.tagCandidates(options[0])) {
      const byTag = new Map<unknown, JsonSchema>();
      const told = options.every((option) => {
        const values = this.tagValues(option, tag);
        if (!values || values.some((value) => byTag.has(value))) return false;
        for (const value of values) byTag.set(value, option);
        return true;
      });
      if (!told) continue;
      const readers = new Map<JsonSchema, Read | undefined>(options.map((option) => [option, this.compile(option)]));
      if ([...readers.values()].some((read) => !read)) return undefined;
      const byValue = new Map([...byTag].map(([value, option]) => [value, readers.get(option) as Read]));
      // The option's reader judges the tag again as it copies it: a getter that answers another value is refused.
      return (value, depth) => {
        const read = plainObject(value) ? byValue.get(value[tag]) : undefined;
        return read ? read(value, depth) : REFUSED;
      };
    }
    return undefined;
  }

  /** The members of a record, or of a union's first record, that may tell options apart. */
  private tagCandidates(option: JsonSchema | undefined): string[] {
    if (option === undefined) return [];
    const inner = this.unionOptions(option);
    if (inner) return this.tagCandidates(inner[0]);
    const properties = this.resolved(option)['properties'];
    return Object.keys(properties ?? {}).filter((name) => !INHERITED.has(name));
  }

  /** The tag values a record or a union of records takes (undefined where the tag may be left out), or undefined. */
  private tagValues(option: JsonSchema, tag: string, seen = new Set<JsonSchema>()): unknown[] | undefined {
    const resolved = this.resolved(option);
    const inner = this.unionOptions(resolved);
    if (inner) {
      if (seen.has(resolved)) return undefined;
      seen.add(resolved);
      const values = inner.map((one) => this.tagValues(one, tag, seen));
      return values.every((some) => some !== undefined) ? values.flat() : undefined;
    }
    const member = (resolved['properties'] as Record<string, JsonSchema> | undefined)?.[tag];
    const values = member && literalValues(member);
    if (!values || values.includes(null) || Object.hasOwn(member, 'default')) return undefined;
    const required = resolved['required'];
    return Array.isArray(required) && required.includes(tag) ? values : [...values, undefined];
  }

  /** The schema a reference names (one level), or the schema itself. */
  private resolved(schema: JsonSchema): JsonSchema {
    const ref = schema['$ref'];
    return (typeof ref === 'string' && this.defs[refName(ref)]) || schema;
  }

  /** An enum or a const. A single value (a tag) is judged even unjudged: it tells a union's records apart. */
  private enumeration(schema: JsonSchema): Read | undefined {
    const values = literalValues(schema);
    if (!values || !onlyKeys(schema, ['type', 'enum', 'const'])) return undefined;
    const allowed = new Set<unknown>(values);
    if (!this.judge && values.length > 1) {
      const types = new Set(values.map(typeOf));
      return (value) => (types.has(typeOf(value)) ? value : REFUSED);
    }
    return (value) => (allowed.has(value) ? value : REFUSED);
  }

  private array(schema: JsonSchema): Read | undefined {
    if (!onlyKeys(schema, ['type', 'items', 'minItems', 'maxItems'])) return undefined;
    const item = this.compile(schema['items'] as JsonSchema | undefined);
    if (!item) return undefined;
    const min = numberOr(schema['minItems'], 0);
    const max = numberOr(schema['maxItems'], Infinity);
    return (value, depth) => {
      if (!Array.isArray(value) || value.length < min || value.length > max || depth > MAX_DEPTH) return REFUSED;
      const copy = new Array<unknown>(value.length);
      for (let index = 0; index < value.length; index += 1) {
        const read = item(value[index], depth + 1);
        if (read === REFUSED) return REFUSED;
        copy[index] = read;
      }
      return copy;
    };
  }

  /** A record: its declared members only, in the order they are declared, each read once. */
  private record(schema: JsonSchema): Read | undefined {
    if (!onlyKeys(schema, ['type', 'properties', 'required', 'additionalProperties'])) return undefined;
    const extra = schema['additionalProperties'];
    if (extra !== undefined && extra !== false) return undefined;
    const required = new Set((schema['required'] ?? []) as string[]);
    const members: Member[] = [];
    for (const [name, member] of Object.entries(schema['properties'] as Record<string, JsonSchema>)) {
      const read = this.compile(member);
      if (!read || name === '__proto__') return undefined;
      members.push({
        name,
        read,
        required: required.has(name),
        fallback: defaultOf(member),
        inherited: INHERITED.has(name),
      });
    }
    return members.some((member) => member.inherited) ? memberLoop(members) : compiledRecord(members);
  }

  /** A map (z.record with string keys): every own member, each value read by the map's value schema. */
  private map(schema: JsonSchema): Read | undefined {
    if (!onlyKeys(schema, ['type', 'propertyNames', 'additionalProperties'])) return undefined;
    const names = schema['propertyNames'] as JsonSchema | undefined;
    if (names !== undefined && !(names['type'] === 'string' && onlyKeys(names, ['type']))) return undefined;
    const item = this.compile(schema['additionalProperties'] as JsonSchema | undefined);
    if (!item) return undefined;
    return (value, depth) => {
      if (!plainObject(value) || depth > MAX_DEPTH) return REFUSED;
      const copy: Record<string, unknown> = {};
      for (const name of Object.keys(value)) {
        const read = name === '__proto__' ? REFUSED : item(value[name], depth + 1);
        if (read === REFUSED) return REFUSED;
        copy[name] = read;
      }
      return copy;
    };
  }
}

/** The values an enum or const allows, when they are all scalars (strings, numbers, booleans, null). */
function literalValues(schema: JsonSchema): unknown[] | undefined {
  const values: unknown = Object.hasOwn(schema, 'const') ? [schema['const']] : schema['enum'];
  if (!Array.isArray(values) || (Object.hasOwn(schema, 'const') && schema['enum'] !== undefined)) return undefined;
  return values.every((item) => ['string', 'number', 'boolean'].includes(typeof item) || item === null)
    ? values
    : undefined;
}

interface Member {
  readonly name: string;
  readonly read: Read;
  readonly required: boolean;
  /** The member's default, a fresh copy each time, when the definitions give one. */
  readonly fallback: (() => unknown) | undefined;
  /** Named like a member of Object.prototype. */
  readonly inherited: boolean;
}

const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A record reader that goes member by member: the one for records with a member named like an inherited one. */
function memberLoop(members: readonly Member[]): Read {
  return (value, depth) => {
    if (!plainObject(value) || depth > MAX_DEPTH) return REFUSED;
    const copy: Record<string, unknown> = {};
    for (const member of members) {
      // A name every object inherits (constructor, toString) is read as an own member of a plain object, never
      // as Object.prototype's; on an object of a class it is left to the slow way.
      if (member.inherited && !plainPrototype(value)) return REFUSED;
      const given = member.inherited && !Object.hasOwn(value, member.name) ? undefined : value[member.name];
      if (given === undefined) {
        if (member.required) return REFUSED;
        // A default the definitions give is written where a result leaves the member out (as the OpenAPI says).
        if (member.fallback !== undefined) copy[member.name] = member.fallback();
        continue;
      }
      const read = member.read(given, depth + 1);
      if (read === REFUSED) return REFUSED;
      copy[member.name] = read;
    }
    return copy;
  };
}

/**
 * The same reader compiled to one function of the record's members: each member read once by name, its copy made
 * as an object literal up to the first optional member (then one named store per member, so an absent member stays
 * absent and the order stays the declared one). A keyed loop over members costs about ten times as much per record:
 * its loads, stores and reader calls see every member at one site. Names enter the source only as JSON string
 * literals; the readers, defaults and REFUSED are arguments, never source.
 */
function compiledRecord(members: readonly Member[]): Read {
  const lines = ['if (!plainObject(value) || depth > MAX_DEPTH) return REFUSED;', 'const inner = depth + 1;'];
  members.forEach((member, index) => {
    const name = JSON.stringify(member.name);
    lines.push(`let m${index} = value[${name}];`);
    const read = `m${index} = read${index}(m${index}, inner); if (m${index} === REFUSED) return REFUSED;`;
    if (member.required) lines.push(`if (m${index} === undefined) return REFUSED;`, read);
    else if (member.fallback)
      lines.push(`if (m${index} === undefined) m${index} = fallback${index}(); else { ${read} }`);
    else lines.push(`if (m${index} !== undefined) { ${read} }`);
  });
  const firstOptional = members.findIndex((member) => !member.required && !member.fallback);
  const literal = firstOptional === -1 ? members.length : firstOptional;
  const entries = members.slice(0, literal).map((member, index) => `${JSON.stringify(member.name)}: m${index}`);
  lines.push(`const copy = { ${entries.join(', ')} };`);
  members.slice(literal).forEach((member, offset) => {
    const index = literal + offset;
    const store = `copy[${JSON.stringify(member.name)}] = m${index};`;
    lines.push(member.required || member.fallback ? store : `if (m${index} !== undefined) ${store}`);
  });
  lines.push('return copy;');
  const readers = members.map((_, index) => `read${index}`);
  const fallbacks = members.map((_, index) => `fallback${index}`);
  // The source is built from JSON string literals and numbered names only (above).
  const make = new Function(
    'plainObject',
    'MAX_DEPTH',
    'REFUSED',
    ...readers,
    ...fallbacks,
    `return function readRecord(value, depth) {\n${lines.join('\n')}\n};`,
  ) as (...parts: unknown[]) => Read;
  return make(
    plainObject,
    MAX_DEPTH,
    REFUSED,
    ...members.map((member) => member.read),
    ...members.map((member) => member.fallback),
  );
}

function plainPrototype(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function defaultOf(schema: JsonSchema): (() => unknown) | undefined {
  if (!Object.hasOwn(schema, 'default')) return undefined;
  const text = JSON.stringify(schema['default']);
  return text === undefined ? undefined : () => JSON.parse(text) as unknown;
}

function stringReader(schema: JsonSchema, judge: boolean): Read | undefined {
  if (!onlyKeys(schema, ['type', 'minLength', 'maxLength', 'pattern', 'format'])) return undefined;
  // A format is checked by its pattern (zod writes one for each format it checks); one without cannot be.
  if (schema['format'] !== undefined && typeof schema['pattern'] !== 'string') return undefined;
  if (!judge) return (value) => (typeof value === 'string' ? value : REFUSED);
  const min = numberOr(schema['minLength'], 0);
  const max = numberOr(schema['maxLength'], Infinity);
  const pattern = typeof schema['pattern'] === 'string' ? unicodeRegExp(schema['pattern']) : undefined;
  // The JSON Schema lost the flags: a pattern the u flag cannot read is left to zod.
  if (pattern === null) return undefined;
  return (value) =>
    typeof value === 'string' && lengthWithin(value, min, max) && (!pattern || pattern.test(value)) ? value : REFUSED;
}

/**
 * Whether a string's length, in code points as zod and JSON Schema count it, is within the bounds. A code point is one
 * or two UTF-16 units: they are counted only where the units cannot tell.
 */
function lengthWithin(value: string, min: number, max: number): boolean {
  const units = value.length;
  if (units < min) return false;
  if (units <= max && Math.ceil(units / 2) >= min) return true;
  let points = 0;
  for (const _ of value) points += 1;
  return points >= min && points <= max;
}

/**
 * A definition's pattern runs with the u flag in the generated schemas (as JSON Schema validators run it); zod's own
 * format patterns, ASCII classes and anchors, match the same values with it or without.
 */
function unicodeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

function numberReader(schema: JsonSchema, judge: boolean): Read | undefined {
  const bounds = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
  if (!onlyKeys(schema, ['type', ...bounds])) return undefined;
  const whole = schema['type'] === 'integer';
  if (!judge)
    return (value) =>
      typeof value === 'number' && Number.isFinite(value) && (!whole || Number.isInteger(value)) ? value : REFUSED;
  const min = numberOr(schema['minimum'], -Infinity);
  const max = numberOr(schema['maximum'], Infinity);
  const above = numberOr(schema['exclusiveMinimum'], -Infinity);
  const below = numberOr(schema['exclusiveMaximum'], Infinity);
  return (value) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!whole || Number.isInteger(value)) &&
    value >= min &&
    value <= max &&
    value > above &&
    value < below
      ? value
      : REFUSED;
}

/** An object whose members are read as they are: no array, no toJSON of its own (JSON.stringify would call it). */
function plainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** Whether the schema has no keyword but the given ones and notes. */
function onlyKeys(schema: JsonSchema, keys: readonly string[]): boolean {
  return Object.keys(schema).every((key) => keys.includes(key) || NOTES.has(key));
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function refName(ref: unknown): string {
  return typeof ref === 'string' ? ref.replace(/^#\/\$defs\//, '') : '';
}

/** integer and number are one JSON type: a union may not tell them apart by the value's type. */
function jsonType(type: string): string {
  return type === 'integer' ? 'number' : type;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The readers of a route's responses, compiled on first use; a ListResult ({items, total}) is read as one. */
export class ResponseReaders {
  private readonly made = new Map<string, ResponseReader | null>();
  private readonly recursion = new Map<z.ZodType, boolean>();

  private readonly meta: InterfaceMeta;
  private readonly schemas: ResponseSchemas;
  private readonly judge: boolean;

  constructor(meta: InterfaceMeta, schemas: ResponseSchemas, judge: boolean) {
    this.meta = meta;
    this.schemas = schemas;
    this.judge = judge;
  }

  /**
   * Whether the response's schema holds itself (a tree of records): a result the reader refuses is then copied by
   * declaredCopy, never handed to the compiled serializer, which may not finish compiling such a schema.
   */
  recursive(response: ResponseMeta): boolean {
    const schema = this.schemas[keyOf(response)];
    if (!schema) return false;
    let found = this.recursion.get(schema);
    if (found === undefined) {
      found = isRecursive(schema);
      this.recursion.set(schema, found);
    }
    return found;
  }

  /** The result's declared members copied by its zod schema (unjudged); throws CopyRefused. */
  copy(response: ResponseMeta, result: unknown): unknown {
    const schema = this.schemas[keyOf(response)];
    if (!schema) return result;
    if (!countedResult(this.meta, response)) return declaredCopy(schema, result);
    const total = plainObject(result) ? result['total'] : undefined;
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 0)
      throw new CopyRefused(['total'], 'expected a whole number >= 0');
    return { items: declaredCopy(schema, plainObject(result) ? result['items'] : undefined), total };
  }

  /** The result's declared members, judged and copied, or REFUSED (then the plugin judges and writes it as before). */
  read(response: ResponseMeta, result: unknown): unknown {
    const key = `${keyOf(response)} ${response.when ?? ''}`;
    let reader = this.made.get(key);
    if (reader === undefined) {
      reader = this.compile(response) ?? null;
      this.made.set(key, reader);
    }
    return reader === null ? REFUSED : reader(result);
  }

  private compile(response: ResponseMeta): ResponseReader | undefined {
    const schema = this.schemas[keyOf(response)];
    const items = schema && compileReader(schema, this.judge);
    if (!items || !countedResult(this.meta, response)) return items;
    return (result) => {
      if (!plainObject(result)) return REFUSED;
      const total = result['total'];
      if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) return REFUSED;
      const read = items(result['items']);
      return read === REFUSED ? REFUSED : { items: read, total };
    };
  }
}
