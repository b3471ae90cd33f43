// memo() remembers only within the store a run puts in effect (withMemoStore): each run has its
// own, also when runs overlap in one process, and with none in effect it just computes.
import { describe, expect, it } from 'vitest';
import { memo, withMemoStore, type MemoStore, type MemoValue } from '../../src/emitters/shared/memo.js';

const store = (): MemoStore & { entries: Map<string, MemoValue> } => {
  const entries = new Map<string, MemoValue>();
  return { entries, get: (key) => entries.get(key), set: (key, value) => void entries.set(key, value) };
};

describe('memo', () => {
  it('computes once per input within a store, and every time without one', () => {
    let calls = 0;
    const render = () => `text ${++calls}`;
    const run = store();
    const results = withMemoStore(run, () => [
      memo('k', { a: 1 }, render),
      memo('k', { a: 1 }, render),
      memo('k', { a: 2 }, render),
      memo('other', { a: 1 }, render),
    ]);
    expect(results).toEqual(['text 1', 'text 1', 'text 2', 'text 3']);
    expect(run.entries.size).toBe(3);
    expect([memo('k', { a: 1 }, render), memo('k', { a: 1 }, render)]).toEqual(['text 4', 'text 5']);
    expect(withMemoStore(undefined, () => memo('k', { a: 1 }, render))).toBe('text 6');
  });

  it('keeps overlapping runs apart across awaits', async () => {
    const [first, second] = [store(), store()];
    const step = async (name: string) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return memo('part', name, () => name);
    };
    await Promise.all([
      withMemoStore(first, async () => [await step('a'), await step('b')]),
      withMemoStore(undefined, async () => [await step('c'), await step('d')]),
      withMemoStore(second, async () => [await step('e')]),
    ]);
    expect([...first.entries.values()]).toEqual(['a', 'b']);
    expect([...second.entries.values()]).toEqual(['e']);
  });
});
