// A TypeIr as a zod 4 schema expression. Two readings of a value: as JSON (bodies, responses),
// where types are strict, and as text (path, query, headers), where numbers arrive as digits.
import { inView } from '../../ir/types.js';
import type { Constraints, FieldIr, RecordKey, ScalarType, StringFormat, TypeIr } from '../../ir/types.js';
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

type Reading = 'json' | 'text';

/**
 * The records by key: needed to drop defaults from partial records, and to narrow records that have a
 * member named like an Object member (pass it whenever a type may name one).
 */
export type RecordLookup = ReadonlyMap<
  RecordKey,
  {
    readonly fields: readonly DefaultedField[];
    readonly inheritedNames?: boolean;
    readonly textFields?: readonly TextField[];
  }
>;

/** A name that `value[name]` finds on every object (constructor, toString, valueOf…). */
export function isInheritedName(name: string): boolean {
  return name in Object.prototype;
}
type DefaultedField = Pick<FieldIr, 'name' | 'type' | 'default'>;
/** A field of a record that arrives as text (in the query), read field by field as text. */
type TextField = Pick<FieldIr, 'name' | 'type' | 'default' | 'required'>;

/**
 * The part of `records` that schemaExpression reads for these types: the defaulted fields of each
 * record named partial, at any depth (what withoutDefaults looks up), and whether a narrowed record
 * has a member named like an Object member, as plain entries.
 */
type LookupEntry = { fields: DefaultedField[]; inheritedNames?: boolean; textFields?: TextField[] };
export function lookupFor(
  types: Iterable<TypeIr>,
  records: RecordLookup,
  textTypes: Iterable<TypeIr> = [],
): [RecordKey, LookupEntry][] {
  const found = new Map<RecordKey, LookupEntry>();
  // Records read as text whose fields are not all text already (numbers, booleans, records of those) are spelled out.
  const visitText = (type: TypeIr): void => {
    if (type.kind === 'list') visitText(type.items);
    else if (type.kind === 'map') visitText(type.values);
    else if (type.kind === 'record' && !found.get(type.record)?.textFields) {
      const all = (records.get(type.record)?.fields ?? []) as readonly TextField[];
      if (!all.some((field) => readsDifferentlyAsText(field.type, records))) return;
      const entry = found.get(type.record) ?? { fields: [] };
      entry.textFields = all.map((field) => ({
        name: field.name,
        type: field.type,
        required: field.required,
        default: field.default,
      }));
      found.set(type.record, entry);
      for (const field of all) visitText(field.type);
    }
  };
  for (const type of textTypes) visitText(type);
  const narrowed = new Set<RecordKey>();
  const visit = (type: TypeIr): void => {
    if (type.kind === 'list') visit(type.items);
    else if (type.kind === 'map') visit(type.values);
    else if (
      type.kind === 'record' &&
      (type.partial || type.pick.length + type.omit.length > 0) &&
      !narrowed.has(type.record)
    ) {
      narrowed.add(type.record);
      const all = records.get(type.record)?.fields ?? [];
      const fields = all
        .filter((field) => field.default !== undefined)
        .map((field) => ({ name: field.name, type: field.type, default: field.default }));
      const text = found.get(type.record)?.textFields;
      found.set(type.record, {
        fields,
        ...(all.some((field) => isInheritedName(field.name)) && { inheritedNames: true }),
        ...(text && { textFields: text }),
      });
      for (const field of fields) visit(field.type);
    }
  };
  for (const type of types) visit(type);
  return [...found];
}

/**
 * Whether a value of the type reads differently from text than from JSON (a number, a boolean, or a record holding
 * one).
 */
function readsDifferentlyAsText(type: TypeIr, records: RecordLookup, seen: Set<RecordKey> = new Set()): boolean {
  switch (type.kind) {
    case 'scalar':
      return type.scalar === 'integer' || type.scalar === 'number' || type.scalar === 'boolean';
    case 'list':
      return readsDifferentlyAsText(type.items, records, seen);
    case 'map':
      return readsDifferentlyAsText(type.values, records, seen);
    case 'record': {
      if (seen.has(type.record)) return false;
      seen.add(type.record);
      return (records.get(type.record)?.fields ?? []).some((field) =>
        readsDifferentlyAsText(field.type, records, seen),
      );
    }
    default:
      return false;
  }
}

/** A list type's schema around an item schema given as an expression (e.g. the name of its constant). */
export function listSchemaAround(type: Extract<TypeIr, { kind: 'list' }>, item: Expr): Expr {
  const list = withSizeChecks(call('z.array', [item]), type.constraints, 'minItems', 'maxItems');
  return type.nullable ? method(list, 'nullable') : list;
}

export function schemaExpression(type: TypeIr, reading: Reading, records?: RecordLookup): Expr {
  const base = nonNullSchema(type, reading, records);
  return type.nullable ? method(base, 'nullable') : base;
}

function nonNullSchema(type: TypeIr, reading: Reading, records: RecordLookup | undefined): Expr {
  switch (type.kind) {
    case 'scalar':
      return scalarSchema(type, reading);
    case 'enum':
      return call('z.enum', [array(type.values.map((value) => literal(value)))]);
    case 'list':
      return withSizeChecks(
        call('z.array', [schemaExpression(type.items, reading, records)]),
        type.constraints,
        'minItems',
        'maxItems',
      );
    case 'map':
      return call('z.record', [call('z.string'), schemaExpression(type.values, reading, records)]);
    case 'json':
      return call('z.json');
    case 'record': {
      const textFields = reading === 'text' ? records?.get(type.record)?.textFields : undefined;
      if (textFields) return textRecordSchema(type, textFields, records);
      let expression = id(symbols.recordSchema(type.record));
      const mask = (names: readonly string[]) => object(names.map((name) => property(name, literal(true))));
      const names = (list: readonly string[]) => array(list.map((name) => literal(name)));
      // zod's mask type cannot leave out a member named like an Object member: those records narrow by helper.
      const byHelper = records?.get(type.record)?.inheritedNames === true;
      if (type.pick.length > 0)
        expression = byHelper
          ? call('pickFields', [expression, names(type.pick)])
          : method(expression, 'pick', [mask(type.pick)]);
      if (type.omit.length > 0)
        expression = byHelper
          ? call('omitFields', [expression, names(type.omit)])
          : method(expression, 'omit', [mask(type.omit)]);
      if (type.partial) expression = withoutDefaults(method(expression, 'partial'), type, records);
      return expression;
    }
  }
}

/** A record read from text (name[field]=value in the query): each field in its text reading, spelled out. */
function textRecordSchema(
  type: Extract<TypeIr, { kind: 'record' }>,
  fields: readonly TextField[],
  records: RecordLookup | undefined,
): Expr {
  const kept = fields.filter((field) => inView(type, field.name));
  const members = kept.map((field) => {
    const schema = schemaExpression(field.type, 'text', records);
    if (type.partial || (!field.required && field.default === undefined))
      return property(field.name, method(schema, 'optional'));
    return property(
      field.name,
      field.default !== undefined ? method(schema, 'default', [jsonValue(field.default, { expanded: false })]) : schema,
    );
  });
  return call('z.strictObject', [object(members)]);
}

/**
 * zod applies a field's default even inside .partial(), so an update body that leaves a field out
 * would set it to its default. A partial record redeclares its defaulted fields as plain optional.
 */
function withoutDefaults(
  partial: Expr,
  type: Extract<TypeIr, { kind: 'record' }>,
  records: RecordLookup | undefined,
): Expr {
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

const hexId = () =>
  method(call('z.string'), 'regex', [regex('^[0-9a-f]{32}$'), literal('expected 32 lowercase hex characters')]);
const STRING_FORMATS: Record<StringFormat, () => Expr> = {
  'hex-id': hexId,
  uri: () => call('z.url'),
  email: () => call('z.email'),
  'currency-code': () =>
    method(call('z.string'), 'regex', [regex('^[A-Z]{3}$'), literal('expected an ISO 4217 currency code')]),
  alphanumeric: () =>
    method(call('z.string'), 'regex', [regex('^[A-Za-z0-9]+$'), literal('expected letters and digits only')]),
};

function scalarSchema(type: ScalarType, reading: Reading): Expr {
  const c = type.constraints;
  switch (type.scalar) {
    case 'string': {
      const format = type.format ? STRING_FORMATS[type.format] : undefined;
      const sized = withSizeChecks(format ? format() : call('z.string'), c, 'minLength', 'maxLength');
      return c.pattern !== undefined ? method(sized, 'regex', [newCall('RegExp', [literal(c.pattern)])]) : sized;
    }
    case 'date':
      return call('z.iso.date');
    case 'date-time':
      return call('z.iso.datetime', [object([property('offset', literal(true))])]);
    case 'boolean':
      return reading === 'text' ? id('booleanText') : call('z.boolean');
    case 'integer':
    case 'number': {
      const number = withRangeChecks(call(type.scalar === 'integer' ? 'z.int' : 'z.number'), c);
      if (reading === 'text')
        return method(id(type.scalar === 'integer' ? 'integerText' : 'numberText'), 'pipe', [number]);
      return type.coerce ? call('z.preprocess', [id('digitsToNumber'), number]) : number;
    }
  }
}

function withSizeChecks(
  expression: Expr,
  c: Constraints,
  min: 'minLength' | 'minItems',
  max: 'maxLength' | 'maxItems',
): Expr {
  const minimum = c[min];
  const maximum = c[max];
  const bounded = minimum !== undefined ? method(expression, 'min', [literal(minimum)]) : expression;
  return maximum !== undefined ? method(bounded, 'max', [literal(maximum)]) : bounded;
}

function withRangeChecks(expression: Expr, c: Constraints): Expr {
  const bounded = c.minimum !== undefined ? method(expression, 'min', [literal(c.minimum)]) : expression;
  return c.maximum !== undefined ? method(bounded, 'max', [literal(c.maximum)]) : bounded;
}

const HELPERS = new Set([
  'booleanText',
  'digitsToNumber',
  'integerText',
  'jsonText',
  'numberText',
  'omitFields',
  'ownMember',
  'pickFields',
]);

/** Runtime helpers an expression uses, so the file imports only those. */
export function usedHelpers(expression: Expr, into: Set<string> = new Set()): Set<string> {
  for (const name of identifiersOf(expression)) if (HELPERS.has(name)) into.add(name);
  return into;
}
