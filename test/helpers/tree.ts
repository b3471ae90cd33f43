// Temporary folders and whole trees as tests compare them: every file listed, every file hashed.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/** A fresh folder in the OS temp dir. */
export function tempDir(prefix = 'svcgen-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Every file under `dir` ("/"-separated relative path), sorted by code point; [] when it does not exist. */
export async function listTree(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Relative path → sha256 of the bytes, for every file under `dir` (an empty object when it does not exist). */
export async function hashTree(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const path of await listTree(dir))
    hashes[path] = createHash('sha256')
      .update(await readFile(join(dir, path)))
      .digest('hex');
  return hashes;
}
