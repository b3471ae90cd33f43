// Random valid values of IR types for the API fuzzer, as fast-check arbitraries: what handlers
// return and what clients send. A value fits its type's constraints and format; where it travels
// (a JSON body, a query, a header, a path segment) narrows what text is drawn, since a header can
// only carry visible ASCII. Extra members named `undeclared…` are what the server must not send.
import fc from 'fast-check';
import { isStringFormat, stringFormat, type StringFormat } from '../../src/ir/formats.js';
import { patternExample } from '../../src/emitters/openapi/pattern-example.js';
import { patternRegExp } from '../../src/ir/pattern-regexp.js';
import type { FieldIr, RecordIr, ScalarType, TypeIr } from '../../src/ir/types.js';

export type Records = ReadonlyMap<string, RecordIr>;
/** `bracket`: a member inside a deepObject query value (name[key]=value), where a json member is text. */
export type Place = 'json' | 'query' | 'bracket' | 'header' | 'path' | 'form';

/** The marker of members no definition declares; the field names the fuzzer draws never hold it. */
export const UNDECLARED = 'undeclared';

export interface ValueOptions {
  readonly records: Records;
  readonly place: Place;
  /** Add an undeclared member to some records (handler results only). */
  readonly extras: boolean;
  /**
   * Draw relation fields of the outermost records (handler results only): the related records are
   * drawn without relations of their own, one level, as plain JSON and json:api carry them. Inputs
   * never hold relations: bodies omit them (read-only) and nested records leave them out (optional).
   */
  readonly relations?: boolean;
  /** Draw map keys and json members named __proto__, constructor and toString (what clients send). */
  readonly hostileKeys?: boolean;
}

/**
 * Names every object inherits, and the reserved __proto__: a server keeps constructor and toString as data and
 * refuses __proto__ with a 400 that names it, in every location (docs/server.md, "Hostile request values").
 */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString'] as const;
export const RESERVED_KEY = '__proto__';

/** Plain keys, and now and then a hostile one. */
function keyOf(options: ValueOptions): fc.Arbitrary<string> {
  const plain = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/);
  if (options.hostileKeys !== true) return plain;
  return fc.oneof({ arbitrary: plain, weight: 5 }, { arbitrary: fc.constantFrom(...HOSTILE_KEYS), weight: 1 });
}

/** A value of a string format: drawn from its pattern, or one of its examples where zod checks it. */
function formatText(format: StringFormat): fc.Arbitrary<string> {
  const row = stringFormat(format);
  // An empty path segment is no parameter at all: every drawn value has a character.
  return row.zod === undefined && row.pattern !== undefined
    ? fc.stringMatching(new RegExp(row.pattern)).filter((value) => value.length > 0)
    : fc.constantFrom(...row.examples);
}

/** A json value; with hostileKeys, now and then an object of hostile members. */
function jsonMembers(options: ValueOptions): fc.Arbitrary<unknown> {
  const any = fc.jsonValue({ maxDepth: 2 });
  if (options.hostileKeys !== true) return any;
  const members = fc.dictionary(keyOf(options), fc.jsonValue({ maxDepth: 1 }), {
    minKeys: 1,
    maxKeys: 3,
    noNullPrototype: true,
  });
  return fc.oneof({ arbitrary: any, weight: 4 }, { arbitrary: members, weight: 1 });
}

/** The JSON pointer of the first member named __proto__ in a value, or undefined. */
export function reservedKeyAt(value: unknown, at = ''): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, member] of Object.entries(value)) {
    const pointer = `${at}/${key}`;
    if (key === RESERVED_KEY) return pointer;
    const inner = reservedKeyAt(member, pointer);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** A string's length as JSON Schema and zod count it: in code points, so 😀 is one. */
function lengthOf(value: string): number {
  return [...value].length;
}

function text(place: Place, minLength = 0, maxLength = 16): fc.Arbitrary<string> {
  // Header values are what a header line carries (visible ASCII, U+0080-U+00FF as obs-text) without surrounding
  // spaces; elsewhere any Unicode text.
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 1 }).filter((s) => s.length > 0),
    fc.constantFrom('a', 'Z', '0', ' ', '&', '=', '%', '/', '?', '#', '[', ']', '"', '\\', 'é', '😀'),
  );
  // In a path, often the text the drawn templates put beside a placeholder ({id}.json, {id}.{ext}, {id}:cancel):
  // a value holding it must still be read whole, or be refused by the client where the server would misread it.
  const unit =
    place === 'header'
      ? fc.constantFrom(...'abcXYZ019-_.~!*()+=é')
      : place === 'path'
        ? fc.oneof(anyText, fc.constantFrom('.', '-', ':', '~', '.json', '.gz', 'item-', '%2E', ':get'))
        : anyText;
  return fc
    .array(unit, { maxLength })
    .map((parts) => parts.join(''))
    .filter((value) => lengthOf(value) >= minLength && lengthOf(value) <= maxLength);
}

/** Values a pattern matches, as the generated schemas read it (u flag). */
function matchingText(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const fits = (value: string) => lengthOf(value) >= minLength && lengthOf(value) <= maxLength;
  try {
    return fc.stringMatching(patternRegExp(pattern)).filter(fits);
  } catch {
    // fast-check reads no lookaround: the generator's own example of the pattern stands in.
    const example = patternExample({ patterns: [pattern], minLength, maxLength });
    if (example === undefined) throw new Error(`no value matches the pattern ${JSON.stringify(pattern)}`);
    return fc.constant(example);
  }
}

function scalar(type: ScalarType, place: Place): fc.Arbitrary<unknown> {
  const { minimum, maximum, minLength, maxLength, pattern } = type.constraints;
  if (type.const !== undefined) return fc.constant(type.const);
  switch (type.scalar) {
    case 'integer':
      return fc.integer({ min: Math.ceil(minimum ?? -1_000_000), max: Math.floor(maximum ?? 1_000_000) });
    case 'number':
      return fc
        .double({ min: minimum ?? -1e6, max: maximum ?? 1e6, noNaN: true, noDefaultInfinity: true })
        .map((value) => (Object.is(value, -0) ? 0 : value));
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .tuple(
          fc.date({
            min: new Date('1900-01-01T00:00:00Z'),
            max: new Date('2100-12-31T00:00:00Z'),
            noInvalidDate: true,
          }),
          fc.constantFrom('Z', '+02:00', '-05:30'),
        )
        .map(([date, zone]) => date.toISOString().slice(0, 19) + zone);
    case 'string':
      if (type.format && isStringFormat(type.format)) return formatText(type.format);
      if (pattern !== undefined) return matchingText(pattern, minLength ?? 0, maxLength ?? Infinity);
      // An empty path segment is no parameter at all: the client refuses it as missing.
      return text(place, Math.max(minLength ?? 0, place === 'path' ? 1 : 0), Math.min(maxLength ?? 16, 16));
  }
}

export function valueOf(type: TypeIr, options: ValueOptions, depth = 0): fc.Arbitrary<unknown> {
  const inner = valueOfNonNull(type, options, depth);
  return type.nullable && options.place === 'json' ? fc.oneof(inner, fc.constant(null)) : inner;
}

function valueOfNonNull(type: TypeIr, options: ValueOptions, depth: number): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'scalar':
      return scalar(type, options.place);
    case 'enum':
      return fc.constantFrom(...type.values);
    case 'json':
      // A json member in brackets is the text of a scalar (docs/definitions.md, deepObject): a string.
      if (options.place === 'bracket') return text('query');
      return jsonMembers(options).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    case 'list': {
      const { minItems = 0, maxItems = 3 } = type.constraints;
      return fc.array(valueOf(type.items, options, depth + 1), {
        minLength: minItems,
        maxLength: Math.min(maxItems, Math.max(minItems, depth > 2 ? 0 : 3)),
      });
    }
    case 'map':
      return fc.dictionary(keyOf(options), valueOf(type.values, options, depth + 1), {
        maxKeys: depth > 2 ? 0 : 3,
        ...(options.hostileKeys === true && { noNullPrototype: true }),
      });
    case 'record':
      return recordValue(type, options, depth);
    case 'union':
      return unionValue(type, options, depth);
  }
}

/** One variant's value; a tagged union's variant carries the value naming it. */
function unionValue(type: Extract<TypeIr, { kind: 'union' }>, options: ValueOptions, depth: number) {
  const tag = type.discriminator;
  // Without a tag the serializer chooses a variant by validating the result against each, closed as declared:
  // an undeclared member would match none, so a handler's result carries none there (a 500 by design).
  const inner = tag ? options : { ...options, extras: false };
  return fc.oneof(
    ...type.variants.map((variant, index) => {
      const value = valueOf(variant, inner, depth + 1);
      const name = tag?.values[index];
      if (!tag || name === undefined) return value;
      return value.map((record) => ({ ...(record as object), [tag.property]: name }));
    }),
  );
}

/** The fields a record type holds after pick and omit. */
export function fieldsOf(type: Extract<TypeIr, { kind: 'record' }>, records: Records): FieldIr[] {
  const record = records.get(type.record);
  if (!record) return [];
  return record.fields.filter(
    (field) => (type.pick.length === 0 || type.pick.includes(field.name)) && !type.omit.includes(field.name),
  );
}

function recordValue(
  type: Extract<TypeIr, { kind: 'record' }>,
  options: ValueOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  const inner = { ...options, relations: false };
  for (const field of fieldsOf(type, options.records)) {
    if (field.relation !== undefined && options.relations !== true) continue;
    members[field.name] = valueOf(field.type, inner, depth + 1);
    if (!type.partial && field.required && field.default === undefined) required.push(field.name);
  }
  const declared = fc.record(members, { requiredKeys: required, noNullPrototype: true });
  const extra = options.records.get(type.record)?.additionalFields;
  // An open record keeps members it does not name: such members are data, never the undeclared marker.
  if (extra !== undefined) return openRecordValue(declared, extra, options, depth);
  const value = declared;
  if (!options.extras) return value;
  return fc
    .tuple(value, fc.boolean())
    .map(([record, extra]) => (extra ? { ...(record as object), [`${UNDECLARED}Secret`]: 'must not leave' } : record));
}

/** Names of an open record's other members: none is a drawn field name, a relation, `id`, `type` or `kind`. */
export const OTHER_MEMBER = /^more[A-Z][a-z0-9]{0,4}$/;

/** An open record's value: its declared members and up to two others of `extra`'s type. */
function openRecordValue(
  declared: fc.Arbitrary<unknown>,
  extra: TypeIr,
  options: ValueOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const others = fc.dictionary(
    fc.stringMatching(OTHER_MEMBER),
    // In brackets an empty list or map is no bytes at all: such a member would arrive as absent.
    valueOf(extra, { ...options, relations: false }, depth + 1).filter(
      (value) =>
        options.place !== 'bracket' || typeof value !== 'object' || value === null || Object.keys(value).length > 0,
    ),
    {
      maxKeys: depth > 2 ? 0 : 2,
      noNullPrototype: true,
    },
  );
  return fc.tuple(declared, others).map(([record, more]) => ({ ...(record as object), ...more }));
}
