// A definitions file stays under svcgen's size limit (SVC003): when an import is larger, its records
// move to files of their own (`<name>-records-1`, …), and references to them name their file; when the
// interface's file is still too large, its routes move to files of routes (`<name>-routes-1`, …,
// each `routesOf: <name>`), where record references read as in the interface's file.
import type { DefinitionFile } from '../definitions/schema.js';
import { MAX_FILE_BYTES } from '../definitions/limits.js';
import { isMapping } from '../definitions/schema-values.js';

/** Room left in each file for the header and YAML's indentation beyond JSON's size. */
const BUDGET = Math.floor(MAX_FILE_BYTES * 0.6);

export function splitDefinitions(file: DefinitionFile): DefinitionFile[] {
  const [main, ...recordFiles] = splitRecords(file);
  return [...splitRoutes(main as DefinitionFile), ...recordFiles];
}

function splitRecords(file: DefinitionFile): DefinitionFile[] {
  const records = Object.entries(file.records ?? {});
  if (JSON.stringify(file).length <= BUDGET || records.length === 0) return [file];
  const chunks = chunked(records);
  const home = new Map<string, string>();
  const names = chunks.map((_, index) => `${file.name}-records-${index + 1}`);
  chunks.forEach((chunk, index) => chunk.forEach(([record]) => home.set(record, names[index] as string)));
  const { records: _records, ...main } = file;
  return [
    qualify(main, file.name, home),
    ...chunks.map((chunk, index) =>
      qualify({ name: names[index] as string, records: Object.fromEntries(chunk) }, names[index] as string, home),
    ),
  ];
}

/** The interface's file without routes, then its routes in files of their own, when it is too large. */
function splitRoutes(file: DefinitionFile): DefinitionFile[] {
  const routes = Object.entries(file.routes ?? {});
  if (JSON.stringify(file).length <= BUDGET || routes.length === 0) return [file];
  const { routes: _routes, ...main } = file;
  return [
    main,
    ...chunked(routes).map((chunk, index) => ({
      name: `${file.name}-routes-${index + 1}`,
      routesOf: file.name,
      routes: Object.fromEntries(chunk),
    })),
  ];
}

/** Entries in runs of at most BUDGET bytes of JSON each (an entry larger than that alone in its run). */
function chunked<T>(entries: readonly [string, T][]): [string, T][][] {
  const chunks: [string, T][][] = [[]];
  let size = 0;
  for (const entry of entries) {
    const bytes = JSON.stringify(entry).length;
    if (size + bytes > BUDGET && (chunks.at(-1) as unknown[]).length > 0) {
      chunks.push([]);
      size = 0;
    }
    (chunks.at(-1) as [string, T][]).push(entry);
    size += bytes;
  }
  return chunks;
}
/** The file with each record reference to another file written `<file>.<record>`. */
function qualify<T>(value: T, here: string, home: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((entry) => qualify(entry, here, home)) as T;
  if (!isMapping(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) result[key] = qualify(entry, here, home);
  if (typeof result.record === 'string' && (result.type === 'record' || result.kind !== undefined)) {
    const target = home.get(result.record);
    if (target !== undefined && target !== here) result.record = `${target}.${result.record}`;
  }
  return result as T;
}
