// Valid files checked entry by entry: each file's records and routes one by one, and the rest of
// the file (its shell) as one more entry, each verdict remembered by the entry's content in the
// run's cache (CheckMemo, given by src/incremental/), so a run after one entity changed checks just
// that entity again.
// A file whose entries all check out is valid as a whole: a map's entries are checked
// independently. It is then used as written. The schema has no defaults or transforms and no
// object that lets unknown keys through, so checking would change nothing but the order of an
// object's keys (zod writes the schema's), and building the IR reads an object's keys by name
// only (test/foundation/validate-by-entry.test.ts builds it from definitions whose objects have
// their keys reversed). Anything invalid gives undefined; the whole-file check then reports it,
// with locations.
//
// Checking needs zod, which takes longer to load than a rerun spends on everything else before
// the IR: this module only looks up what is remembered, and hands the entries it lacks, from all
// files at once, to a checker (checkHere). A run that finds every entry remembered checks nothing.
import { hash } from 'node:crypto';
import type { DefinitionFile } from './schema.js';
import { isMapping, NAME_PATTERN } from './schema-values.js';

export interface EntryToCheck {
  /** What the entry is checked against: the file's shell (DefinitionFileSchema), or a record or a route. */
  readonly kind: 'file' | 'records' | 'routes';
  readonly input: unknown;
}

/** Verdicts kept between runs, by a key of the entry's kind and content. */
export interface CheckMemo {
  get(key: string): unknown;
  set(key: string, value: true): void;
}

/** Whether each entry is valid. */
export type EntryChecker = (entries: readonly EntryToCheck[]) => Promise<readonly boolean[]>;

interface Entry extends EntryToCheck {
  readonly key: string | undefined;
  valid: boolean | undefined;
}

/** Each value as a valid definition file, or undefined where the whole-file check must decide. */
export async function validateByEntry(
  values: readonly unknown[],
  check: EntryChecker,
  remembered?: CheckMemo,
): Promise<(DefinitionFile | undefined)[]> {
  const plans = values.map((value) => entriesOf(value, remembered));
  const unknown = plans.flatMap((entries) => (entries ?? []).filter((entry) => entry.valid === undefined));
  const verdicts = unknown.length === 0 ? [] : await check(unknown.map(({ kind, input }) => ({ kind, input })));
  unknown.forEach((entry, index) => {
    entry.valid = verdicts[index] === true;
    // Only a valid entry is remembered: an invalid one is reported by the whole-file check.
    if (entry.valid && entry.key !== undefined) remembered?.set(entry.key, true);
  });
  return values.map((value, index) =>
    plans[index]?.every((entry) => entry.valid) ? (value as DefinitionFile) : undefined,
  );
}

/**
 * The file's shell and its records and routes, each with its verdict if remembered; undefined when its form rules it
 * out.
 */
function entriesOf(value: unknown, remembered: CheckMemo | undefined): Entry[] | undefined {
  if (!isMapping(value)) return undefined;
  const { records, routes, ...shell } = value;
  const entries = [entryOf('file', shell, remembered)];
  for (const kind of ['records', 'routes'] as const) {
    if (!(kind in value)) continue;
    const map = kind === 'records' ? records : routes;
    if (!isMapping(map)) return undefined;
    for (const [name, entry] of Object.entries(map)) {
      if (!NAME_PATTERN.test(name)) return undefined;
      entries.push(entryOf(kind, entry, remembered));
    }
  }
  return entries;
}

/** Without a memo (a run without caches), nothing is hashed. */
function entryOf(kind: EntryToCheck['kind'], input: unknown, remembered: CheckMemo | undefined): Entry {
  const key = remembered && `definitions/${kind}:${hash('sha256', JSON.stringify(input))}`;
  return { kind, input, key, valid: key !== undefined && remembered?.get(key) === true ? true : undefined };
}

/** Checks on this thread, loading zod (with the schema) on first use. */
export const checkHere: EntryChecker = async (entries) => {
  const { DefinitionFileSchema, RecordSchema, RouteSchema } = await import('./schema.js');
  const schemas = { file: DefinitionFileSchema, records: RecordSchema, routes: RouteSchema };
  return entries.map(({ kind, input }) => schemas[kind].safeParse(input).success);
};
