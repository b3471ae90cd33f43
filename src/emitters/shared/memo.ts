// Results of pure rendering steps, remembered by a hash of their input, so a run after a small
// definition change redoes only the parts whose input changed. Emitters call memo() and never see
// where results are kept: the run's cache (src/incremental/) puts its store in effect for the
// emit step only (withMemoStore), so two runs in one process, overlapping or not, each use their
// own; with no store in effect (--no-cache), memo() just computes.
//
// The contract that keeps this correct: `compute` depends on nothing but `input` and svcgen's own
// code (a store on disk is valid only for the generator that wrote it). Whatever else shapes the
// result (a user's template, an option) goes into `input`. Results are JSON values, shared between
// callers: never mutate one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { hash } from 'node:crypto';

export type MemoValue = string | number | boolean | null | readonly MemoValue[] | { readonly [key: string]: MemoValue };

/** Where one run keeps remembered results, by key (memoKey). */
export interface MemoStore {
  get(key: string): MemoValue | undefined;
  set(key: string, value: MemoValue): void;
}

/** The store of the run whose emit step is running here (an async context, not a global). */
const runStore = new AsyncLocalStorage<MemoStore>();

/** Runs `step` with `store` in effect for every memo() call it makes, awaited ones too. */
export function withMemoStore<T>(store: MemoStore | undefined, step: () => T): T {
  return store ? runStore.run(store, step) : step();
}

/** `compute()`, or what it returned for the same kind and input before (a null result is computed again). */
export function memo<T extends MemoValue>(kind: string, input: unknown, compute: () => T): T {
  const store = runStore.getStore();
  if (!store) return compute();
  const key = memoKey(kind, input);
  const found = store.get(key);
  if (found !== undefined && found !== null) return found as T;
  const value = compute();
  store.set(key, value);
  return value;
}

/** The key of an input: its kind and a hash of its JSON (one-shot: a run makes thousands). */
export function memoKey(kind: string, input: unknown): string {
  return `${kind}:${hash('sha256', JSON.stringify(input))}`;
}
