// Valid files checked entry by entry: each file's records and routes one by one, and the rest of
// the file (its shell) as one more entry, each result remembered by its content
// (src/emitters/shared/memo.ts), so a run after one entity changed checks just that entity again.
// The result is what checking the whole file gives: the schema has no defaults or transforms, a
// map's entries are checked independently, and zod writes an object's keys in the schema's order,
// where records and routes come last. Anything invalid gives undefined; the whole-file check then
// reports it, with locations.
//
// Checking needs zod, which takes longer to load than a rerun spends on everything else before
// the IR: this module only looks up what is remembered, and hands the entries it lacks, from all
// files at once, to a checker (entry-checks.ts: on the emitter worker, which has it loaded, or
// here). A run that finds every entry remembered checks nothing.
import { memoKey, recall, remember, type MemoValue } from '../emitters/shared/memo.js';
import type { DefinitionFile } from './schema.js';
import { isName } from './schema-values.js';

/** What an entry is checked against: the file's shell (DefinitionFileSchema), or a record or a route. */
export type EntryKind = 'file' | 'records' | 'routes';

export interface EntryToCheck {
  readonly kind: EntryKind;
  readonly input: unknown;
}

/**
 * Each entry's checked value, or null when it is invalid. validateByEntry asks once, even with no
 * entries, so a checker on another thread knows when the asking is over.
 */
export type EntryChecker = (entries: readonly EntryToCheck[]) => Promise<readonly (MemoValue | null)[]>;

const ENTRY_MAPS = ['records', 'routes'] as const;

/** A file's entries, each with its result once known. */
interface FilePlan {
  readonly shell: Entry;
  readonly maps: readonly { readonly key: (typeof ENTRY_MAPS)[number]; readonly entries: readonly (readonly [name: string, entry: Entry])[] }[];
}

interface Entry extends EntryToCheck {
  readonly key: string | undefined;
  result: MemoValue | null | undefined;
}

/** Each value as a checked definition file, or undefined where the whole-file check must decide. */
export async function validateByEntry(values: readonly unknown[], check: EntryChecker): Promise<(DefinitionFile | undefined)[]> {
  const plans = values.map(planFile);
  const unknown = plans.flatMap((plan) => (plan ? entriesOf(plan).filter((entry) => entry.result === undefined) : []));
  const results = await check(unknown.map(({ kind, input }) => ({ kind, input })));
  unknown.forEach((entry, index) => {
    const result = results[index] ?? null;
    entry.result = result;
    if (entry.key !== undefined) remember(entry.key, result);
  });
  return plans.map((plan) => plan && assemble(plan));
}

function planFile(value: unknown): FilePlan | undefined {
  if (!isMapping(value)) return undefined;
  const { records, routes, ...shell } = value;
  const mapValues: Record<string, unknown> = { records, routes };
  const maps: FilePlan['maps'][number][] = [];
  for (const key of ENTRY_MAPS) {
    if (!(key in value)) continue;
    const map = mapValues[key];
    if (!isMapping(map)) return undefined;
    const names = Object.keys(map);
    if (!names.every(isName)) return undefined;
    maps.push({ key, entries: names.map((name) => [name, entryOf(key, map[name])] as const) });
  }
  return { shell: entryOf('file', shell), maps };
}

function entryOf(kind: EntryKind, input: unknown): Entry {
  const key = memoKey(`definitions/${kind}`, input);
  return { kind, input, key, result: key === undefined ? undefined : recall(key) };
}

function entriesOf(plan: FilePlan): Entry[] {
  return [plan.shell, ...plan.maps.flatMap((map) => map.entries.map(([, entry]) => entry))];
}

function assemble(plan: FilePlan): DefinitionFile | undefined {
  if (!isMapping(plan.shell.result)) return undefined;
  const checked: Record<string, unknown> = { ...plan.shell.result };
  for (const { key, entries } of plan.maps) {
    const map: Record<string, unknown> = {};
    for (const [name, entry] of entries) {
      if (entry.result === null || entry.result === undefined) return undefined;
      map[name] = entry.result;
    }
    checked[key] = map;
  }
  return checked as DefinitionFile;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks on this thread, loading zod on first use. */
export const checkHere: EntryChecker = async (entries) => (entries.length === 0 ? [] : (await import('./entry-checks.js')).checkEntries(entries));
