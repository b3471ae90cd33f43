// Loads a definition file from chunks: a large file cut where that provably reads the same
// (chunk-split.ts), or a small one as a single chunk so that it is cached too. Each chunk is
// taken from the cache when its text was seen before, else parsed (on worker threads when there is
// much to parse), and the results are put together in text order into the value, line starts and
// positions a whole-file parse gives. Only a file that would load without a single diagnostic comes
// back: on any refusal, any key repeated across chunks or a token count near the guard, the caller
// parses the file whole as before.
import { ChunkPack, chunkKey } from './chunk-cache.js';
import type { ChunkText, ParsedChunk } from './chunk-parse.js';
import type { EncodedChunk } from './chunk-codec.js';
import { parseChunks } from './chunk-pool.js';
import { planChunks, type PlannedChunk } from './chunk-split.js';
import { MAX_TOKENS } from './limits.js';
import { recordEntryText } from './entry-texts.js';
import { MAP, nodeAt, type NodeIndex } from './node-index.js';
import { wholeFilePositions, type FilePositions, type PlacedIndex, type TopLevelChunks } from './positions.js';

/** Below this many characters a file is not split: splitting would save little. */
export const SPLIT_MIN_CHARS = 200_000;

export interface ChunkedLoadOptions {
  /** Folder of the parsed-chunk cache, or undefined for none. */
  readonly cacheDir?: string | undefined;
  /** false parses every file whole, uncached (default true). */
  readonly split?: boolean | undefined;
  /** Takes the cache's writes to run them later (off a run's critical path); without it they run at once. */
  readonly deferWrite?: ((write: () => void) => void) | undefined;
}

export interface ChunkedLoad {
  readonly value: unknown;
  readonly positions: FilePositions;
  /** The file's YAML token count, summed from its chunks. */
  readonly tokens: number;
  /** Chunks parsed by this call; the others came from the cache. */
  readonly parsedChunks: number;
}

export function loadInChunks(file: string, text: string, options: ChunkedLoadOptions = {}): ChunkedLoad | undefined {
  if (options.split === false) return undefined;
  if (text.length > SPLIT_MIN_CHARS) {
    const plan = planChunks(text);
    return plan && loadPlanned(file, text, plan, options);
  }
  // A small file as one chunk is only worth it for the cache (a refused one is then parsed twice,
  // which a small file can afford).
  if (options.cacheDir === undefined) return undefined;
  return loadPlanned(file, text, [{ role: 'whole', start: 0, end: text.length, prefix: '', lookahead: '' }], options);
}

/** The file loaded from these chunks of it (see loadInChunks). */
export function loadPlanned(file: string, text: string, planned: readonly PlannedChunk[], options: ChunkedLoadOptions = {}): ChunkedLoad | undefined {
  const chunks: ChunkText[] = planned.map((chunk) => ({ text: chunk.prefix + text.slice(chunk.start, chunk.end), prefixLength: chunk.prefix.length, lookahead: chunk.lookahead }));
  const pack = options.cacheDir === undefined ? undefined : ChunkPack.open(options.cacheDir, file);
  const keys = pack ? chunks.map(chunkKey) : [];
  const parsed = new Array<ParsedChunk>(chunks.length);
  const encoded = new Array<EncodedChunk | undefined>(chunks.length);
  const missing: number[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const cached = pack?.get(keys[index] as string, chunk.text.length);
    if (cached) {
      parsed[index] = cached.parsed;
      encoded[index] = cached.encoded;
    } else {
      missing.push(index);
    }
  }
  const fresh = missing.length === 0 ? [] : parseChunks(missing.map((index) => chunks[index] as ChunkText), pack !== undefined);
  if (!fresh) return undefined;
  for (const [position, index] of missing.entries()) {
    const result = fresh[position] as (typeof fresh)[number];
    parsed[index] = result.parsed;
    encoded[index] = result.encoded;
  }
  const assembled = assemble(text, planned, parsed, keys);
  if (!assembled) return undefined;
  if (pack) {
    const save = () => pack.save(new Map(keys.map((key, index) => [key, encoded[index] as EncodedChunk])));
    if (options.deferWrite) options.deferWrite(save);
    else save();
  }
  return { ...assembled, parsedChunks: missing.length };
}

interface OpenMapping {
  readonly name: string;
  readonly jsKey: string;
  readonly value: Record<string, unknown>;
  readonly entries: Map<string, number>;
}

/** The chunks' results put together as one file's, or undefined when the whole-file parse must decide. */
/**
 * `keys`: the chunks' cache keys, if known; each entry parsed alone from one chunk is recorded with its key
 * (entry-texts.ts).
 */
function assemble(text: string, plan: readonly PlannedChunk[], parsed: readonly ParsedChunk[], keys: readonly string[]): Omit<ChunkedLoad, 'parsedChunks'> | undefined {
  // Every chunk's parser recorded exactly the start of each of its lines (chunk-parse.ts checks),
  // so the whole file's parser would record the start of each of the file's lines.
  const lineStarts = lineStartsOf(text);
  // The file's count: one document start, and each chunk's own lines (the margin only guards
  // against a miscount: near the limit, the whole-file guard counts exactly).
  const tokens = parsed.reduce((sum, result) => sum + result.tokens, 1);
  if (tokens > MAX_TOKENS - 1000 - 4 * plan.length) return undefined;
  const only = parsed[0] as ParsedChunk;
  if (plan[0]?.role === 'whole') return { value: only.value, positions: wholeFilePositions(only.index, lineStarts), tokens };
  const root: Record<string, unknown> = {};
  const topLevel = new Map<string, TopLevelChunks>();
  const chunks: PlacedIndex[] = [];
  let mapping: OpenMapping | undefined;
  for (const [index, chunk] of plan.entries()) {
    const result = parsed[index] as ParsedChunk;
    chunks.push({ index: result.index, base: chunk.start, prefixLength: chunk.prefix.length });
    const top = onlyPair(result.index, 0, result.value);
    if (!top) return undefined;
    if (chunk.role === 'entry') {
      if (!mapping || top.name !== mapping.name || top.jsKey !== mapping.jsKey) return undefined;
    } else {
      // A top-level key written twice: the whole-file parse reports it.
      if (topLevel.has(top.name) || Object.hasOwn(root, top.jsKey)) return undefined;
      if (chunk.role === 'block') {
        topLevel.set(top.name, { chunk: index });
        setOwn(root, top.jsKey, top.value);
        mapping = undefined;
        continue;
      }
      mapping = { name: top.name, jsKey: top.jsKey, value: {}, entries: new Map() };
      topLevel.set(top.name, { first: index, entries: mapping.entries });
      setOwn(root, top.jsKey, mapping.value);
    }
    const entry = onlyPair(result.index, top.child, top.value);
    if (!entry || mapping.entries.has(entry.name) || Object.hasOwn(mapping.value, entry.jsKey)) return undefined;
    mapping.entries.set(entry.name, index);
    setOwn(mapping.value, entry.jsKey, entry.value);
    const key = keys[index];
    if (key !== undefined) recordEntryText(entry.value, key);
  }
  return { value: root, positions: { lineStarts, chunks, topLevel }, tokens };
}

function lineStartsOf(text: string): Int32Array {
  const starts = [0];
  for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', newline + 1)) starts.push(newline + 1);
  return Int32Array.from(starts);
}

/** A mapping node with exactly one pair, and that pair in the value: its key (index and JS) and value. */
function onlyPair(index: NodeIndex, id: number, value: unknown): { name: string; jsKey: string; child: number; value: unknown } | undefined {
  const node = nodeAt(index, id);
  const name = index.keys[node.first];
  if (node.kind !== MAP || node.count !== 1 || typeof name !== 'string') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const own = Object.keys(value);
  if (own.length !== 1) return undefined;
  const jsKey = own[0] as string;
  return { name, jsKey, child: node.first, value: (value as Record<string, unknown>)[jsKey] };
}

/** As yaml's toJS sets a key: an own property even for "__proto__". */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
