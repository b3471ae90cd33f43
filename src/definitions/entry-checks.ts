// Checks definition entries against the schema (validate-by-entry.ts says what an entry is). Loads
// zod: the emitter worker loads this module while the main thread parses the definitions.
import type { MemoValue } from '../emitters/shared/memo.js';
import { DefinitionFileSchema, RecordSchema, RouteSchema } from './schema.js';
import type { EntryToCheck } from './validate-by-entry.js';

const SCHEMAS = { file: DefinitionFileSchema, records: RecordSchema, routes: RouteSchema } as const;

/** Each entry's checked value, or null when it is invalid. */
export function checkEntries(entries: readonly EntryToCheck[]): (MemoValue | null)[] {
  return entries.map(({ kind, input }) => {
    const result = SCHEMAS[kind].safeParse(input);
    return result.success ? (result.data as unknown as MemoValue) : null;
  });
}
