// The statement print cache on disk: one JSON file in the cache folder, valid only for the
// generator that wrote it (a changed printer must never reuse old layouts). An unreadable or
// malformed file is ignored: the cache only ever costs speed.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const FILE = 'printed-statements.json';

interface StoredCache {
  readonly generator: string;
  readonly entries: readonly (readonly [string, string])[];
}

export async function readPrintCache(cacheDir: string, generator: string): Promise<(readonly [string, string])[]> {
  try {
    const stored = JSON.parse(await readFile(join(cacheDir, FILE), 'utf8')) as Partial<StoredCache>;
    if (stored.generator !== generator || !Array.isArray(stored.entries)) return [];
    return stored.entries.filter((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string');
  } catch {
    return [];
  }
}

export async function writePrintCache(cacheDir: string, generator: string, entries: readonly (readonly [string, string])[]): Promise<void> {
  const target = join(cacheDir, FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(temporary, JSON.stringify({ generator, entries } satisfies StoredCache));
    await rename(temporary, target);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}
