// Many small parts of one file (its records, its routes) remembered in runs of a few rather than
// one by one: each remembered input costs a serialisation, a hash and a lookup, and a run of
// several parts costs about what one does. A run ends after a part whose name hashes to a
// multiple of RUN_SPLIT (or at RUN_MAX parts), so the runs depend on the parts' names, not their
// positions: adding or removing a part changes only the run it falls in.
import { memo, type MemoValue } from './memo.js';

const RUN_SPLIT = 8;
const RUN_MAX = 32;

/** The parts cut into runs (consecutive, in order). */
export function splitRuns<I>(items: readonly I[], nameOf: (item: I) => string): I[][] {
  const runs: I[][] = [];
  let run: I[] = [];
  for (const item of items) {
    run.push(item);
    if (run.length >= RUN_MAX || fnv1a(nameOf(item)) % RUN_SPLIT === 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** `items.map(compute)`, each run of items remembered by the run's items (JSON inputs). */
export function memoRuns<I, T extends MemoValue>(
  kind: string,
  items: readonly I[],
  nameOf: (item: I) => string,
  compute: (item: I) => T,
): T[] {
  return splitRuns(items, nameOf).flatMap((run) => memo(kind, run, () => run.map(compute)));
}

/** FNV-1a, 32 bits: a cheap, stable hash of a name. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}
