// The memo store on disk (emitted parts, parsed chunks and the definition checks): one file in
// the cache folder, valid only for the generator that wrote it (changed code must never reuse old
// results), so the generator is part of the file's name.
//
// A run after a small change reuses almost every entry and computes a few, so the file is a log:
// a header line, then a line per entry (its key and value as JSON, apart by a tab): a rewrite
// writes every entry, and each later run appends the entries it added. Rewriting megabytes to add
// a few entries cost more than anything else such a run did. Once the file holds more than twice
// what the last run used, it is rewritten with only that. Reading finds only each line's key: its
// value is checked and parsed when a run asks for it, and an entry read and used again is written
// back as the bytes it was read as. So the values are never all alive at once (tens of megabytes
// the garbage collector would copy and mark), and what no part asks for is never parsed.
// Each line carries a sha256 of its text (sealed.ts): a damaged line (a run killed while
// appending, a byte flipped on disk) fails its check and is skipped, never used; the cache only
// ever costs speed.
import { appendFile, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { hash } from 'node:crypto';
import type { PartValue } from '../emitters/parts.js';
import { sha256 } from '../output/hash.js';
import { replaceFile } from '../output/replace-file.js';
import { seal } from '../output/sealed.js';

export type MemoEntry = readonly [key: string, value: PartValue];

/** Entries as read: each key with its sealed line, checked and parsed by `storedValue` when asked for. */
export type StoredMemo = ReadonlyMap<string, Buffer>;

/** Where the store lives, and for which generator it is valid. */
export interface MemoLocation {
  readonly cacheDir: string;
  readonly generator: string;
}

/** Entries the file may hold beyond twice the last run's before it is rewritten. */
const COMPACT_SLACK = 1000;
/** A sealed line's hex sha256, before a space and the text. */
const DIGEST_LENGTH = 64;
const TAB = 0x09;

/** Each entry's key and line (a tab never occurs in JSON text, so the first one ends the key). */
export async function readStoredMemo(location: MemoLocation): Promise<StoredMemo> {
  const stored = new Map<string, Buffer>();
  let bytes: Buffer;
  try {
    bytes = await readFile(fileOf(location));
  } catch {
    return stored;
  }
  const headerEnd = bytes.indexOf(0x0a);
  if (bytes.toString('utf8', 0, headerEnd === -1 ? bytes.length : headerEnd) !== headerOf(location)) return stored;
  for (let start = headerEnd + 1; start > 0 && start < bytes.length;) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    const line = bytes.subarray(start, end);
    const tab = line.indexOf(TAB, DIGEST_LENGTH + 1);
    if (tab !== -1) {
      // A damaged key that still reads as one is caught by the line's digest, when its value is asked for.
      const key = parseOr(line.toString('utf8', DIGEST_LENGTH + 1, tab));
      if (typeof key === 'string' && !stored.has(key)) stored.set(key, line);
    }
    start = end + 1;
  }
  return stored;
}

/** The value of a stored line, or undefined when the line fails its digest (sealed.ts's `seal`). */
export function storedValue(line: Buffer): PartValue | undefined {
  const text = line.subarray(DIGEST_LENGTH + 1);
  if (line[DIGEST_LENGTH] !== 0x20 || hash('sha256', text) !== line.toString('latin1', 0, DIGEST_LENGTH))
    return undefined;
  const value = parseOr(line.toString('utf8', line.indexOf(TAB, DIGEST_LENGTH + 1) + 1));
  return value === undefined ? undefined : (value as PartValue);
}

/** Every entry of the file that passes its check, parsed (for tests and tools; runs use `readStoredMemo`). */
export async function readMemo(location: MemoLocation): Promise<MemoEntry[]> {
  const entries: MemoEntry[] = [];
  for (const [key, line] of await readStoredMemo(location)) {
    const value = storedValue(line);
    if (value !== undefined) entries.push([key, value]);
  }
  return entries;
}

/**
 * Saves what this run used (`used`: values, or lines as read), given what it read (`read`):
 * appends the entries the file lacks, or rewrites the file when it is missing or has grown past
 * twice what is used.
 */
export async function writeMemo(
  location: MemoLocation,
  used: Iterable<readonly [key: string, value: PartValue | Buffer]>,
  read: Iterable<readonly [key: string, value: unknown]>,
): Promise<void> {
  const target = fileOf(location);
  const usedEntries = [...used];
  const known = new Set(Array.from(read, ([key]) => key));
  try {
    if (known.size === 0 || known.size > 2 * usedEntries.length + COMPACT_SLACK)
      return await rewrite(location, usedEntries);
    const added = usedEntries.filter(([key]) => !known.has(key));
    // Each append starts with its own line feed, so a line cut short by a killed run spoils only itself.
    if (added.length > 0) await appendFile(target, `\n${added.map((entry) => lineOf(entry).toString()).join('\n')}\n`);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

async function rewrite(
  location: MemoLocation,
  used: readonly (readonly [string, PartValue | Buffer])[],
): Promise<void> {
  const target = fileOf(location);
  const lines = [Buffer.from(headerOf(location))];
  for (const entry of used) lines.push(NEWLINE, Buffer.from(lineOf(entry)));
  await replaceFile(target, Buffer.concat([...lines, NEWLINE]));
  await removeOtherGenerations(location, target);
}

const NEWLINE = Buffer.from('\n');

/** An entry's sealed line: the bytes it was read as, or its key and value sealed. */
function lineOf([key, value]: readonly [string, PartValue | Buffer]): Buffer | string {
  return Buffer.isBuffer(value) ? value : seal(`${JSON.stringify(key)}\t${JSON.stringify(value)}`);
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

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fileOf(location: MemoLocation): string {
  return join(location.cacheDir, `memo-${sha256(location.generator).slice(0, 16)}.log`);
}

function headerOf(location: MemoLocation): string {
  return JSON.stringify({ memo: 3, generator: location.generator });
}
