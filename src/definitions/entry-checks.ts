// Checks definition entries against the schema (validate-by-entry.ts says what an entry is). Loads
// zod: the emitter worker loads this module while the main thread parses the definitions.
import { DefinitionFileSchema, RecordSchema, RouteSchema } from './schema.js';
import type { EntryToCheck } from './validate-by-entry.js';

const SCHEMAS = { file: DefinitionFileSchema, records: RecordSchema, routes: RouteSchema } as const;

/** Whether each entry is valid. */
export function checkEntries(entries: readonly EntryToCheck[]): boolean[] {
  return entries.map(({ kind, input }) => SCHEMAS[kind].safeParse(input).success);
}
