// The JSON Schema of each answer body as the server sends it, for the compiled serializers: the
// route's zod response schema as JSON Schema (the record as the definitions declare it), wrapped the
// way responses.ts wraps a handler's result (json:api document, plain document, success envelope,
// {items, total}, apiAlias members). A serializer compiled from it writes only declared members.
import { z } from 'zod';
import type { InterfaceMeta, RecordMeta, ResponseMeta, UnionMeta } from './interface-meta.js';
import type { Representation } from './negotiate.js';

export type JsonSchema = { [keyword: string]: unknown };

export interface AnswerSchemaContext {
  readonly meta: InterfaceMeta;
  readonly response: ResponseMeta;
  readonly representation: Representation;
  /** The route's zod schema of this response's body (the handler's records, before any envelope). */
  readonly result: z.ZodType | undefined;
}

const NULL: JsonSchema = { type: 'null' };
const STRING: JsonSchema = { type: 'string' };
const COUNT: JsonSchema = { type: 'integer' };
const ANY_LIST: JsonSchema = { type: 'array', items: {} };

/** The body's schema, or undefined when the answer has no body. */
export function answerSchema(ctx: AnswerSchemaContext): JsonSchema | undefined {
  const { meta, response } = ctx;
  if (!response.hasBody) {
    const envelope = response.envelope && response.status !== 204 && meta.style === 'success-envelope';
    return envelope ? object({ success: { type: 'boolean' } }, ['success']) : undefined;
  }
  const { value, defs } = resultSchema(ctx.result);
  const refs = new Refs(defs);
  const items = listItems(value, refs);
  const build = (): JsonSchema => {
    if (!response.envelope && meta.style !== 'api-alias') return response.total ? counted(value) : value;
    switch (meta.style) {
      case 'jsonapi':
        return jsonApiAnswer(ctx, value, refs);
      case 'success-envelope':
        return response.total
          ? object({ success: { type: 'boolean' }, data: value, total: COUNT }, ['success', 'data', 'total'])
          : object({ success: { type: 'boolean' }, data: value }, ['success']);
      case 'api-alias': {
        // With or without an envelope. includes may leave out any member of an object with an apiAlias:
        // presence was judged before.
        if (response.record) addApiAliases(meta, response.record, items ?? value, refs);
        if (response.union) addUnionApiAliases(meta, response.union, items ?? value, refs);
        dropRequired(value, new Set());
        for (const def of Object.values(defs)) dropRequired(def, new Set());
        return response.total ? counted(value) : value;
      }
    }
  };
  const schema = nullReferences(build(), defs);
  return { ...schema, ...(Object.keys(defs).length > 0 && { $defs: defs }) };
}

/**
 * Replaces each nullable bare reference to an object ({anyOf: [null, {$ref}]}, from orNull) by a
 * reference to a twin of its definition marked `nullable` (fast-json-stringify's keyword for "or
 * null"). fast-json-stringify decides an anyOf by running a validator (which refuses the undeclared
 * members it would drop), and it copies the schema of an if's branch or of a type list, so that a
 * reference leading back to its record (a relation to the same record) would be built again at
 * every level without end; a definition it meets again it builds once.
 */
function nullReferences(root: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const seen = new Set<unknown>();
  const replace = (schema: unknown): unknown => {
    const inner = typeof schema === 'object' && schema !== null ? nonNull(schema as JsonSchema) : undefined;
    const ref = inner?.['$ref'];
    if (typeof ref !== 'string' || (schema as JsonSchema)['anyOf'] === undefined) return walk(schema);
    const name = ref.replace('#/$defs/', '');
    const def = defs[name];
    const type = def?.['type'];
    if (!def || type !== 'object' || ['anyOf', 'oneOf', 'allOf', 'if'].some((key) => key in def))
      return { if: NULL, then: NULL, else: inner };
    defs[`${name}OrNull`] ??= { ...def, nullable: true };
    return { $ref: `#/$defs/${name}OrNull` };
  };
  const walk = (schema: unknown): unknown => {
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) return schema;
    seen.add(schema);
    const node = schema as Record<string, unknown>;
    for (const [key, value] of Object.entries(node))
      node[key] = Array.isArray(value) ? value.map(replace) : replace(value);
    return schema;
  };
  for (const def of Object.values(defs)) walk(def);
  return replace(root) as JsonSchema;
}

function counted(list: JsonSchema): JsonSchema {
  return object({ items: list, total: COUNT }, ['items', 'total']);
}

/** An open record's attributes keep the members it does not name, as the record's own schema does. */
function withOtherMembers(attributes: JsonSchema, record: JsonSchema): JsonSchema {
  const others = record['additionalProperties'];
  return others === undefined || others === false ? attributes : { ...attributes, additionalProperties: others };
}

function object(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length > 0 && { required: [...required] }) };
}

// ---- json:api interfaces (jsonapi.ts builds the documents) ----

function jsonApiAnswer(ctx: AnswerSchemaContext, value: JsonSchema, refs: Refs): JsonSchema {
  const { meta, response, representation } = ctx;
  const record = response.record;
  const items = response.list ? (listItems(value, refs) ?? {}) : value;
  if (response.union && representation !== 'plain') {
    const variants = unionResources(meta, response.union, items, refs);
    if (variants) return jsonApiUnionAnswer(ctx, variants, refs);
  }
  const recordSchema = record ? refs.object(items) : undefined;
  if (representation === 'plain' || !record || !recordSchema) {
    if (record && recordSchema) relationsNullable(meta, record, recordSchema, refs);
    if (response.list) return object({ total: COUNT, data: value, aggregations: ANY_LIST }, ['total', 'data']);
    return object({ data: value });
  }
  const resources = new Resources(meta, refs);
  const included = { type: 'array', items: resources.included([{ record, schema: recordSchema }]) };
  if (response.list) {
    return object(
      {
        data: { type: 'array', items: resources.resource(record, recordSchema) },
        included,
        links: object({ first: STRING, prev: STRING, next: STRING, last: STRING, self: STRING }),
        meta: object({ fetchCount: COUNT, total: COUNT }),
        aggregations: ANY_LIST,
      },
      ['data'],
    );
  }
  const data = orNull(resources.resource(record, recordSchema));
  return object({ data, included, links: object({ self: STRING }) });
}

/** The record and schema of each variant of a union of records, or undefined when a variant is no record. */
function unionResources(
  meta: InterfaceMeta,
  union: UnionMeta,
  schema: JsonSchema,
  refs: Refs,
): { record: string; schema: JsonSchema }[] | undefined {
  const resolved = refs.resolve(schema);
  const options = (resolved?.['oneOf'] ?? resolved?.['anyOf']) as JsonSchema[] | undefined;
  const variants = union.variants.map((variant, index) => {
    const option = options?.[index] && refs.object(options[index]);
    return variant.record !== undefined && meta.records[variant.record] && option
      ? { record: variant.record, schema: option }
      : undefined;
  });
  return variants.every((variant) => variant !== undefined) ? variants : undefined;
}

/** A union of records as json:api: each value the resource object of its variant, told apart by its type. */
function jsonApiUnionAnswer(
  ctx: AnswerSchemaContext,
  variants: readonly { record: string; schema: JsonSchema }[],
  refs: Refs,
): JsonSchema {
  const resources = new Resources(ctx.meta, refs);
  const data = variants.reduceRight<JsonSchema>(
    (otherwise, variant) => ({
      if: object({ type: { const: ctx.meta.records[variant.record]?.type } }, ['type']),
      then: resources.resource(variant.record, variant.schema),
      else: otherwise,
    }),
    object({ id: STRING, type: STRING }),
  );
  const included = { type: 'array', items: resources.included(variants) };
  if (ctx.response.list) {
    return object(
      {
        data: { type: 'array', items: data },
        included,
        links: object({ first: STRING, prev: STRING, next: STRING, last: STRING, self: STRING }),
        meta: object({ fetchCount: COUNT, total: COUNT }),
        aggregations: ANY_LIST,
      },
      ['data'],
    );
  }
  return object({ data: orNull(data), included, links: object({ self: STRING }) });
}

/** json:api resource objects of records, one schema per record kind. */
class Resources {
  private readonly made = new Map<string, JsonSchema>();

  private readonly meta: InterfaceMeta;
  private readonly refs: Refs;

  constructor(meta: InterfaceMeta, refs: Refs) {
    this.meta = meta;
    this.refs = refs;
  }

  resource(record: string, schema: JsonSchema): JsonSchema {
    const known = this.made.get(record);
    if (known) return known;
    const recordMeta = this.recordMeta(record);
    const members = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
    const attribute = (name: string) => name !== 'id' && !(name in recordMeta.relations);
    const attributes = Object.fromEntries(Object.entries(members).filter(([name]) => attribute(name)));
    const required = ((schema['required'] ?? []) as string[]).filter(attribute);
    const relationships = Object.fromEntries(
      Object.keys(recordMeta.relations).map((name) => [
        name,
        // Identifiers the runtime makes from ids: {type, id}, a list of them, or null.
        object({ data: {}, links: object({ related: STRING }) }),
      ]),
    );
    const resource = object(
      {
        id: STRING,
        type: STRING,
        attributes: withOtherMembers(object(attributes, required), schema),
        links: object({ self: STRING }),
        ...(Object.keys(relationships).length > 0 && { relationships: object(relationships) }),
      },
      ['id', 'type', 'attributes'],
    );
    this.made.set(record, resource);
    return resource;
  }

  /** An included resource: one of the records the primary records relate to, told apart by type. */
  included(primaries: readonly { record: string; schema: JsonSchema }[]): JsonSchema {
    const related = primaries.flatMap(({ record, schema }) => {
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      return Object.entries(this.recordMeta(record).relations).flatMap(([field, relation]) => {
        const target = properties[field] && this.refs.object(properties[field]);
        return target
          ? [{ type: this.recordMeta(relation.record).type, schema: this.resource(relation.record, target) }]
          : [];
      });
    });
    const unique = [...new Map(related.map((entry) => [entry.type, entry])).values()];
    const last = unique.pop();
    if (!last) return object({ id: STRING, type: STRING });
    return unique.reduceRight<JsonSchema>(
      (otherwise, entry) => ({
        if: object({ type: { const: entry.type } }, ['type']),
        then: entry.schema,
        else: otherwise,
      }),
      last.schema,
    );
  }

  private recordMeta(name: string): RecordMeta {
    const meta = this.meta.records[name];
    if (!meta) throw new Error(`no record metadata for ${name}`);
    return meta;
  }
}

/** Plain json:api answers embed related records one level deep and set the rest of the relations to null. */
function relationsNullable(meta: InterfaceMeta, record: string, schema: JsonSchema, refs: Refs): void {
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  for (const [field, relation] of Object.entries(meta.records[record]?.relations ?? {})) {
    const member = properties[field];
    if (member === undefined) continue;
    properties[field] = allowsNull(member) ? member : orNull(member);
    const target = refs.object(member);
    const targetMeta = meta.records[relation.record];
    if (!target || !targetMeta) continue;
    const nested = (target['properties'] ?? {}) as Record<string, JsonSchema>;
    for (const name of Object.keys(targetMeta.relations)) {
      if (nested[name] !== undefined && !allowsNull(nested[name])) nested[name] = orNull(nested[name]);
    }
  }
}

// ---- api-alias interfaces ----

/**
 * Declares apiAlias on the objects of records that have one, where withApiAliases adds it. A record
 * used in two places is inlined twice, so the walk remembers the schema objects it has been to (a
 * record that refers to itself is one $defs entry), not the records.
 */
function addApiAliases(
  meta: InterfaceMeta,
  record: string,
  schema: JsonSchema,
  refs: Refs,
  seen = new Set<JsonSchema>(),
): void {
  const recordMeta = meta.records[record];
  const target = refs.object(schema);
  if (!recordMeta || !target || seen.has(target)) return;
  seen.add(target);
  const properties = (target['properties'] ?? {}) as Record<string, JsonSchema>;
  if (recordMeta.apiAlias !== undefined) target['properties'] = { ...properties, apiAlias: STRING };
  for (const [field, nested] of Object.entries(recordMeta.nested)) {
    const member = properties[field];
    if (member !== undefined) addApiAliases(meta, nested, listItems(member, refs) ?? member, refs, seen);
  }
  for (const [field, union] of Object.entries(recordMeta.unions ?? {})) {
    const member = properties[field];
    if (member !== undefined) addUnionApiAliases(meta, union, listItems(member, refs) ?? member, refs, seen);
  }
}

/** Declares apiAlias on each record variant of a union's schema (its options are in the order of the variants). */
function addUnionApiAliases(
  meta: InterfaceMeta,
  union: UnionMeta,
  schema: JsonSchema,
  refs: Refs,
  seen = new Set<JsonSchema>(),
): void {
  const resolved = refs.resolve(schema);
  const options = (resolved?.['oneOf'] ?? resolved?.['anyOf']) as JsonSchema[] | undefined;
  union.variants.forEach((variant, index) => {
    const option = options?.[index];
    if (variant.record !== undefined && option) addApiAliases(meta, variant.record, option, refs, seen);
  });
}

/**
 * Drops `required` where includes may leave members out. Inside a union's variants an object without an apiAlias
 * (includes never filter it) keeps it: fast-json-stringify chooses a variant by validating the value, and variants
 * that require nothing would all match, so the first would write every value.
 */
function dropRequired(schema: unknown, seen: Set<unknown>, inVariant = false): void {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
  seen.add(schema);
  const node = schema as JsonSchema;
  const aliased = typeof node['properties'] === 'object' && Object.hasOwn(node['properties'] as object, 'apiAlias');
  if (!Array.isArray(schema) && (!inVariant || aliased)) delete node['required'];
  for (const [key, value] of Object.entries(schema))
    dropRequired(value, seen, inVariant || key === 'anyOf' || key === 'oneOf');
}

// ---- from zod to a schema fast-json-stringify serializes quickly ----

/** The result's JSON Schema (as a handler may write it: defaults optional) and its shared definitions. */
function resultSchema(schema: z.ZodType | undefined): { value: JsonSchema; defs: Record<string, JsonSchema> } {
  if (!schema) return { value: {}, defs: {} };
  // Wrapped, so a record that refers to itself goes into $defs rather than being the root ("#") the answer wraps.
  const wrapped = z.object({ value: schema });
  const json = z.toJSONSchema(wrapped, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' });
  const { properties, $defs } = simplify(json) as {
    properties: { value: JsonSchema };
    $defs?: Record<string, JsonSchema>;
  };
  return { value: properties.value, defs: $defs ?? {} };
}

const JSON_TYPES = ['string', 'number', 'boolean', 'null', 'array', 'object'];

/**
 * Rewrites the shapes fast-json-stringify would decide by running a validator on every value: a
 * nullable value becomes a type list, or an if/then/else on null; any JSON value becomes {}.
 * Patterns go (the result was judged before; a serializer does not check them). So does `additionalProperties:
 * false`: fast-json-stringify writes only declared members without it, and where it chooses a union's variant by
 * running a validator, a closed variant would refuse a result holding a member it does not declare, so that no
 * variant matched and the answer failed where a record alone drops the member.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pattern' || key === 'propertyNames' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = simplify(value);
  }
  const anyOf = out['anyOf'] as JsonSchema[] | undefined;
  if (!anyOf) return out;
  const types = anyOf.map((option) => option['type']);
  if (JSON_TYPES.every((type) => types.includes(type))) {
    delete out['anyOf'];
    return out;
  }
  const others = anyOf.filter((option) => option['type'] !== 'null');
  const [only] = others;
  if (others.length === 1 && only && anyOf.length === 2) {
    delete out['anyOf'];
    return { ...out, ...orNull(only) };
  }
  return out;
}

/**
 * The schema with null allowed: a type list where the schema is one plain type, an anyOf beside a
 * bare reference (nullReferences makes it a reference to a nullable twin), else an if on null.
 */
function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema['$ref'] === 'string' && Object.keys(schema).length === 1) return { anyOf: [NULL, schema] };
  const plain = ['$ref', 'anyOf', 'oneOf', 'allOf', 'if'].every((key) => !(key in schema));
  if (plain && typeof schema['type'] === 'string') {
    const nullable: JsonSchema = { ...schema, type: [schema['type'], 'null'] };
    if (Array.isArray(schema['enum'])) nullable['enum'] = [...(schema['enum'] as unknown[]), null];
    // A const that may be null is an enum of both: where a validator chooses a union's variant, null is kept.
    if ('const' in schema) {
      delete nullable['const'];
      nullable['enum'] = [schema['const'], null];
    }
    return nullable;
  }
  if (plain && Array.isArray(schema['type'])) return { ...schema, type: [...(schema['type'] as string[]), 'null'] };
  return { if: NULL, then: NULL, else: schema };
}

function allowsNull(schema: JsonSchema): boolean {
  const type = schema['type'];
  return type === 'null' || (Array.isArray(type) && type.includes('null')) || nonNull(schema) !== undefined;
}

/** The other branch of a schema orNull made of one that is not null, else undefined. */
function nonNull(schema: JsonSchema): JsonSchema | undefined {
  if (schema['then'] === NULL) return schema['else'] as JsonSchema;
  const anyOf = schema['anyOf'] as JsonSchema[] | undefined;
  return anyOf?.length === 2 && anyOf[0] === NULL ? anyOf[1] : undefined;
}

/** Resolves the schema's local references, through null wrappers, to the object schema of a record. */
class Refs {
  private readonly defs: Record<string, JsonSchema>;

  constructor(defs: Record<string, JsonSchema>) {
    this.defs = defs;
  }

  object(schema: JsonSchema): JsonSchema | undefined {
    const inner = this.resolve(schema);
    if (!inner) return undefined;
    if (inner['properties'] !== undefined) return inner;
    const items = inner['items'] as JsonSchema | undefined;
    return items ? this.object(items) : undefined;
  }

  resolve(schema: JsonSchema): JsonSchema | undefined {
    const ref = schema['$ref'];
    if (typeof ref === 'string') return this.defs[ref.replace('#/$defs/', '')];
    const inner = nonNull(schema);
    return inner ? this.resolve(inner) : schema;
  }
}

/** The item schema of a list schema (through null), else undefined. */
function listItems(schema: JsonSchema, refs: Refs): JsonSchema | undefined {
  const inner = refs.resolve(schema);
  return inner && inner['items'] !== undefined ? (inner['items'] as JsonSchema) : undefined;
}
