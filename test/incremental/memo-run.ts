// Emitted files assembled with a memo store for tests that call emitters directly: what the last
// run kept (`seed`), and what this one uses, as src/incremental/disk-cache.ts keeps them.
import type { EmittedFile, GeneratedFile } from '../../src/emitters/contract.js';
import type { PartValue } from '../../src/emitters/parts.js';
import { assembleFiles } from '../../src/incremental/render-parts.js';

export type MemoEntry = readonly [key: string, value: PartValue];

/** The files `emit` makes, assembled with a store seeded from `seed`; and the entries the run used. */
export async function emitSeeded(
  seed: readonly MemoEntry[],
  emit: () => EmittedFile[] | Promise<EmittedFile[]>,
): Promise<{ files: GeneratedFile[]; used: MemoEntry[] }> {
  const seeded = new Map(seed);
  const used = new Map<string, PartValue>();
  const store = {
    get: (key: string) => {
      const value = used.get(key) ?? seeded.get(key);
      if (value !== undefined) used.set(key, value);
      return value;
    },
    set: (key: string, value: PartValue) => void used.set(key, value),
  };
  const files = assembleFiles(await emit(), store);
  return { files, used: [...used] };
}

/** The files `emit` makes, assembled without a store. */
export async function emitWhole(emit: () => EmittedFile[] | Promise<EmittedFile[]>): Promise<GeneratedFile[]> {
  return assembleFiles(await emit(), undefined);
}
