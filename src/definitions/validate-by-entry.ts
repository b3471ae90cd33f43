// A valid file checked entry by entry: each record and route on its own, remembered by its
// content (src/emitters/shared/memo.ts), so a run after one entity changed checks just that
// entity again. The result is what checking the whole file gives: the schema has no defaults or
// transforms, a map's entries are checked independently, and zod writes an object's keys in the
// schema's order, where records and routes come last. Anything invalid gives undefined; the
// whole-file check then reports it, with locations.
import { memo, type MemoValue } from '../emitters/shared/memo.js';
import { DefinitionFileSchema, NameSchema, RecordSchema, RouteSchema, type DefinitionFile } from './schema.js';

const ENTRY_MAPS = [
  ['records', RecordSchema],
  ['routes', RouteSchema],
] as const;

export function validateByEntry(value: unknown): DefinitionFile | undefined {
  if (!isMapping(value)) return undefined;
  const { records, routes, ...rest } = value;
  const shell = DefinitionFileSchema.safeParse(rest);
  if (!shell.success) return undefined;
  const checked: Record<string, unknown> = { ...shell.data };
  const maps: Record<string, unknown> = { records, routes };
  for (const [key, schema] of ENTRY_MAPS) {
    if (!(key in value)) continue;
    const entries = checkEntries(maps[key], key, (entry) => schema.safeParse(entry));
    if (!entries) return undefined;
    checked[key] = entries;
  }
  return checked as DefinitionFile;
}

function checkEntries(entries: unknown, kind: string, check: (entry: unknown) => { success: boolean; data?: unknown }): Record<string, unknown> | undefined {
  if (!isMapping(entries)) return undefined;
  const checked: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(entries)) {
    if (!NameSchema.safeParse(name).success) return undefined;
    const result = memo(`definitions/${kind}`, entry, () => {
      const outcome = check(entry);
      return outcome.success ? (outcome.data as MemoValue) : null;
    });
    if (result === null) return undefined;
    checked[name] = result;
  }
  return checked;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
