// The api-alias style, as a server sends it: every object of a record with an apiAlias carries it, and
// every request may name the fields to keep per apiAlias (`includes`, api-alias.ts).
import { applyIncludes, unionWithApiAliases, withApiAliases } from './api-alias.js';
import type { InterfaceMeta, ResponseMeta, UnionMeta } from '../../core/interface-meta.js';
import { STRING, counted, listItems, type JsonSchema, type Refs } from '../wire-json-schema.js';
import type { ServerWire } from '../wire-server-styles.js';
import type { ListResult } from '../wire-styles.js';

export const apiAliasServerWire: ServerWire = {
  emptyResponse: () => undefined,
  render(ctx, response, sent) {
    const aliased = aliasedBody(ctx.meta, response, sent);
    // Records keep their apiAlias without an envelope too, as the OpenAPI document describes them.
    return {
      contentType: 'application/json; charset=utf-8',
      body: response.envelope ? applyIncludes(aliased, ctx.includes) : aliased,
    };
  },
  responseBodySchema({ meta, response }, value, defs, refs) {
    // With or without an envelope. includes may leave out any member of an object with an apiAlias:
    // presence was judged before.
    const items = listItems(value, refs) ?? value;
    if (response.record) addApiAliases(meta, response.record, items, refs);
    if (response.union) addUnionApiAliases(meta, response.union, items, refs);
    dropRequired(value, new Set());
    for (const def of Object.values(defs)) dropRequired(def, new Set());
    return response.total ? counted(value) : value;
  },
};

/**
 * The api-alias body: its records (or the record variants of its union) with their apiAlias; a list with a total
 * keeps its {items, total} wrapper, without an apiAlias of its own.
 */
function aliasedBody(meta: InterfaceMeta, response: ResponseMeta, result: unknown): unknown {
  const { record, union } = response;
  const aliased = (value: unknown) =>
    record !== undefined
      ? withApiAliases(meta, record, value)
      : union
        ? unionWithApiAliases(meta, union, value)
        : value;
  if (!response.total) return aliased(result);
  const list = result as ListResult<unknown>;
  return { items: aliased(list.items), total: list.total };
}

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
