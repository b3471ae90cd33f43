// Store-style responses: every object of a record with an apiAlias carries it, and the request's
// `includes` keeps only the listed fields of objects with a given apiAlias, on every route.
import { BadRequest } from '../../core/errors.js';
import type { InterfaceMeta, UnionMeta } from '../../core/interface-meta.js';
import { variantRecord } from '../../core/union-variant.js';
import { INCLUDES_MEMBER } from './wire-api-alias.js';

type Plain = Record<string, unknown>;
export type Includes = Readonly<Record<string, readonly string[]>>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function withApiAliases(meta: InterfaceMeta, recordName: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withApiAliases(meta, recordName, item));
  if (!isPlain(value)) return value;
  const record = meta.records[recordName];
  if (!record) return value;
  const out: Plain = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    const nested = record.nested[field];
    const union = record.unions?.[field];
    out[field] = nested
      ? withApiAliases(meta, nested, fieldValue)
      : union
        ? unionWithApiAliases(meta, union, fieldValue)
        : fieldValue;
  }
  if (record.apiAlias !== undefined) out['apiAlias'] = record.apiAlias;
  return out;
}

/** A union's value (or a list of them) with the apiAlias of the record variant it is, when it is one. */
export function unionWithApiAliases(meta: InterfaceMeta, union: UnionMeta, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => unionWithApiAliases(meta, union, item));
  const record = variantRecord(union, value);
  return record === undefined ? value : withApiAliases(meta, record, value);
}

export function applyIncludes(value: unknown, includes: Includes | undefined): unknown {
  if (!includes || Object.keys(includes).length === 0) return value;
  if (Array.isArray(value)) return value.map((item) => applyIncludes(item, includes));
  if (!isPlain(value)) return value;
  const alias = typeof value['apiAlias'] === 'string' ? value['apiAlias'] : undefined;
  const keep =
    alias !== undefined && Object.hasOwn(includes, alias)
      ? new Set([...(includes[alias] ?? []), 'apiAlias'])
      : undefined;
  const out: Plain = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (keep && !keep.has(field)) continue;
    out[field] = applyIncludes(fieldValue, includes);
  }
  return out;
}

/**
 * The request's includes: the `includes` member of the JSON body (a GET may carry one), else the
 * query, written includes[<apiAlias>][]=<field> or as JSON text in one parameter. A value of
 * another shape is a 400 naming the parameter.
 */
export function requestIncludes(body: unknown, query: unknown): Includes | undefined {
  const fromBody = isPlain(body) ? body[INCLUDES_MEMBER] : undefined;
  if (fromBody !== undefined) return includesValue(fromBody);
  if (query === undefined) return undefined;
  return includesValue(typeof query === 'string' ? parseJsonText(query) : query);
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidIncludes('it is neither includes[<apiAlias>][]=<field> nor JSON text');
  }
}

function includesValue(value: unknown): Includes {
  if (!isPlain(value)) throw invalidIncludes('it must map each apiAlias to a list of field names');
  const entries = Object.entries(value).map(([alias, fields]): [string, string[]] => {
    if (!Array.isArray(fields) || !fields.every((field) => typeof field === 'string'))
      throw invalidIncludes(`includes[${alias}] must be a list of field names`);
    return [alias, fields];
  });
  return Object.fromEntries(entries);
}

function invalidIncludes(why: string): BadRequest {
  return new BadRequest({ params: { name: INCLUDES_MEMBER }, detail: `The parameter "includes" is invalid: ${why}.` });
}
