// The memo store on disk (src/emitters/shared/memo.ts, and the definition checks): one file in
// the cache folder, valid only for the generator that wrote it (changed code must never reuse old
// results), so the generator is part of the file's name.
//
// A run after a small change reuses almost every entry and computes a few, so the file is a log:
// a header line, then records of entries: a rewrite writes a few hundred to a record, and each
// later run appends one with the entries it added. Rewriting megabytes to add a few entries cost
// more than anything else such a run did. Once the file holds more than twice what the last run
// used, it is rewritten with only that.
//
// Records are in V8's serialization format (node:v8), not JSON: the entries are mostly printed
// code, and V8 reads a string back by copying its bytes where JSON.parse scans it for escapes; a
// run at N=300 reads 25 MB, in half the CPU time (docs/performance.md). The header names the V8
// version, whose format it is. Each record starts with a marker and carries a sha256 of its bytes:
// a damaged record (a run killed while appending, a byte flipped on disk) fails its check and is
// skipped, never used, and reading goes on at the next marker; the cache only ever costs speed.
import { hash } from 'node:crypto';
import { appendFile, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { StoredChunk } from '../definitions/chunked-load.js';
import type { MemoValue } from '../emitters/shared/memo.js';
import { sha256 } from '../output/hash.js';
import { replaceFile } from '../output/replace-file.js';

/** A remembered result: a MemoValue, or anything else V8 can serialize (a parsed chunk's Int32Array). */
export type MemoEntry = readonly [key: string, value: MemoValue | StoredChunk];

/** Where the store lives, and for which generator it is valid. */
export interface MemoLocation {
  readonly cacheDir: string;
  readonly generator: string;
}

/** Entries the file may hold beyond twice the last run's before it is rewritten. */
const COMPACT_SLACK = 1000;
/** Entries per record of a rewritten file. */
const ENTRIES_PER_RECORD = 250;

/** A record: this marker, the payload's length (4 bytes), its sha256 (32 bytes), the payload. */
const MARKER = Buffer.from('\nsvcgen-memo\n');
const LENGTH_BYTES = 4;
const DIGEST_BYTES = 32;
const RECORD_HEAD = MARKER.length + LENGTH_BYTES + DIGEST_BYTES;

export async function readMemo(location: MemoLocation): Promise<MemoEntry[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(fileOf(location));
  } catch {
    return [];
  }
  const header = Buffer.from(headerOf(location));
  if (!bytes.subarray(0, header.length).equals(header)) return [];
  const entries: MemoEntry[] = [];
  for (let at = bytes.indexOf(MARKER, header.length); at >= 0;) {
    const payload = recordAt(bytes, at);
    if (payload) entries.push(...entriesOf(payload));
    // After a damaged record the next one is found by its marker: a cut record spoils only itself.
    at = bytes.indexOf(MARKER, payload ? payload.byteOffset - bytes.byteOffset + payload.length : at + 1);
  }
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
  try {
    if (read.length === 0 || read.length > 2 * used.length + COMPACT_SLACK) return await rewrite(location, used);
    const known = new Set(read.map(([key]) => key));
    const added = used.filter(([key]) => !known.has(key));
    if (added.length > 0) await appendFile(fileOf(location), record(added));
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

async function rewrite(location: MemoLocation, used: readonly MemoEntry[]): Promise<void> {
  const target = fileOf(location);
  const parts: Buffer[] = [Buffer.from(headerOf(location))];
  for (let start = 0; start < used.length; start += ENTRIES_PER_RECORD)
    parts.push(record(used.slice(start, start + ENTRIES_PER_RECORD)));
  await replaceFile(target, Buffer.concat(parts));
  await removeOtherGenerations(location, target);
}

function record(entries: readonly MemoEntry[]): Buffer {
  const payload = serialize(entries);
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(payload.length);
  return Buffer.concat([MARKER, length, hash('sha256', payload, 'buffer'), payload]);
}

/** The payload of the record at `at`, or undefined when it is cut short or fails its digest. */
function recordAt(bytes: Buffer, at: number): Buffer | undefined {
  if (at + RECORD_HEAD > bytes.length) return undefined;
  const start = at + RECORD_HEAD;
  const end = start + bytes.readUInt32LE(at + MARKER.length);
  if (end > bytes.length) return undefined;
  const payload = bytes.subarray(start, end);
  const digest = bytes.subarray(start - DIGEST_BYTES, start);
  return hash('sha256', payload, 'buffer').equals(digest) ? payload : undefined;
}

function entriesOf(payload: Buffer): MemoEntry[] {
  try {
    const entries: unknown = deserialize(payload);
    if (!Array.isArray(entries)) return [];
    return entries.filter(
      (entry): entry is MemoEntry =>
        Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && entry[1] !== undefined,
    );
  } catch {
    return [];
  }
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

function fileOf(location: MemoLocation): string {
  return join(location.cacheDir, `memo-${sha256(location.generator).slice(0, 16)}.log`);
}

function headerOf(location: MemoLocation): string {
  return `${JSON.stringify({ memo: 3, generator: location.generator, v8: process.versions.v8 })}\n`;
}
