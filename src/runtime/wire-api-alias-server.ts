// The api-alias style, as a server sends it: every object of a record with an apiAlias carries it, and
// every request may name the fields to keep per apiAlias (`includes`, api-alias.ts).
import { applyIncludes, withApiAliases } from './api-alias.js';
import type { InterfaceMeta, ResponseMeta } from './interface-meta.js';
import { STRING, counted, listItems, type JsonSchema, type Refs } from './wire-json-schema.js';
import type { ServerWire } from './wire-server-styles.js';
import type { ListResult } from './wire-styles.js';

export const apiAliasServerWire: ServerWire = {
  emptyAnswer: () => undefined,
  render(ctx, response, sent) {
    const aliased = response.record !== undefined ? aliasedBody(ctx.meta, response, response.record, sent) : sent;
    // Records keep their apiAlias without an envelope too, as the OpenAPI document describes them.
    return {
      contentType: 'application/json; charset=utf-8',
      body: response.envelope ? applyIncludes(aliased, ctx.includes) : aliased,
    };
  },
  answerSchema({ meta, response }, value, defs, refs) {
    // With or without an envelope. includes may leave out any member of an object with an apiAlias:
    // presence was judged before.
    if (response.record) addApiAliases(meta, response.record, listItems(value, refs) ?? value, refs);
    dropRequired(value, new Set());
    for (const def of Object.values(defs)) dropRequired(def, new Set());
    return response.total ? counted(value) : value;
  },
};

/** The api-alias body: a list with a total keeps its {items, total} wrapper, without an apiAlias of its own. */
function aliasedBody(meta: InterfaceMeta, response: ResponseMeta, record: string, result: unknown): unknown {
  if (!response.total) return withApiAliases(meta, record, result);
  const list = result as ListResult<unknown>;
  return { items: withApiAliases(meta, record, list.items), total: list.total };
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
}

function dropRequired(schema: unknown, seen: Set<unknown>): void {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
  seen.add(schema);
  if (!Array.isArray(schema)) delete (schema as JsonSchema)['required'];
  for (const value of Object.values(schema)) dropRequired(value, seen);
}
