// A TypeIr as a zod 4 schema expression. Two readings of a value: as JSON (bodies, responses),
// where types are strict, and as text (path, query, headers), where numbers arrive as digits.
import { inView } from '../../ir/types.js';
import { INTEGER_FORMAT_ROWS, isIntegerFormat, isStringFormat, stringFormat } from '../../ir/formats.js';
import { PATTERN_FLAGS } from '../../ir/pattern-regexp.js';
import type {
  Constraints,
  FieldIr,
  ListType,
  RecordKey,
  RecordType,
  ScalarType,
  TypeIr,
  TypeKey,
  UnionType,
} from '../../ir/types.js';
import {
  array,
  call,
  id,
  identifiersOf,
  jsonValue,
  literal,
  method,
  newCall,
  object,
  property,
  regex,
  type Expr,
} from '../shared/code/ast.js';
import { symbols } from '../../ir/symbols.js';
import { readsFromFormText } from '../../ir/wire-shapes.js';
import { innermost, recordSites, referencedRecords } from '../shared/imports.js';
import { pick } from '../shared/pick.js';

type Reading = 'json' | 'text';

/** A field as a record's schema is made from it. */
export type LookupField = Pick<FieldIr, 'name' | 'type' | 'required' | 'default'>;

export const lookupField = (field: LookupField): LookupField => pick(field, 'name', 'type', 'required', 'default');

/**
 * What schemaExpression reads of a record: its fields, to drop defaults from partial records; whether
 * it has a member named like an Object member, to narrow it by helper; and, for a record that arrives
 * as text (in the query), its fields to read one by one as text.
 */
type LookupEntry = {
  fields: readonly LookupField[];
  inheritedNames?: boolean;
  textFields?: readonly LookupField[];
  /** An open record's other members (a record read as text keeps them too, each read as text). */
  additionalFields?: TypeIr | undefined;
};

/** The records by key (pass it whenever a type may name one). */
export type RecordLookup = ReadonlyMap<RecordKey, Readonly<LookupEntry>>;

/** A name that `value[name]` finds on every object (constructor, toString, valueOf…). */
export function isInheritedName(name: string): boolean {
  return name in Object.prototype;
}

/**
 * The part of `records` that schemaExpression reads for these types: the defaulted fields of each
 * record named partial, at any depth (what withoutDefaults looks up), and whether a narrowed record
 * has a member named like an Object member, as plain entries.
 */
export function lookupFor(
  types: Iterable<TypeIr>,
  records: RecordLookup,
  textTypes: Iterable<TypeIr> = [],
): [RecordKey, LookupEntry][] {
  const found = new Map<RecordKey, LookupEntry>();
  // Records read as text whose fields are not all text already (numbers, booleans, records of those) are spelled out.
  const visitText = (type: TypeIr): void => {
    const [record, ...others] = recordSites(type);
    for (const other of others) visitText(other);
    if (record?.kind !== 'record' || found.has(record.record)) return;
    const all = records.get(record.record)?.fields ?? [];
    const open = records.get(record.record)?.additionalFields;
    // An open record's schema reads its other members as JSON: read as text, it is spelled out too.
    if (open === undefined && !all.some((field) => readsDifferentlyAsText(field.type, records))) return;
    found.set(record.record, { fields: [], textFields: all.map(lookupField), additionalFields: open });
    for (const field of all) visitText(field.type);
    if (open !== undefined) visitText(open);
  };
  for (const type of textTypes) visitText(type);
  const narrowed = new Set<RecordKey>();
  const visit = (type: TypeIr): void => {
    const [record, ...others] = recordSites(type);
    for (const other of others) visit(other);
    if (record?.kind !== 'record' || narrowed.has(record.record)) return;
    if (!record.partial && record.pick.length + record.omit.length === 0) return;
    narrowed.add(record.record);
    const all = records.get(record.record)?.fields ?? [];
    const fields = all.filter((field) => field.default !== undefined).map(lookupField);
    const text = found.get(record.record);
    found.set(record.record, {
      fields,
      ...(all.some((field) => isInheritedName(field.name)) && { inheritedNames: true }),
      ...(text?.textFields && { textFields: text.textFields, additionalFields: text.additionalFields }),
    });
    for (const field of fields) visit(field.type);
  };
  for (const type of types) visit(type);
  return [...found];
}

/**
 * Whether a value of the type reads differently from text than from JSON (a number, a boolean, or a record holding
 * one).
 */
function readsDifferentlyAsText(type: TypeIr, records: RecordLookup, seen: Set<RecordKey> = new Set()): boolean {
  const inner = innermost(type);
  if (readsFromFormText(inner)) return true;
  if (inner.kind !== 'record' || seen.has(inner.record)) return false;
  seen.add(inner.record);
  return (records.get(inner.record)?.fields ?? []).some((field) => readsDifferentlyAsText(field.type, records, seen));
}

/** A list type's schema around an item schema given as an expression (e.g. the name of its constant). */
export function listSchemaAround(type: ListType, item: Expr): Expr {
  return orNull(type, arraySchema(type, item));
}

/**
 * Named unions of records declared in the file being written (`export const nodeSchema = z.union(...)`): a use
 * reads that constant, so a union many records hold (a tree's `children`) is written once, and is one schema
 * object wherever it is used. A use must run after the constant is declared: in a getter or a route's schemas.
 */
export type NamedUnions = ReadonlySet<TypeKey>;

export function schemaExpression(
  type: TypeIr,
  reading: Reading,
  records?: RecordLookup,
  named: NamedUnions = new Set(),
): Expr {
  if (reading === 'json' && type.named !== undefined && named.has(type.named))
    return orNull(type, id(symbols.namedSchema(type.named)));
  return orNull(type, nonNullSchema(type, reading, records, named));
}

/** Whether a named type is a union that holds records (what NamedUnions are made of). */
export function isNamedUnionOfRecords(type: TypeIr): boolean {
  return type.kind === 'union' && referencedRecords(type).size > 0;
}

const orNull = (type: TypeIr, schema: Expr) => (type.nullable ? method(schema, 'nullable') : schema);

const arraySchema = (type: ListType, item: Expr) =>
  withBounds(call('z.array', [item]), type.constraints.minItems, type.constraints.maxItems);

/** A field's or parameter's schema as a member: with its default, else optional unless required. */
export function withPresence(expression: Expr, required: boolean, defaultValue: unknown): Expr {
  if (defaultValue !== undefined) return method(expression, 'default', [jsonValue(defaultValue, { expanded: false })]);
  return required ? expression : method(expression, 'optional');
}

function nonNullSchema(type: TypeIr, reading: Reading, records: RecordLookup | undefined, named: NamedUnions): Expr {
  switch (type.kind) {
    case 'scalar':
      return scalarSchema(type, reading);
    case 'enum':
      return call('z.enum', [array(type.values.map((value) => literal(value)))]);
    case 'list':
      return arraySchema(type, schemaExpression(type.items, reading, records, named));
    case 'map':
      return call('z.record', [call('z.string'), schemaExpression(type.values, reading, records, named)]);
    case 'json':
      return call('z.json');
    case 'union':
      return unionSchema(type, reading, records, named);
    case 'record': {
      const entry = reading === 'text' ? records?.get(type.record) : undefined;
      if (entry?.textFields) return textRecordSchema(type, entry.textFields, entry.additionalFields, records);
      let expression = id(symbols.recordSchema(type.record));
      // zod's mask type cannot leave out a member named like an Object member: those records narrow by helper.
      const byHelper = records?.get(type.record)?.inheritedNames === true;
      const narrow = (how: 'pick' | 'omit', names: readonly string[]) =>
        byHelper
          ? call(`${how}Fields`, [expression, array(names.map((name) => literal(name)))])
          : method(expression, how, [object(names.map((name) => property(name, literal(true))))]);
      if (type.pick.length > 0) expression = narrow('pick', type.pick);
      if (type.omit.length > 0) expression = narrow('omit', type.omit);
      if (type.partial) expression = withoutDefaults(method(expression, 'partial'), type, records);
      return expression;
    }
  }
}

/**
 * A tagged union is z.discriminatedUnion, each variant record with its member fixed to the value naming it (the
 * record may declare a plain string); otherwise z.union tries the variants in order, z.xor wants exactly one.
 */
function unionSchema(type: UnionType, reading: Reading, records: RecordLookup | undefined, named: NamedUnions): Expr {
  const variants = type.variants.map((variant) => schemaExpression(variant, reading, records, named));
  const tag = type.discriminator;
  if (!tag) return call(type.exclusive ? 'z.xor' : 'z.union', [array(variants)]);
  const tagged = variants.map((variant, index) =>
    method(variant, 'extend', [
      object([property(tag.property, call('z.literal', [literal(tag.values[index] ?? '')]))]),
    ]),
  );
  return call('z.discriminatedUnion', [literal(tag.property), array(tagged)]);
}

/** A record read from text (name[field]=value in the query): each field in its text reading, spelled out. */
function textRecordSchema(
  type: RecordType,
  fields: readonly LookupField[],
  others: TypeIr | undefined,
  records: RecordLookup | undefined,
): Expr {
  const members = fields
    .filter((field) => inView(type, field.name))
    .map((field) => {
      const schema = schemaExpression(field.type, 'text', records);
      // A partial record's fields are all optional, none defaulted.
      const member = type.partial ? method(schema, 'optional') : withPresence(schema, field.required, field.default);
      return property(field.name, readingEmptyText(field, type.partial, member));
    });
  const closed = call('z.strictObject', [object(members)]);
  return others ? method(closed, 'catchall', [schemaExpression(others, 'text', records)]) : closed;
}

/** A number or boolean member left empty (name=) is null where nullable, absent where optional (emptyText). */
function readingEmptyText(field: LookupField, partial: boolean, member: Expr): Expr {
  if (!readsFromFormText(field.type)) return member;
  if (field.type.nullable) return call('emptyText', [literal(null), member]);
  const optional = partial || !field.required || field.default !== undefined;
  return optional ? call('emptyText', [id('undefined'), member]) : member;
}

/**
 * zod applies a field's default even inside .partial(), so an update body that leaves a field out
 * would set it to its default. A partial record redeclares its defaulted fields as plain optional.
 */
function withoutDefaults(partial: Expr, type: RecordType, records: RecordLookup | undefined): Expr {
  const fields = (records?.get(type.record)?.fields ?? []).filter(
    (field) => field.default !== undefined && inView(type, field.name),
  );
  if (fields.length === 0) return partial;
  return method(partial, 'extend', [
    object(
      fields.map((field) => property(field.name, method(schemaExpression(field.type, 'json', records), 'optional'))),
    ),
  ]);
}

/** A const is a literal; read from text, a number or boolean is first read as one. */
function constSchema(type: ScalarType & { const: string | number | boolean }, reading: Reading): Expr {
  const schema = call('z.literal', [literal(type.const)]);
  if (reading === 'json' || typeof type.const === 'string') return schema;
  const text =
    typeof type.const === 'boolean' ? 'booleanText' : type.scalar === 'integer' ? 'integerText' : 'numberText';
  return method(id(text), 'pipe', [schema]);
}

function scalarSchema(type: ScalarType, reading: Reading): Expr {
  if (type.const !== undefined) return constSchema({ ...type, const: type.const }, reading);
  const c = type.constraints;
  switch (type.scalar) {
    case 'string': {
      const format = type.format && isStringFormat(type.format) ? stringFormat(type.format) : undefined;
      const patterns: Expr[][] = [];
      if (format?.zod === undefined && format?.pattern !== undefined) {
        const pattern = format.runtimePattern !== undefined ? id(format.runtimePattern) : regex(format.pattern);
        patterns.push([pattern, literal(format.message ?? `expected ${format.docs}`)]);
      }
      if (c.pattern !== undefined) patterns.push([newCall('RegExp', [literal(c.pattern), literal(PATTERN_FLAGS)])]);
      const base = call(format?.zod ?? 'z.string');
      // Lengths first, and a value past maxLength stops there: no pattern ever runs on a longer one.
      const sized = withBounds(base, c.minLength, c.maxLength, patterns.length > 0);
      return patterns.reduce((schema, args) => method(schema, 'regex', args), sized);
    }
    case 'date':
      return call('z.iso.date');
    case 'date-time':
      return call('z.iso.datetime', [object([property('offset', literal(true))])]);
    case 'boolean':
      return reading === 'text' ? id('booleanText') : call('z.boolean');
    case 'integer':
    case 'number': {
      const zodType =
        type.format && isIntegerFormat(type.format)
          ? INTEGER_FORMAT_ROWS[type.format].zod
          : type.scalar === 'integer'
            ? 'z.int'
            : 'z.number';
      const number = withExclusiveBounds(withBounds(call(zodType), c.minimum, c.maximum), c);
      if (reading === 'text')
        return method(id(type.scalar === 'integer' ? 'integerText' : 'numberText'), 'pipe', [number]);
      return type.coerce ? call('z.preprocess', [id('digitsToNumber'), number]) : number;
    }
  }
}

/**
 * `.min(minimum).max(maximum)`, each where it is set: lengths, item counts and number ranges alike.
 * zod runs every check even after one failed; `abort` makes a failed maximum the last check run.
 */
function withBounds(expression: Expr, minimum: number | undefined, maximum: number | undefined, abort = false): Expr {
  const bounded = minimum !== undefined ? method(expression, 'min', [literal(minimum)]) : expression;
  if (maximum === undefined) return bounded;
  return method(
    bounded,
    'max',
    abort ? [literal(maximum), object([property('abort', literal(true))])] : [literal(maximum)],
  );
}

/** `.gt(exclusiveMinimum).lt(exclusiveMaximum)`, each where it is set. */
function withExclusiveBounds(expression: Expr, c: Constraints): Expr {
  const above = c.exclusiveMinimum !== undefined ? method(expression, 'gt', [literal(c.exclusiveMinimum)]) : expression;
  return c.exclusiveMaximum !== undefined ? method(above, 'lt', [literal(c.exclusiveMaximum)]) : above;
}

/** Runtime values generated schemas may name, by the runtime module that exports them. */
const HELPERS = new Map<string, string>([
  ...[
    'booleanText',
    'digitsToNumber',
    'emptyText',
    'integerText',
    'jsonText',
    'numberText',
    'omitFields',
    'ownMember',
    'pickFields',
  ].map((name): [string, string] => [name, 'core/zod-text']),
  ['uriPattern', 'core/uri-grammar'],
  ['uriReferencePattern', 'core/uri-grammar'],
]);

/** The runtime imports of the helpers a file's schemas use, by module. */
export function helperImports(names: Iterable<string>): { module: string; names: string[] }[] {
  const byModule = new Map<string, string[]>();
  for (const name of names) {
    const module = HELPERS.get(name) as string;
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  }
  return [...byModule].map(([module, names]) => ({ module, names }));
}

/** Runtime helpers an expression uses, so the file imports only those. */
export function usedHelpers(expression: Expr, into: Set<string> = new Set()): Set<string> {
  for (const name of identifiersOf(expression)) if (HELPERS.has(name)) into.add(name);
  return into;
}
