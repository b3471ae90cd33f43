// What each output file looked like on disk (size, times, inode) when svcgen last knew its content
// hash, so a no-op run can trust a file whose stat is unchanged instead of reading and hashing it,
// as git's index does. Kept in the cache folder, one small file per output folder.
//
// A file changed within the timestamp granularity of the moment its stat was recorded could keep
// the same stat ("racy" in git's words), so an entry counts only when the file's ctime is strictly
// older than the record itself; anything else is hashed. Any change to a file's content moves its
// ctime, and no tool can set ctime back.
import type { BigIntStats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sha256 } from '../output/hash.js';
import { replaceFile } from '../output/replace-file.js';
import { seal, unseal } from '../output/sealed.js';

/** size, mtime, ctime (ns) and inode, as text so bigints survive JSON. */
type StatKey = string;

interface StoredStats {
  readonly outDir: string;
  /** Output path → [content hash, stat key]. */
  readonly files: Readonly<Record<string, readonly [string, StatKey]>>;
}

export interface OutputStats {
  /** The content hash this file is known to have, or undefined when it must be read. */
  knownHash(path: string, stat: FileStat): string | undefined;
}

export interface FileStat {
  readonly key: StatKey;
  readonly ctimeNs: bigint;
}

/** What a file's stat must still be for a recorded hash to hold (also for svcgen's code, src/version.ts). */
export function statKeyOf(found: BigIntStats): StatKey {
  return `${found.size}:${found.mtimeNs}:${found.ctimeNs}:${found.ino}`;
}

export async function statFile(file: string): Promise<FileStat | undefined> {
  try {
    const found = await stat(file, { bigint: true });
    if (!found.isFile()) return undefined;
    return { key: statKeyOf(found), ctimeNs: found.ctimeNs };
  } catch {
    return undefined;
  }
}

export async function readOutputStats(cacheDir: string, outDir: string): Promise<OutputStats> {
  const file = statsFile(cacheDir, outDir);
  try {
    const [text, recorded] = await Promise.all([readFile(file, 'utf8'), stat(file, { bigint: true })]);
    // A record that fails its digest (sealed.ts) is damaged: every file is hashed instead.
    const stored = JSON.parse(unseal(text) ?? 'null') as Partial<StoredStats> | null;
    if (stored === null) return NOTHING_KNOWN;
    if (stored.outDir !== resolve(outDir) || typeof stored.files !== 'object' || stored.files === null)
      return NOTHING_KNOWN;
    const files = stored.files;
    return {
      knownHash(path, current) {
        const entry = Object.hasOwn(files, path) ? files[path] : undefined;
        return entry && entry[1] === current.key && current.ctimeNs < recorded.mtimeNs ? entry[0] : undefined;
      },
    };
  } catch {
    return NOTHING_KNOWN;
  }
}

/** Records the stat of every listed file, whose content hash the caller knows. */
export async function writeOutputStats(
  cacheDir: string,
  outDir: string,
  hashes: Readonly<Record<string, string>>,
): Promise<void> {
  try {
    const files: Record<string, readonly [string, StatKey]> = {};
    await Promise.all(
      Object.entries(hashes).map(async ([path, hash]) => {
        const found = await statFile(join(outDir, path));
        if (found) files[path] = [hash, found.key];
      }),
    );
    await replaceFile(
      statsFile(cacheDir, outDir),
      seal(JSON.stringify({ outDir: resolve(outDir), files } satisfies StoredStats)),
    );
  } catch {
    // A record that cannot be written only costs speed: the next no-op run hashes the files.
  }
}

const NOTHING_KNOWN: OutputStats = { knownHash: () => undefined };

function statsFile(cacheDir: string, outDir: string): string {
  return join(cacheDir, 'output-stats', `${sha256(resolve(outDir)).slice(0, 16)}.json`);
}
