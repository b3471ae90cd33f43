// Store-style responses: every object of a record with an apiAlias carries it, and the request's
// `includes` keeps only the listed fields of objects with a given apiAlias.
import type { InterfaceMeta } from './interface-meta.js';

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
    out[field] = nested ? withApiAliases(meta, nested, fieldValue) : fieldValue;
  }
  if (record.apiAlias !== undefined) out['apiAlias'] = record.apiAlias;
  return out;
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
