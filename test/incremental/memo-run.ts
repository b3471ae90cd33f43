// A run's memo store for tests that call emitters directly: what the last run kept (`seed`), and
// what this one uses, as src/incremental/disk-cache.ts keeps them.
import { withMemoStore, type MemoValue } from '../../src/emitters/shared/memo.js';

export type MemoEntry = readonly [key: string, value: MemoValue];

/** `step` with a store seeded from `seed` in effect; its result and the entries it used. */
export async function withSeededMemo<T>(
  seed: readonly MemoEntry[],
  step: () => T | Promise<T>,
): Promise<{ result: T; used: MemoEntry[] }> {
  const seeded = new Map(seed);
  const used = new Map<string, MemoValue>();
  const store = {
    get: (key: string) => {
      const value = used.get(key) ?? seeded.get(key);
      if (value !== undefined) used.set(key, value);
      return value;
    },
    set: (key: string, value: MemoValue) => void used.set(key, value),
  };
  const result = await withMemoStore(store, step);
  return { result, used: [...used] };
}
