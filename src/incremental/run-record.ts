// What the last run into an output folder produced, kept in the cache folder (never committed):
// the generator's fingerprint, the hash of every input, and each output file's content hash. A
// run whose inputs hash the same, into a folder whose files still hold these hashes, has nothing
// to do. A missing or damaged record only costs one full build.
import { resolve } from 'node:path';
import { compareCodePoints } from '../ir/names.js';
import { outDirRecordFile, readRecord, writeRecord } from '../output/sealed.js';

export interface RunRecord {
  readonly generator: string;
  /** Hash of everything that goes in: definitions, config, templates, runtime, generator version. */
  readonly inputHash: string;
  /** Output path → sha256 of its content. */
  readonly files: Readonly<Record<string, string>>;
}

interface StoredRecord extends RunRecord {
  readonly outDir: string;
}

export async function readRunRecord(cacheDir: string, outDir: string): Promise<RunRecord | undefined> {
  const stored = (await readRecord(recordFile(cacheDir, outDir))) as Partial<StoredRecord> | undefined;
  if (!stored || stored.outDir !== resolve(outDir)) return undefined;
  const { generator, inputHash, files } = stored;
  if (typeof generator !== 'string' || typeof inputHash !== 'string' || typeof files !== 'object' || files === null)
    return undefined;
  return { generator, inputHash, files };
}

export async function writeRunRecord(cacheDir: string, outDir: string, record: RunRecord): Promise<void> {
  await writeRecord(recordFile(cacheDir, outDir), { outDir: resolve(outDir), ...record } satisfies StoredRecord);
}

function recordFile(cacheDir: string, outDir: string): string {
  return outDirRecordFile(cacheDir, 'runs', outDir);
}

/** The record of a run that produced `files` (each with the sha256 of its content), sorted by path. */
export function buildRunRecord(
  generator: string,
  inputHash: string,
  files: readonly { path: string; hash: string }[],
): RunRecord {
  const entries = [...files]
    .sort((a, b) => compareCodePoints(a.path, b.path))
    .map((file) => [file.path, file.hash] as const);
  return { generator, inputHash, files: Object.fromEntries(entries) };
}
