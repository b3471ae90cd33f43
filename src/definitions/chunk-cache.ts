// Parsed chunks of a definition file, cached on disk by a hash of their text (with the yaml
// version and svcgen's fingerprint, so a changed parser or generator never reads an old entry).
// One pack file per definition file holds its current chunks: a rerun reads one file, not
// thousands, and rewrites it only when a chunk changed. Every entry carries its own sha256; a
// pack or entry that does not check out is ignored, and packs are replaced atomically.
import { hash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { sha256 } from '../output/hash.js';
import type { ChunkText } from './chunk-parse.js';
import { generatorFingerprint } from '../version.js';

const MAGIC = Buffer.from('svcgen parsed definition chunks 1\n');
const HEX64 = /^[0-9a-f]{64}$/;

interface PackEntry {
  readonly bytes: Uint8Array;
  readonly digest: string;
}

export class ChunkPack {
  private constructor(
    private readonly path: string,
    private readonly entries: ReadonlyMap<string, PackEntry>,
  ) {}

  /** The pack of one definition file (empty when missing or unreadable). */
  static open(cacheDir: string, file: string): ChunkPack {
    const path = join(cacheDir, `${sha256('definition file', file).slice(0, 32)}.pack`);
    let entries = new Map<string, PackEntry>();
    try {
      entries = readPack(readFileSync(path));
    } catch {
      // Missing or unreadable: every chunk is parsed again.
    }
    return new ChunkPack(path, entries);
  }

  /** The bytes cached for a chunk key, if present and intact. */
  get(key: string): Uint8Array | undefined {
    const entry = this.entries.get(key);
    return entry && digestOf(entry.bytes) === entry.digest ? entry.bytes : undefined;
  }

  /** Replaces the pack with exactly these entries, unless it already holds them. */
  save(entries: ReadonlyMap<string, Uint8Array>): void {
    if (entries.size === this.entries.size && [...entries].every(([key, bytes]) => this.entries.get(key)?.bytes === bytes)) return;
    const listed = [...entries].map(([key, bytes]) => ({ key, bytes, digest: this.entries.get(key)?.bytes === bytes ? (this.entries.get(key) as PackEntry).digest : digestOf(bytes) }));
    const header = Buffer.from(JSON.stringify(listed.map((entry) => [entry.key, entry.bytes.byteLength, entry.digest])));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.byteLength);
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      mkdirSync(join(this.path, '..'), { recursive: true });
      writeFileSync(temporary, Buffer.concat([MAGIC, length, header, ...listed.map((entry) => entry.bytes)]));
      renameSync(temporary, this.path);
    } catch {
      // A cache that cannot be written only costs speed.
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Nothing more to do.
      }
    }
  }
}

/** Entries of a pack file; throws on anything malformed. */
function readPack(data: Buffer): Map<string, PackEntry> {
  if (!data.subarray(0, MAGIC.byteLength).equals(MAGIC)) throw new Error('not a chunk pack');
  const headerLength = data.readUInt32LE(MAGIC.byteLength);
  let offset = MAGIC.byteLength + 4 + headerLength;
  if (offset > data.byteLength) throw new Error('truncated');
  const header: unknown = JSON.parse(data.subarray(MAGIC.byteLength + 4, offset).toString('utf8'));
  if (!Array.isArray(header)) throw new Error('bad header');
  const entries = new Map<string, PackEntry>();
  for (const item of header as unknown[]) {
    if (!Array.isArray(item) || item.length !== 3) throw new Error('bad entry');
    const [key, length, digest] = item as unknown[];
    if (typeof key !== 'string' || !HEX64.test(key) || typeof digest !== 'string' || !HEX64.test(digest)) throw new Error('bad entry');
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || offset + length > data.byteLength) throw new Error('bad entry');
    entries.set(key, { bytes: data.subarray(offset, offset + length), digest });
    offset += length;
  }
  if (offset !== data.byteLength) throw new Error('trailing bytes');
  return entries;
}

function digestOf(bytes: Uint8Array): string {
  return hash('sha256', bytes);
}

let keyBase: string | undefined;

/** The cache key of a chunk: everything it is parsed from. */
export function chunkKey(chunk: ChunkText): string {
  keyBase ??= sha256('svcgen parsed definition chunk 2', yamlVersion(), generatorFingerprint());
  return hash('sha256', `${keyBase}\0${chunk.prefixLength}\0${chunk.lookahead}\0${chunk.text}`);
}

function yamlVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve('yaml/package.json'), 'utf8')) as { version: string }).version;
}
