// The memo store on disk (src/emitters/shared/memo.ts): one JSON file in the cache folder, valid
// only for the generator that wrote it (changed code must never reuse old results). An unreadable
// or malformed file is ignored: the cache only ever costs speed.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MemoEntry } from '../emitters/shared/memo.js';

const FILE = 'memo.json';

interface StoredMemo {
  readonly generator: string;
  readonly entries: readonly MemoEntry[];
}

export async function readMemo(cacheDir: string, generator: string): Promise<MemoEntry[]> {
  try {
    const stored = JSON.parse(await readFile(join(cacheDir, FILE), 'utf8')) as Partial<StoredMemo>;
    if (stored.generator !== generator || !Array.isArray(stored.entries)) return [];
    return stored.entries.filter((entry): entry is MemoEntry => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && entry[1] !== undefined);
  } catch {
    return [];
  }
}

export async function writeMemo(cacheDir: string, generator: string, entries: readonly MemoEntry[]): Promise<void> {
  const target = join(cacheDir, FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(temporary, JSON.stringify({ generator, entries } satisfies StoredMemo));
    await rename(temporary, target);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}
