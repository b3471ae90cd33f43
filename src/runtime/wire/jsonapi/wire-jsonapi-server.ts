// The json:api style, as a server sends it: jsonapi.ts renders the documents (the generated server
// hands it in, so that only json:api outputs hold it); here are their serialization schemas.
import type { InterfaceMeta, RecordMeta, UnionMeta } from '../../core/interface-meta.js';
import {
  ANY_LIST,
  COUNT,
  STRING,
  allowsNull,
  counted,
  listItems,
  object,
  orNull,
  withOtherMembers,
  type JsonSchema,
  type Refs,
} from '../wire-json-schema.js';
import type { ResponseBodySchemaContext, ServerWire } from '../wire-server-styles.js';

export const jsonApiServerWire: ServerWire = {
  emptyResponse: () => undefined,
  render(ctx, response, sent) {
    if (!response.envelope) return { contentType: 'application/json; charset=utf-8', body: sent };
    if (!ctx.jsonApi) throw new Error(`${ctx.meta.name}: json:api rendering is missing`);
    return ctx.jsonApi(ctx, response, sent);
  },
  responseBodySchema(ctx, value, _defs, refs) {
    if (!ctx.response.envelope) return ctx.response.total ? counted(value) : value;
    return jsonApiDocumentSchema(ctx, value, refs);
  },
};

function jsonApiDocumentSchema(ctx: ResponseBodySchemaContext, value: JsonSchema, refs: Refs): JsonSchema {
  const { meta, response, representation } = ctx;
  const record = response.record;
  const items = response.list ? (listItems(value, refs) ?? {}) : value;
  if (response.union && representation !== 'plain') {
    const variants = unionResources(meta, response.union, items, refs);
    if (variants) return jsonApiUnionSchema(ctx, variants, refs);
  }
  const recordSchema = record ? refs.object(items) : undefined;
  if (representation === 'plain' || !record || !recordSchema) {
    if (record && recordSchema) relationsNullable(meta, record, recordSchema, refs);
    if (response.list) return object({ total: COUNT, data: value, aggregations: ANY_LIST }, ['total', 'data']);
    return object({ data: value });
  }
  const resources = new Resources(meta, refs);
  const included = { type: 'array', items: resources.included([{ record, schema: recordSchema }]) };
  return resourceDocument(response.list, resources.resource(record, recordSchema), included);
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
function jsonApiUnionSchema(
  ctx: ResponseBodySchemaContext,
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
  return resourceDocument(ctx.response.list, data, included);
}

/** The json:api document of one resource (or null) or, with links and counts, of a list of them. */
function resourceDocument(list: boolean, resource: JsonSchema, included: JsonSchema): JsonSchema {
  if (!list) return object({ data: orNull(resource), included, links: object({ self: STRING }) });
  return object(
    {
      data: { type: 'array', items: resource },
      included,
      links: object({ first: STRING, prev: STRING, next: STRING, last: STRING, self: STRING }),
      meta: object({ fetchCount: COUNT, total: COUNT }),
      aggregations: ANY_LIST,
    },
    ['data'],
  );
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

/** Plain json:api responses embed related records one level deep and set the rest of the relations to null. */
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
