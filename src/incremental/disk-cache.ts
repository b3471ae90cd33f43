// The RunCache of a run with caches (src/incremental/run-cache.ts), kept in the project's
// node_modules/.cache/svcgen: the memo store (memo-file.ts), and per output folder the record of
// the last run (run-record.ts) and the stats of its files (output-stats.ts). Anything missing or
// damaged only costs speed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PartValue } from '../emitters/parts.js';
import { sha256 } from '../output/hash.js';
import { manifestText, readManifest } from '../output/manifest.js';
import { withOpenFile } from '../output/open-limit.js';
import type { KnownUnchanged } from '../output/write.js';
import { loadGeneratorFingerprint } from '../version.js';
import type { MemoEntry, MemoLocation } from './memo-file.js';
import { readOutputStats, writeOutputStats } from './output-stats.js';
import { buildRunRecord, readRunRecord, writeRunRecord } from './run-record.js';
import type { RunCache } from './run-cache.js';

/** The cache in `cacheDir` for a run into `outDir` (the folder really written). */
export async function diskCache(cacheDir: string, outDir: string): Promise<RunCache> {
  // Taken from a record of the code's stats when it still holds (version.ts): a no-op run reads no code.
  const generator = await loadGeneratorFingerprint(cacheDir);
  const location: MemoLocation = { cacheDir, generator };
  const lastRun = once(() => readRunRecord(cacheDir, outDir));
  const known = once(() => readOutputStats(cacheDir, outDir));
  // Imported only by a run that builds: a no-op run loads as few modules as it can.
  const memo = once(async () => runMemo(await (await import('./memo-file.js')).readMemo(location)));
  return {
    upToDate: async (inputs) => {
      const record = await lastRun();
      if (inputs.diagnostics.length > 0 || record?.inputHash !== inputs.hash || record.generator !== generator)
        return false;
      return outputHolds(cacheDir, outDir, record.files, await known());
    },
    memo,
    knownUnchanged: async (path, hash) => (await known())(path, hash),
    lastRun: async () => (await lastRun())?.files,
    save: async (inputs, files) => {
      const record = buildRunRecord(generator, inputs.hash, files);
      await Promise.all([
        (await memo()).save(location),
        writeOutputStats(cacheDir, outDir, record.files),
        writeRunRecord(cacheDir, outDir, record),
      ]);
    },
  };
}

/** `make()` on the first call; its promise on every call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** The memo store of one run: what earlier runs kept, and what this one used (all that is worth keeping). */
function runMemo(read: readonly MemoEntry[]) {
  const seeded = new Map(read);
  const used = new Map<string, PartValue>();
  return {
    get(key: string): PartValue | undefined {
      const value = used.get(key) ?? seeded.get(key);
      if (value !== undefined) used.set(key, value);
      return value;
    },
    set: (key: string, value: PartValue) => void used.set(key, value),
    save: async (location: MemoLocation) => (await import('./memo-file.js')).writeMemo(location, [...used], read),
  };
}

/**
 * Whether the manifest lists the files the last run recorded, and every one still holds what it
 * wrote. A file whose stat is what it was when its hash was last known is not read again
 * (output-stats.ts).
 */
async function outputHolds(
  cacheDir: string,
  outDir: string,
  files: Readonly<Record<string, string>>,
  knownUnchanged: KnownUnchanged,
): Promise<boolean> {
  if ((await readManifest(outDir))?.text !== manifestText(Object.keys(files))) return false;
  let hashed = false;
  const unchanged = await Promise.all(
    Object.entries(files).map(async ([path, hash]) => {
      if (await knownUnchanged(path, hash)) return true;
      hashed = true;
      const text = await withOpenFile(() => readFile(join(outDir, path), 'utf8')).catch(() => undefined);
      return text !== undefined && sha256(text) === hash;
    }),
  );
  if (!unchanged.every(Boolean)) return false;
  if (hashed) await writeOutputStats(cacheDir, outDir, files);
  return true;
}
