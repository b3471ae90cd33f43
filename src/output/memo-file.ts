// The memo store on disk (src/emitters/shared/memo.ts): a JSON file in the cache folder per thread
// role, so the emitter worker reads and writes its own share itself, without copying it through
// the main thread. Valid only for the generator that wrote it (changed code must never reuse old
// results). An unreadable or malformed file is ignored: the cache only ever costs speed.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MemoEntry } from '../emitters/shared/memo.js';

/** Which thread's share: the main thread's, or the emitter worker's (src/emitters/run-emitters.ts). */
export type MemoRole = 'main' | 'worker';

/** Where a thread's share lives, and for which generator it is valid. */
export interface MemoLocation {
  readonly cacheDir: string;
  readonly generator: string;
}

const fileOf = (role: MemoRole) => `memo-${role}.json`;

interface StoredMemo {
  readonly generator: string;
  readonly entries: readonly MemoEntry[];
}

export async function readMemo({ cacheDir, generator }: MemoLocation, role: MemoRole): Promise<MemoEntry[]> {
  try {
    const stored = JSON.parse(await readFile(join(cacheDir, fileOf(role)), 'utf8')) as Partial<StoredMemo>;
    if (stored.generator !== generator || !Array.isArray(stored.entries)) return [];
    return stored.entries.filter((entry): entry is MemoEntry => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && entry[1] !== undefined);
  } catch {
    return [];
  }
}

export async function writeMemo({ cacheDir, generator }: MemoLocation, role: MemoRole, entries: readonly MemoEntry[]): Promise<void> {
  const target = join(cacheDir, fileOf(role));
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(temporary, JSON.stringify({ generator, entries } satisfies StoredMemo));
    await rename(temporary, target);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}
