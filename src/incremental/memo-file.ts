// The memo store on disk (emitted parts, parsed chunks and the definition checks): one file in
// the cache folder, valid only for the generator that wrote it (changed code must never reuse old
// results), so the generator is part of the file's name.
//
// A run after a small change reuses almost every entry and computes a few, so the file is a log:
// a header line, then lines of entries, each parsed at once: a rewrite writes a few hundred to a
// line, and each later run appends one with the entries it added. Rewriting megabytes to add a
// few entries cost more than anything else such a run did. Once the file holds more than twice
// what the last run used, it is rewritten with only that. Each line carries a sha256 of its text
// (sealed.ts): a damaged line (a run killed while appending, a byte flipped on disk) fails its
// check and is skipped, never used; the cache only ever costs speed.
import { appendFile, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { hash } from 'node:crypto';
import type { PartValue } from '../emitters/parts.js';
import { sha256 } from '../output/hash.js';
import { replaceFile } from '../output/replace-file.js';
import { seal } from '../output/sealed.js';

export type MemoEntry = readonly [key: string, value: PartValue];

/** Where the store lives, and for which generator it is valid. */
export interface MemoLocation {
  readonly cacheDir: string;
  readonly generator: string;
}

/** Entries the file may hold beyond twice the last run's before it is rewritten. */
const COMPACT_SLACK = 1000;
/** A sealed line's hex sha256, before a space and the text. */
const DIGEST_LENGTH = 64;
/** Entries per line of a rewritten file: each line is parsed at once (readMemo). */
const ENTRIES_PER_LINE = 250;

export async function readMemo(location: MemoLocation): Promise<MemoEntry[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(fileOf(location));
  } catch {
    return [];
  }
  // Split and checked as bytes, each line decoded on its own: decoding the whole file into one string,
  // splitting it and encoding each line again for its digest cost a fifth of reading the store.
  const lines: Buffer[] = [];
  for (let start = 0; start < bytes.length;) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    if (end > start) lines.push(bytes.subarray(start, end));
    start = end + 1;
  }
  const [header, ...segments] = lines;
  if (header?.toString() !== headerOf(location)) return [];
  const entries: MemoEntry[] = [];
  for (const segment of segments) entries.push(...parseSegment(segment));
  return entries;
}

/**
 * Saves what this run used (`used`), given what it read (`read`): appends the entries the file
 * lacks, or rewrites the file when it is missing or has grown past twice what is used.
 */
export async function writeMemo(
  location: MemoLocation,
  used: readonly MemoEntry[],
  read: readonly MemoEntry[],
): Promise<void> {
  const target = fileOf(location);
  try {
    if (read.length === 0 || read.length > 2 * used.length + COMPACT_SLACK) return await rewrite(location, used);
    const known = new Set(read.map(([key]) => key));
    const added = used.filter(([key]) => !known.has(key));
    // Each line starts with its own line feed, so a line cut short by a killed run spoils only itself.
    if (added.length > 0) await appendFile(target, `\n${seal(JSON.stringify(added))}\n`);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

async function rewrite(location: MemoLocation, used: readonly MemoEntry[]): Promise<void> {
  const target = fileOf(location);
  const lines = [headerOf(location)];
  for (let start = 0; start < used.length; start += ENTRIES_PER_LINE)
    lines.push(seal(JSON.stringify(used.slice(start, start + ENTRIES_PER_LINE))));
  await replaceFile(target, `${lines.join('\n')}\n`);
  await removeOtherGenerations(location, target);
}

/** The stores of earlier svcgen versions (one per thread, or one JSON file): never read again. */
const EARLIER_FORMAT = /^memo-(definitions|worker|main)-|^memo(-\w+)?\.json$|^printed-statements\.json$/;

/** Files left by other generators (or the older formats): never read again. */
async function removeOtherGenerations(location: MemoLocation, keep: string): Promise<void> {
  const names = await readdir(location.cacheDir);
  const stale = names.filter(
    (name) => join(location.cacheDir, name) !== keep && (name.startsWith('memo-') || EARLIER_FORMAT.test(name)),
  );
  await Promise.all(stale.map((name) => rm(join(location.cacheDir, name), { force: true })));
}

/** The entries of one line, or none when it fails its digest (sealed.ts's `seal`) or is not a list of entries. */
function parseSegment(line: Buffer): MemoEntry[] {
  const text = line.subarray(DIGEST_LENGTH + 1);
  if (line[DIGEST_LENGTH] !== 0x20 || hash('sha256', text) !== line.toString('latin1', 0, DIGEST_LENGTH)) return [];
  try {
    const entries: unknown = JSON.parse(text.toString());
    if (!Array.isArray(entries)) return [];
    return entries.filter(
      (entry): entry is MemoEntry =>
        Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && entry[1] !== undefined,
    );
  } catch {
    return [];
  }
}

function fileOf(location: MemoLocation): string {
  return join(location.cacheDir, `memo-${sha256(location.generator).slice(0, 16)}.log`);
}

function headerOf(location: MemoLocation): string {
  return JSON.stringify({ memo: 2, generator: location.generator });
}
