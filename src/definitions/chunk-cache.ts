// Parsed chunks of a definition file, cached on disk by a hash of their text (with the yaml
// version and svcgen's fingerprint, so a changed parser or generator never reads an old entry).
// One pack file per definition file holds its current chunks: a rerun reads one file, not
// thousands, and rewrites it only when a chunk changed. The pack carries a sha256 of its contents;
// a pack that does not check out is ignored whole, and packs are replaced atomically.
//
// Layout after MAGIC and the digest: the header's byte length (u32) and the header (JSON, one
// [key, tokens, nodes, JSON length, v8 length] per entry), then every entry's index fields (in this
// machine's byte order: the cache is local), every entry's v8 bytes, and last every entry's JSON in
// one JSON array, which is parsed at once.
import { hash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { sha256 } from '../output/hash.js';
import { chunkOf, type EncodedChunk } from './chunk-codec.js';
import type { ChunkText, ParsedChunk } from './chunk-parse.js';
import { NODE_FIELDS } from './node-index.js';
import { generatorFingerprint } from '../version.js';

const MAGIC = Buffer.from('svcgen parsed definition chunks 2\n');
const DIGEST_BYTES = 32;
const [OPEN_ARRAY, COMMA, CLOSE_ARRAY] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];
const COMMA_BYTE = 0x2c;
const HEX64 = /^[0-9a-f]{64}$/;

interface PackEntry {
  readonly encoded: EncodedChunk;
  /** The entry's JSON, parsed. */
  readonly json: unknown;
}

export class ChunkPack {
  private constructor(
    private readonly path: string,
    private readonly entries: ReadonlyMap<string, PackEntry>,
  ) {}

  /** The pack of one definition file (empty when missing, unreadable or damaged). */
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

  /** The chunk cached for a key, if present and well-formed for a chunk of `length` characters. */
  get(key: string, length: number): { parsed: ParsedChunk; encoded: EncodedChunk } | undefined {
    const entry = this.entries.get(key);
    const parsed = entry && chunkOf(entry.encoded, entry.json, length);
    return parsed && { parsed, encoded: (entry as PackEntry).encoded };
  }

  /** Replaces the pack with exactly these entries, unless it already holds them. */
  save(entries: ReadonlyMap<string, EncodedChunk>): void {
    if (entries.size === this.entries.size && [...entries].every(([key, encoded]) => this.entries.get(key)?.encoded === encoded)) return;
    const listed = [...entries];
    const header = Buffer.from(JSON.stringify(listed.map(([key, { tokens, fields, json, v8 }]) => [key, tokens, fields.length / NODE_FIELDS, json.byteLength, v8?.byteLength ?? 0])));
    const file = Buffer.concat([
      MAGIC,
      Buffer.alloc(DIGEST_BYTES),
      u32(header.byteLength),
      header,
      ...fieldBytes(listed.map(([, { fields }]) => fields)),
      ...listed.flatMap(([, { v8 }]) => (v8 ? [v8] : [])),
      ...jsonArray(listed.map(([, { json }]) => json)),
    ]);
    // The digest covers everything after it, so it is filled in last.
    hash('sha256', file.subarray(MAGIC.byteLength + DIGEST_BYTES), 'buffer').copy(file, MAGIC.byteLength);
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      mkdirSync(join(this.path, '..'), { recursive: true });
      writeFileSync(temporary, file);
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

/**
 * The entries' JSON as the parts of one JSON array. Entries kept from the old pack lie there in
 * order, a comma apart: each run of them is one part (copying thousands of small parts costs more
 * than the copy itself). The byte between is checked: small buffers share a pool.
 */
function jsonArray(texts: readonly Uint8Array[]): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (const text of texts) {
    const last = parts.at(-1);
    if (last && last.buffer === text.buffer && last.byteOffset + last.byteLength + 1 === text.byteOffset && new Uint8Array(text.buffer)[text.byteOffset - 1] === COMMA_BYTE) parts[parts.length - 1] = span(last, text);
    else parts.push(...(last ? [COMMA, text] : [text]));
  }
  return [OPEN_ARRAY, ...parts, CLOSE_ARRAY];
}

/** Index fields as bytes, runs of adjacent ones (kept from the old pack) as one part. */
function fieldBytes(fields: readonly Int32Array[]): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (const { buffer, byteOffset, byteLength } of fields) {
    const last = parts.at(-1);
    const bytes = new Uint8Array(buffer, byteOffset, byteLength);
    if (last && last.buffer === buffer && last.byteOffset + last.byteLength === byteOffset) parts[parts.length - 1] = span(last, bytes);
    else parts.push(bytes);
  }
  return parts;
}

/** The bytes from the start of `first` to the end of `last`, two views of one buffer. */
function span(first: Uint8Array, last: Uint8Array): Uint8Array {
  return new Uint8Array(first.buffer, first.byteOffset, last.byteOffset + last.byteLength - first.byteOffset);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

/** Entries of a pack file; throws on anything malformed. */
function readPack(data: Buffer): Map<string, PackEntry> {
  const bodyStart = MAGIC.byteLength + DIGEST_BYTES;
  if (!data.subarray(0, MAGIC.byteLength).equals(MAGIC)) throw new Error('not a chunk pack');
  if (!data.subarray(MAGIC.byteLength, bodyStart).equals(hash('sha256', data.subarray(bodyStart), 'buffer'))) throw new Error('damaged');
  const headerStart = bodyStart + 4;
  let offset = headerStart + data.readUInt32LE(bodyStart);
  const header: unknown = JSON.parse(data.toString('utf8', headerStart, offset));
  if (!Array.isArray(header) || !header.every(isHeaderItem)) throw new Error('bad header');
  const fieldCount = header.reduce((sum, [, , nodes]) => sum + nodes * NODE_FIELDS, 0);
  // Copied: an Int32Array needs an aligned offset, and the file's buffer can then be let go.
  const fields = new Int32Array(Uint8Array.prototype.slice.call(data, offset, (offset += fieldCount * 4)).buffer);
  if (fields.length !== fieldCount) throw new Error('truncated');
  const v8 = header.map(([, , , , length]) => (length > 0 ? data.subarray(offset, (offset += length)) : undefined));
  if (offset > data.byteLength) throw new Error('truncated');
  const jsonStart = offset;
  const jsons: unknown = JSON.parse(data.toString('utf8', jsonStart));
  if (!Array.isArray(jsons) || jsons.length !== header.length) throw new Error('bad entries');
  const entries = new Map<string, PackEntry>();
  let fieldsAt = 0;
  let jsonAt = jsonStart + 1;
  for (const [position, [key, tokens, nodes, jsonLength]] of header.entries()) {
    const encoded = { tokens, fields: fields.subarray(fieldsAt, (fieldsAt += nodes * NODE_FIELDS)), json: data.subarray(jsonAt, (jsonAt += jsonLength)), v8: v8[position] };
    entries.set(key, { encoded, json: jsons[position] });
    jsonAt += 1;
  }
  if (jsonAt !== data.byteLength) throw new Error('bad entries');
  return entries;
}

type HeaderItem = [key: string, tokens: number, nodes: number, jsonLength: number, v8Length: number];

function isHeaderItem(item: unknown): item is HeaderItem {
  if (!Array.isArray(item) || item.length !== 5) return false;
  const [key, ...counts] = item as unknown[];
  return typeof key === 'string' && HEX64.test(key) && counts.every((count) => Number.isInteger(count) && (count as number) >= 0);
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
