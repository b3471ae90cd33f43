import { readdirSync, readFileSync, statSync, type BigIntStats } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from './output/hash.js';
import { statKey as statKeyOf } from './incremental/noop-stamp.js';
import { readRecord, writeRecord } from './output/sealed.js';

/** svcgen's own version, from its package.json. */
export const GENERATOR_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * The version plus a hash of the generator's own code, so output made by a changed generator
 * is never taken as up to date (a released version's code does not change; a working copy's does).
 */
export function generatorFingerprint(): string {
  // The code cannot change under a running process: read and hashed once.
  fingerprint ??= computeFingerprint(CODE_ROOT, codeFiles(CODE_ROOT));
  return fingerprint;
}

/**
 * The same fingerprint, taken from a record in `cacheDir` when every code file's stat is still what
 * it was when the record was made, so a run with nothing to do does not read svcgen's code.
 */
export async function loadGeneratorFingerprint(cacheDir: string): Promise<string> {
  fingerprint ??= (await recordedFingerprint(CODE_ROOT, join(cacheDir, 'generator.json'))).fingerprint;
  return generatorFingerprint();
}

/**
 * The fingerprint of the code in `root`, from `recordFile` when it still holds, else computed and
 * recorded. A file changed within the timestamp granularity of the moment its stat was taken could
 * keep the same stat, so the record only counts for files whose ctime is `racyMarginNs` before
 * that moment (git calls such files "racy"); otherwise the code is read and hashed again.
 */
export async function recordedFingerprint(
  root: string,
  recordFile: string,
  racyMarginNs = RACY_MARGIN_NS,
): Promise<{ fingerprint: string; fromRecord: boolean }> {
  const statedAtNs = BigInt(Date.now()) * 1_000_000n;
  const files = codeFiles(root);
  const stats = files.map((name) => statSync(join(root, name), { bigint: true }));
  const statKey = sha256(...files.flatMap((name, index) => [name, statKeyOf(stats[index] as BigIntStats)]));
  // A record that fails its digest (sealed.ts) or is not of this shape is damaged: the code is hashed instead.
  const record = (await readRecord(recordFile)) as Partial<FingerprintRecord> | undefined;
  const { statedAtNs: at } = record ?? {};
  const recordedAt = typeof at === 'string' && /^\d+$/.test(at) ? BigInt(at) : undefined;
  if (
    record?.statKey === statKey &&
    typeof record.fingerprint === 'string' &&
    recordedAt !== undefined &&
    stats.every((stat) => stat.ctimeNs < recordedAt - racyMarginNs)
  )
    return { fingerprint: record.fingerprint, fromRecord: true };
  // Hashed after the stats were taken: a file changed in between no longer matches them next time.
  const fingerprint = computeFingerprint(root, files);
  await writeRecord(recordFile, { statKey, statedAtNs: String(statedAtNs), fingerprint } satisfies FingerprintRecord);
  return { fingerprint, fromRecord: false };
}

/** What the fingerprint covers, as paths: package.json, the code files and their folders (for the no-op stamp). */
export function generatorCodePaths(): string[] {
  const files = codeFiles(CODE_ROOT).map((name) => join(CODE_ROOT, name));
  const folders = new Set([CODE_ROOT, ...files.map((file) => dirname(file))]);
  return [fileURLToPath(new URL('../package.json', import.meta.url)), ...folders, ...files];
}

let fingerprint: string | undefined;

const CODE_ROOT = fileURLToPath(new URL('.', import.meta.url));
/** Far beyond any file system's timestamp granularity and the lag of the kernel's coarse clock. */
const RACY_MARGIN_NS = 2_000_000_000n;

interface FingerprintRecord {
  readonly statKey: string;
  /** When the stats were taken (ns since the epoch, as text so it survives JSON). */
  readonly statedAtNs: string;
  readonly fingerprint: string;
}

/** The code files under `root` ("/"-joined relative paths, sorted), svcgen's runtime sources aside. */
function codeFiles(root: string, prefix = ''): string[] {
  // A walk of our own: readdirSync's `recursive` option costs several times as much in Node 20.
  const found: string[] = [];
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory() && name !== 'runtime') found.push(...codeFiles(root, `${name}/`));
    else if (entry.isFile() && /\.(c?js|ts)$/.test(name) && !name.endsWith('.d.ts')) found.push(name);
  }
  return prefix === '' ? found.sort() : found;
}

function computeFingerprint(root: string, files: readonly string[]): string {
  return `${GENERATOR_VERSION}+${sha256(...files.flatMap((name) => [name, readFileSync(join(root, name))])).slice(0, 16)}`;
}
