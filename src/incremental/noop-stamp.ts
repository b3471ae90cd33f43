// The no-op stamp: what a `generate` that ended with its output up to date saw, as stats, so the
// next identical command can say "up to date" before loading any other svcgen module (each module
// costs a no-op run about a millisecond; Node's module loader was most of a no-op run).
//
// A stamp belongs to one command: the working directory, the svcgen that ran and the exact arguments. It lists every
// path whose state the run depended on, with its stat (size, mtime, ctime, inode: statKeyOf) or
// only whether it exists (the project search looks for names, nothing more): the config file, the
// definition files and their folder, svcgen's code, runtime sources and templates and their
// folders, the user's templates, the output files and the manifest. Any difference, a damaged
// stamp or an error sends the run down the normal path, which hashes what it reads.
//
// Racy entries (git's word): an input is stamped only if its ctime is well before this process
// started, so it was not changed while the run read it; and every entry counts only when its ctime
// is strictly older than the stamp file itself, as for output-stats.ts. No tool sets ctime back.
//
// Imports node's fs, path and url only: this module runs before anything else is loaded.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a stamp records of a path: its stat key, or whether anything is there. */
export interface StampedPaths {
  /** Paths read by the run (their content is in the inputs' hash): stamped by stat. */
  readonly inputs: readonly string[];
  /** Paths whose existence alone decided something (the project search, leftovers of a killed write). */
  readonly probes: readonly string[];
  /** Output files, as the run left them: stamped by stat. */
  readonly outputs: readonly string[];
}

interface Stamp {
  readonly command: string;
  readonly message: string;
  /** [path, stat key or "+" / "-" for a probe found / not found]. */
  readonly entries: readonly (readonly [string, string])[];
}

/** Inputs changed this close before the process started may have been changed as it read them. */
const RACY_MARGIN_NS = 100_000_000n;

/** The path of a stamp in the cache folder, named by a hash of its command. */
export function stampFile(cacheDir: string, command: string): string {
  return join(cacheDir, 'noop', `${fnv1a(command)}.json`);
}

/**
 * The command a stamp is for: where it ran, which svcgen ran it (this module's own file: another copy of
 * svcgen, say a checkout run by path beside the installed one, stamps its files and must not read this
 * one's stamp) and its arguments, exactly.
 */
export function stampCommand(workingDir: string, argv: readonly string[]): string {
  return JSON.stringify([resolve(workingDir), fileURLToPath(import.meta.url), ...argv]);
}

/**
 * The message of the stamp for this command when every path it lists is as it was, else undefined.
 * Looks for the stamp in node_modules/.cache/svcgen of the working directory and each folder above
 * it (the project's folder is one of them).
 */
export function upToDateByStamp(workingDir: string, argv: readonly string[]): string | undefined {
  try {
    const command = stampCommand(workingDir, argv);
    for (let dir = resolve(workingDir); ; dir = dirname(dir)) {
      const file = stampFile(join(dir, 'node_modules', '.cache', 'svcgen'), command);
      const stamped = statSync(file, { bigint: true, throwIfNoEntry: false });
      if (stamped) return holds(JSON.parse(readFileSync(file, 'utf8')) as Stamp, command, stamped.mtimeNs);
      if (dirname(dir) === dir) return undefined;
    }
  } catch {
    return undefined;
  }
}

function holds(stamp: Stamp, command: string, stampedAtNs: bigint): string | undefined {
  if (stamp.command !== command || typeof stamp.message !== 'string' || !Array.isArray(stamp.entries)) return undefined;
  for (const [path, expected] of stamp.entries) {
    const found = statSync(path, { bigint: true, throwIfNoEntry: false });
    if (expected === '+' || expected === '-') {
      if ((found !== undefined) !== (expected === '+')) return undefined;
    } else if (found === undefined || found.ctimeNs >= stampedAtNs || statKey(found) !== expected) return undefined;
  }
  return stamp.message;
}

/**
 * Writes the stamp of a command whose run found its output up to date (or made it so), unless an
 * input changed too close to the start of this process (`startedNs`) to be trusted. Best effort: a stamp that
 * cannot be written only costs speed.
 */
export function writeNoopStamp(
  cacheDir: string,
  command: string,
  message: string,
  paths: StampedPaths,
  startedNs = BigInt(Math.floor(performance.timeOrigin * 1e6)),
): void {
  try {
    const entries: [string, string][] = [];
    for (const path of paths.inputs) {
      const found = statSync(path, { bigint: true, throwIfNoEntry: false });
      if (found === undefined || found.ctimeNs >= startedNs - RACY_MARGIN_NS) return;
      entries.push([path, statKey(found)]);
    }
    for (const path of paths.probes)
      entries.push([path, statSync(path, { bigint: true, throwIfNoEntry: false }) ? '+' : '-']);
    for (const path of paths.outputs) {
      const found = statSync(path, { bigint: true, throwIfNoEntry: false });
      if (found === undefined) return;
      entries.push([path, statKey(found)]);
    }
    const file = stampFile(cacheDir, command);
    mkdirSync(dirname(file), { recursive: true });
    const staged = `${file}.${process.pid}.tmp`;
    writeFileSync(staged, JSON.stringify({ command, message, entries } satisfies Stamp));
    renameSync(staged, file);
  } catch {
    // Only speed is lost.
  }
}

/**
 * What a file's stat must still be for what was known of it to hold (here, in output-stats.ts and for
 * svcgen's code, src/version.ts): size, mtime, ctime (ns) and inode, as text so bigints survive JSON.
 */
export function statKey(found: BigIntStats): string {
  return `${found.size}:${found.mtimeNs}:${found.ctimeNs}:${found.ino}`;
}

/** 32-bit FNV-1a of `text`, as hex: a file name, not a check (the stamp holds its command). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
