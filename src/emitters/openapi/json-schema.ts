// A TypeIr as JSON Schema (the 2020-12 dialect of OpenAPI 3.1), and a record as a component schema.
import { pascalCase } from '../../ir/names.js';
import type {
  Constraints,
  FieldIr,
  Origin,
  RecordIr,
  RecordType,
  ScalarType,
  TypeIr,
  TypeKey,
  UnionType,
} from '../../ir/types.js';
import { exampleInView, inView } from '../../ir/types.js';
import { isIntegerFormat, isStringFormat, stringFormat } from '../../ir/formats.js';
import { recordModule, recordName } from '../../ir/symbols.js';
import { innermost, referencedRecords } from '../shared/imports.js';
import type { Components, Direction } from './components.js';
import { patternExample } from './pattern-example.js';
import { originMark, paragraphs, sortedObject, type Schema, type SchemaObject } from './types.js';

export interface SchemaContext {
  readonly components: Components;
  readonly direction: Direction;
  /** A response `includes` may have filtered: on objects with an apiAlias only apiAlias is sure to be present. */
  readonly filtered?: boolean;
}

export function typeSchema(type: TypeIr, ctx: SchemaContext): Schema {
  const schema =
    type.named !== undefined && standsAlone(type) ? namedRef(type, type.named, ctx) : nonNullSchema(type, ctx);
  // Any JSON value includes null: a null branch beside a named json type would make oneOf match twice.
  return type.nullable && type.kind !== 'json' ? nullable(schema) : schema;
}

function nonNullSchema(type: TypeIr, ctx: SchemaContext): Schema {
  switch (type.kind) {
    case 'scalar':
      return scalarSchema(type, ctx.direction);
    case 'enum':
      return { type: 'string', enum: [...type.values] };
    case 'list':
      return { type: 'array', items: typeSchema(type.items, ctx), ...pick(type.constraints, 'minItems', 'maxItems') };
    case 'map':
      return mapSchema(typeSchema(type.values, ctx));
    case 'json':
      return {};
    case 'record':
      return isView(type) ? recordViewSchema(type, ctx) : recordRef(type, ctx);
    case 'union':
      return unionSchema(type, ctx);
  }
}

/**
 * A tagged union is oneOf with a discriminator whose mapping names each variant's schema by its value; otherwise
 * anyOf, or oneOf where exactly one variant may match.
 */
function unionSchema(type: UnionType, ctx: SchemaContext): SchemaObject {
  const tag = type.discriminator;
  const mapping: [string, string][] = [];
  const variants = type.variants.map((variant, index) => {
    const schema = typeSchema(variant, ctx);
    const value = tag?.values[index];
    if (!tag || value === undefined || !('$ref' in schema)) return schema;
    const tagged = taggedVariant(variant, schema, tag.property, value, ctx);
    if ('$ref' in tagged) mapping.push([value, tagged.$ref]);
    return tagged;
  });
  if (!tag) return type.exclusive ? { oneOf: variants } : { anyOf: variants };
  return {
    oneOf: variants,
    discriminator: {
      propertyName: tag.property,
      ...(mapping.length > 0 && { mapping: Object.fromEntries(mapping) }),
    },
  };
}

/**
 * A variant record as its union's mapping names it: where the record does not fix its tag member to the value
 * (a plain string, or an enum of other values too), a component of its own does (`allOf` the record, the member
 * `const`), so that oneOf tells the variants apart without reading the discriminator and the mapping's target
 * holds exactly the values it maps.
 */
function taggedVariant(variant: TypeIr, schema: Schema, property: string, value: string, ctx: SchemaContext): Schema {
  if (variant.kind !== 'record') return schema;
  const member = ctx.components.record(variant.record).fields.find((field) => field.name === property)?.type;
  if (member?.kind === 'scalar' && member.const === value) return schema;
  const name = pascalCase(recordName(variant.record));
  const tagged = value === recordName(variant.record) ? `${name}Variant` : `${name}As${pascalCase(value)}`;
  // Owned and named after the record schema it extends (issue 32 item 2): requests and responses that take the
  // same record schema share one component, and the name says which schema (Input, Filtered) one takes.
  const version = recordVersion(variant, ctx);
  return ctx.components.define(
    'schemas',
    {
      owner: `tagged:${JSON.stringify([variant.record, version, property, value])}`,
      preferred: `${tagged}${version}`,
      qualifier: recordModule(variant.record),
    },
    () => ({ allOf: [schema], properties: { [property]: { const: value } }, required: [property] }),
  );
}

/**
 * What an open record's members beyond its named ones may be; a closed record has none; one that ignores them
 * leaves the keyword out, JSON Schema's default (allowed), as a server accepts them and drops them.
 */
export function otherMembers(record: RecordIr, ctx: SchemaContext): { additionalProperties?: Schema | false } {
  if (record.additionalFields) return { additionalProperties: typeSchema(record.additionalFields, ctx) };
  return record.ignoresOtherMembers ? {} : { additionalProperties: false };
}

/**
 * A map of `values`. Servers refuse a `__proto__` key in a request (400 naming it) and never send one, so its
 * `propertyNames` say so, and contract testers and clients see the same rule (docs/server.md).
 */
export function mapSchema(values: Schema): SchemaObject {
  const map: SchemaObject & { propertyNames: SchemaObject } = {
    type: 'object',
    propertyNames: { not: { const: '__proto__' } },
    additionalProperties: values,
  };
  return map;
}

/** A format's keywords: JSON Schema's own format where there is one, else its pattern. */
function stringFormatSchema(type: ScalarType): SchemaObject {
  if (type.format === undefined || !isStringFormat(type.format)) return {};
  const row = stringFormat(type.format);
  return { ...row.openapi, ...(row.pattern !== undefined && { pattern: row.pattern }) };
}

/** The JSON type of a scalar (dates are strings). */
const jsonType = (type: ScalarType) =>
  type.scalar === 'integer' || type.scalar === 'number' || type.scalar === 'boolean' ? type.scalar : 'string';

function scalarSchema(type: ScalarType, direction: Direction): SchemaObject {
  const c = type.constraints;
  if (type.const !== undefined) return { type: jsonType(type), const: type.const };
  switch (type.scalar) {
    case 'string': {
      const format = stringFormatSchema(type);
      const own = pick(c, 'minLength', 'maxLength', 'pattern');
      const patterns = [own.pattern, format.pattern].filter((pattern): pattern is string => pattern !== undefined);
      // A value the patterns accept, for mocks and "try it" panels (none when no simple one is found).
      const example = patternExample({ patterns, minLength: c.minLength, maxLength: c.maxLength });
      const examples = example !== undefined ? { examples: [example] } : {};
      // Two patterns cannot share one object: the definition's own goes into allOf.
      if (format.pattern !== undefined && own.pattern !== undefined) {
        const { pattern, ...rest } = own;
        return { type: 'string', ...format, ...rest, allOf: [{ pattern }], ...examples };
      }
      return { type: 'string', ...format, ...own, ...examples };
    }
    case 'date':
    case 'date-time':
      return { type: 'string', format: type.scalar };
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
    case 'number': {
      const format = type.format !== undefined && isIntegerFormat(type.format) ? { format: type.format } : {};
      // Inclusive and exclusive bounds, the exclusive ones as JSON Schema 2020-12 numbers (OpenAPI 3.1).
      const bounds = pick(c, 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum');
      const number: SchemaObject = { type: type.scalar, ...format, ...bounds };
      if (!type.coerce || direction === 'read') return number;
      return {
        anyOf: [
          number,
          { type: 'string', pattern: '^[0-9]{1,15}$', description: 'The same number written as a string of digits.' },
        ],
      };
    }
  }
}

/** Adds null to a schema's values (anyOf: a referenced schema that admits null itself, like json, stays valid). */
export function nullable(schema: Schema): Schema {
  if ('$ref' in schema || schema.anyOf || schema.allOf || schema.oneOf) return { anyOf: [schema, { type: 'null' }] };
  if (schema.type === undefined) return schema; // any JSON value, null included
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const withNull = { ...schema, type: [...types, 'null'] } as SchemaObject;
  if ('const' in schema) {
    // One value or null: a const cannot say "or null", an enum of the two can.
    const { const: value, ...rest } = withNull as SchemaObject & { const: unknown };
    return { ...rest, enum: [value, null] } as SchemaObject;
  }
  return schema.enum ? { ...withNull, enum: [...schema.enum, null] } : withNull;
}

interface Annotations {
  readonly description?: string | undefined;
  readonly readOnly?: boolean;
  readonly deprecated?: boolean;
  readonly default?: unknown;
  /** The definitions' own example: it replaces one the schema made up (a pattern's). */
  readonly example?: unknown;
  readonly origin?: Origin;
  /** The origin of the element around this one; the mark is written only where it changes. */
  readonly around?: Origin;
}

/**
 * Adds description, readOnly, deprecated, default, examples and the origin mark; a bare $ref is wrapped in allOf, so it
 * has no siblings.
 */
export function annotate(schema: Schema, annotations: Annotations): Schema {
  const examples = examplesOf(annotations.example);
  const extra: SchemaObject = {
    ...(annotations.description !== undefined && { description: annotations.description }),
    ...(annotations.readOnly === true && { readOnly: true }),
    ...(annotations.deprecated === true && { deprecated: true }),
    ...(annotations.default !== undefined && { default: annotations.default }),
    ...(annotations.origin !== undefined && originMark(annotations.origin, annotations.around)),
  };
  if (Object.keys(extra).length === 0 && examples === undefined) return schema;
  return '$ref' in schema ? { ...extra, allOf: [schema], ...examples } : { ...extra, ...schema, ...examples };
}

/** JSON Schema 2020-12's `examples` (OpenAPI 3.1 deprecates a schema's `example`; docs/ecosystem.md). */
function examplesOf(example: unknown): { examples: unknown[] } | undefined {
  return example === undefined ? undefined : { examples: [example] };
}

export function isView(type: RecordType): boolean {
  return type.omit.length > 0 || type.pick.length > 0 || type.partial;
}

function hasCoercion(type: TypeIr): boolean {
  const inner = innermost(type);
  if (inner.kind === 'scalar') return inner.coerce;
  return inner.kind === 'union' && inner.variants.some(hasCoercion);
}

/**
 * A named type as a component of its own, `CustomerId`. One that holds a record is spelled out where it
 * is used: a record's schema depends on the direction it travels (Input, Filtered), a name would not.
 */
function namedRef(type: TypeIr, key: TypeKey, ctx: SchemaContext): Schema {
  const { named: _, ...plain } = { ...type, nullable: false };
  return ctx.components.define(
    'schemas',
    { owner: `type:${key}`, preferred: pascalCase(recordName(key)), qualifier: recordModule(key) },
    () => ({ ...(nonNullSchema(plain, ctx) as SchemaObject), ...examplesOf(type.example) }),
  );
}

/**
 * Whether a type's schema is the same in every direction: it holds no record and reads no digits as numbers, in
 * any of its union's variants either (a named union of records would otherwise take the direction of whichever
 * operation printed it first).
 */
function standsAlone(type: TypeIr): boolean {
  return referencedRecords(type).size === 0 && !hasCoercion(type);
}

/**
 * A $ref to a record's schema. A record with fields that accept digits as text gets a second
 * schema for requests ("…Input"); every other record has one schema for both directions.
 */
function recordRef(type: RecordType, ctx: SchemaContext): Schema {
  const key = type.record;
  const version = recordVersion(type, ctx);
  return ctx.components.define(
    'schemas',
    {
      owner: `record:${key}${version === 'Filtered' ? ':filtered' : version}`,
      preferred: `${pascalCase(recordName(key))}${version}`,
      qualifier: recordModule(key),
    },
    () =>
      recordSchema(ctx.components.record(key), {
        components: ctx.components,
        direction: version === 'Input' ? 'write' : 'read',
        ...(version === 'Filtered' && { filtered: true }),
      }),
  );
}

/** Which of a record's schemas a use takes, as the suffix of its name: the one schema most records have is ''. */
type RecordVersion = '' | 'Input' | 'Filtered';

function recordVersion(type: RecordType, ctx: SchemaContext): RecordVersion {
  // A response includes may have filtered has its own schema where the record reaches an apiAlias.
  if (ctx.filtered === true && reachesApiAlias(type, ctx.components)) return 'Filtered';
  const record = ctx.components.record(type.record);
  return ctx.direction === 'write' && record.fields.some((field) => hasCoercion(field.type)) ? 'Input' : '';
}

function recordSchema(record: RecordIr, ctx: SchemaContext): SchemaObject {
  const filtered = filteredAway(record, ctx);
  const properties = record.fields.map((field): [string, Schema] => [
    field.name,
    fieldSchema(field, record.origin, ctx),
  ]);
  const required = filtered ? [] : record.fields.filter((field) => field.required).map((field) => field.name);
  if (record.apiAlias !== undefined && ctx.direction === 'read') {
    properties.push([
      'apiAlias',
      { type: 'string', const: record.apiAlias, description: 'Names the kind of object, for includes.' },
    ]);
    required.push('apiAlias');
  }
  const description = filtered
    ? paragraphs(
        record.description,
        `As \`includes\` may filter it: only the listed fields of ${record.apiAlias}, and apiAlias.`,
      )
    : record.description;
  return {
    type: 'object',
    ...(description !== undefined && { description }),
    ...originMark(record.origin),
    properties: sortedObject(properties),
    ...(required.length > 0 && { required: required.sort() }),
    ...otherMembers(record, ctx),
    ...examplesOf(recordExample(record, ctx)),
  };
}

/** A record's example as this schema describes it: with its apiAlias where responses carry one. */
function recordExample(record: RecordIr, ctx: SchemaContext): unknown {
  const example = record.example?.value;
  if (example === undefined || record.apiAlias === undefined || ctx.direction !== 'read') return example;
  return { ...(example as object), apiAlias: record.apiAlias };
}

/**
 * A field's schema. readOnly is a property of records as read: a request body that keeps such a field (an id naming a
 * batch entry) means it.
 */
export function fieldSchema(field: FieldIr, around: Origin, ctx: SchemaContext): Schema {
  const readOnly = field.readOnly && ctx.direction === 'read';
  return annotate(typeSchema(field.type, ctx), {
    description: field.description,
    readOnly,
    deprecated: field.deprecated,
    default: field.default,
    example: field.example?.value,
    origin: field.origin,
    around,
  });
}

/** A record with fields left out (omit, pick) or all optional (partial), written out in place. */
function recordViewSchema(type: RecordType, ctx: SchemaContext): SchemaObject {
  const record = ctx.components.record(type.record);
  const fields = record.fields.filter((field) => inView(type, field.name));
  const required =
    type.partial || filteredAway(record, ctx)
      ? []
      : fields.filter((field) => field.required).map((field) => field.name);
  const mode = [
    type.pick.length > 0 && `only ${type.pick.join(', ')}`,
    type.omit.length > 0 && `without ${type.omit.join(', ')}`,
    type.partial && 'every field optional',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    type: 'object',
    description: `${pascalCase(record.name)} (${mode}).`,
    properties: sortedObject(fields.map((field) => [field.name, fieldSchema(field, record.origin, ctx)])),
    ...(required.length > 0 && { required }),
    ...otherMembers(record, ctx),
    ...examplesOf(exampleInView(record, type)),
  };
}

/** Whether `includes` may leave out the record's fields: it has an apiAlias, in a response includes filters. */
function filteredAway(record: RecordIr, ctx: SchemaContext): boolean {
  return ctx.filtered === true && record.apiAlias !== undefined;
}

/** Whether the type holds a record that has, or whose fields hold (at any depth), an apiAlias includes can name. */
export function reachesApiAlias(type: TypeIr, components: Components, seen = new Set<string>()): boolean {
  return [...referencedRecords(type)].some((key) => {
    if (seen.has(key)) return false;
    seen.add(key);
    const record = components.record(key);
    return (
      record.apiAlias !== undefined || record.fields.some((field) => reachesApiAlias(field.type, components, seen))
    );
  });
}

function pick<K extends keyof Constraints>(constraints: Constraints, ...keys: K[]): Pick<Constraints, K> {
  const present = keys.filter((key) => constraints[key] !== undefined);
  return Object.fromEntries(present.map((key) => [key, constraints[key]])) as Pick<Constraints, K>;
}
