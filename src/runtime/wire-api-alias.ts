// The api-alias style: answers are the records themselves, each object of a record with an apiAlias
// carrying it, and every request may name the fields to keep per apiAlias (`includes`, api-alias.ts).
import { applyIncludes, withApiAliases } from './api-alias.js';
import type { InterfaceMeta, ResponseMeta } from './interface-meta.js';
import { isObject, kindOf } from './json-kinds.js';
import { STRING, counted, listItems, type JsonSchema, type Refs } from './wire-json-schema.js';
import type { ListResult, WireStyle } from './wire-styles.js';

export const apiAliasWire: WireStyle = {
  accept: 'application/json',
  negotiated: false,
  countsEnvelopedLists: false,
  takesIncludes: true,
  handedIn: false,
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
  envelopeProblem(meta, response, body) {
    if (response.list && Array.isArray(body)) return undefined;
    // api-alias answers are plain JSON: one that is not a record (a count, a string) needs no object.
    if (response.record === undefined && !response.total) return undefined;
    if (!isObject(body)) return `expected a JSON object, got ${kindOf(body)}`;
    const alias = response.record === undefined ? undefined : meta.records[response.record]?.apiAlias;
    if (alias === undefined || response.list || body['apiAlias'] === alias) return undefined;
    return `"apiAlias" is ${JSON.stringify(body['apiAlias'])}, not "${alias}"`;
  },
  unwrap: ({ body }) => withoutApiAlias(body),
};

/** The api-alias body: a list with a total keeps its {items, total} wrapper, without an apiAlias of its own. */
function aliasedBody(meta: InterfaceMeta, response: ResponseMeta, record: string, result: unknown): unknown {
  if (!response.total) return withApiAliases(meta, record, result);
  const list = result as ListResult<unknown>;
  return { items: withApiAliases(meta, record, list.items), total: list.total };
}

function withoutApiAlias(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutApiAlias);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'apiAlias')
      .map(([key, item]) => [key, withoutApiAlias(item)]),
  );
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
