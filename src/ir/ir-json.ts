// The IR as JSON text, for the emitter worker. The IR is plain data apart from its table of
// records, which is rebuilt from the modules; one JSON.parse costs about half of what cloning
// the IR's thousands of small objects does (structured clone), on the critical path of a run.
import type { Ir, ModuleIr, RecordIr } from './types.js';

/** Every record of the modules, by key: Ir['records']. */
export function recordsByKey(modules: readonly ModuleIr[]): Map<string, RecordIr> {
  const records = new Map<string, RecordIr>();
  for (const module of modules) for (const record of module.records) records.set(record.key, record);
  return records;
}

export function irToJson(ir: Ir): string {
  return JSON.stringify(ir.modules);
}

export function irFromJson(text: string): Ir {
  const modules = JSON.parse(text) as ModuleIr[];
  return { modules, records: recordsByKey(modules) };
}
