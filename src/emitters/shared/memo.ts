// Results of pure rendering steps, remembered by a hash of their input, so a run after a small
// definition change redoes only the parts whose input changed. The store is seeded from disk by
// the caller (src/output/memo-file.ts) and what a run used is written back.
//
// The contract that keeps this correct: `compute` depends on nothing but `input` and svcgen's own
// code (the file on disk is valid only for the generator that wrote it). Whatever else shapes the
// result (a user's template, an option) goes into `input`. Results are JSON values, shared between
// callers: never mutate one.
import { hash } from 'node:crypto';

export type MemoValue = string | number | boolean | null | readonly MemoValue[] | { readonly [key: string]: MemoValue };
export type MemoEntry = readonly [key: string, value: MemoValue];

const seeded = new Map<string, MemoValue>();
const used = new Map<string, MemoValue>();
/** Off for a run without caches: nothing is hashed or kept. */
let enabled = true;

/** Starts a run: forgets the last run's entries and seeds these (read from disk), or turns memoising off. */
export function startMemo(entries: Iterable<MemoEntry> | 'off'): void {
  seeded.clear();
  used.clear();
  enabled = entries !== 'off';
  if (entries !== 'off') for (const [key, value] of entries) seeded.set(key, value);
}

/** Adds entries read later in the run (a share needed only from then on) to those startMemo seeded. */
export function seedMemo(entries: Iterable<MemoEntry>): void {
  if (enabled) for (const [key, value] of entries) seeded.set(key, value);
}

/** The entries this run computed or reused: what is worth keeping for the next one. */
export function usedMemo(): MemoEntry[] {
  return [...used];
}

/** `compute()`, or what it returned for the same kind and input before (a null result is computed again). */
export function memo<T extends MemoValue>(kind: string, input: unknown, compute: () => T): T {
  const key = memoKey(kind, input);
  if (key === undefined) return compute();
  const found = recall(key);
  if (found !== undefined) return found as T;
  const value = compute();
  remember(key, value);
  return value;
}

/**
 * memo() in steps, for results computed elsewhere (on another thread): the key of an input, or
 * undefined when memoising is off; then recall() finds its result, or remember() keeps it.
 */
export function memoKey(kind: string, input: unknown): string | undefined {
  // One-shot hash: a run makes thousands of keys, and a Hash object per key costs more than hashing.
  return enabled ? `${kind}:${hash('sha256', JSON.stringify(input))}` : undefined;
}

/** The key of an input known by a digest of everything it is made from (instead of its JSON). */
export function memoKeyOfDigest(kind: string, digest: string): string | undefined {
  return enabled ? `${kind}:${digest}` : undefined;
}

/** The result remembered under a key, kept for the next run too; undefined when there is none (or it was null). */
export function recall(key: string): Exclude<MemoValue, null> | undefined {
  const value = used.get(key) ?? seeded.get(key) ?? undefined;
  if (value !== undefined) used.set(key, value);
  return value;
}

/** Keeps a result under its key, for this run and (once saved) the next. */
export function remember(key: string, value: MemoValue): void {
  used.set(key, value);
}
