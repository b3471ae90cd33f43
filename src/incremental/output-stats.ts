// What each output file looked like on disk (size, times, inode) when svcgen last knew its content
// hash, so a no-op run can trust a file whose stat is unchanged instead of reading and hashing it,
// as git's index does. Kept in the cache folder, one small file per output folder.
//
// A file changed within the timestamp granularity of the moment its stat was recorded could keep
// the same stat ("racy" in git's words), so an entry counts only when the file's ctime is strictly
// older than the record itself; anything else is hashed. Any change to a file's content moves its
// ctime, and no tool can set ctime back.
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { KnownUnchanged } from '../output/write.js';
import { statKey } from './noop-stamp.js';
import { outDirRecordFile, readRecord, writeRecord } from '../output/sealed.js';

interface StoredStats {
  readonly outDir: string;
  /** Output path → [content hash, stat key (noop-stamp.ts's statKey)]. */
  readonly files: Readonly<Record<string, readonly [string, string]>>;
}

/** Synchronous: an asynchronous stat (a trip through libuv's thread pool) costs several times the stat. */
function statFile(file: string): { key: string; ctimeNs: bigint } | undefined {
  try {
    const found = statSync(file, { bigint: true });
    if (!found.isFile()) return undefined;
    return { key: statKey(found), ctimeNs: found.ctimeNs };
  } catch {
    return undefined;
  }
}

/** Tells whether an output file holds a hash by its recorded stat alone (where it cannot, the file is read). */
export async function readOutputStats(cacheDir: string, outDir: string): Promise<KnownUnchanged> {
  const file = statsFile(cacheDir, outDir);
  // A record that fails its digest (sealed.ts) is damaged: every file is hashed instead.
  const [stored, recorded] = await Promise.all([
    readRecord(file) as Promise<Partial<StoredStats> | undefined>,
    stat(file, { bigint: true }).catch(() => undefined),
  ]);
  const files = recorded && stored?.outDir === resolve(outDir) ? stored.files : undefined;
  if (!recorded || typeof files !== 'object' || files === null) return async () => false;
  return async (path, hash) => {
    const entry = Object.hasOwn(files, path) ? files[path] : undefined;
    const found = entry && statFile(join(outDir, path));
    return found !== undefined && entry?.[0] === hash && entry[1] === found.key && found.ctimeNs < recorded.mtimeNs;
  };
}

/** Records the stat of every listed file, whose content hash the caller knows. */
export async function writeOutputStats(
  cacheDir: string,
  outDir: string,
  hashes: Readonly<Record<string, string>>,
): Promise<void> {
  const files: Record<string, readonly [string, string]> = {};
  for (const [path, hash] of Object.entries(hashes)) {
    const found = statFile(join(outDir, path));
    if (found) files[path] = [hash, found.key];
  }
  // A record that cannot be written only costs speed: the next no-op run hashes the files.
  await writeRecord(statsFile(cacheDir, outDir), { outDir: resolve(outDir), files } satisfies StoredStats);
}

function statsFile(cacheDir: string, outDir: string): string {
  return outDirRecordFile(cacheDir, 'output-stats', outDir);
}
