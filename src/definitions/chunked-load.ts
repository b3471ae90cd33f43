// Loads a large definition file from chunks, each remembered between runs by its text: a run after
// one entity changed parses only that entity's chunk (parsing the 2 MB file of 300 entities whole
// takes about 3 s). chunk-split.ts cuts the file where YAML provably reads the parts as it reads
// the whole; the chunks' values and position indexes are put together into what a whole-file parse
// gives. Only a file that would load without a single diagnostic comes back: on any refusal (a
// chunk the parse cannot vouch for, a key repeated across chunks, a token count near the guard) the
// caller parses the file whole, so every diagnostic comes from one path (load.ts).
import { hash } from 'node:crypto';
import type { PartValue as JsonValue } from '../emitters/parts.js';
import { planChunks, type PlannedChunk } from './chunk-split.js';
import * as yaml from 'yaml';
import { MAX_ALIAS_COUNT, MAX_DEPTH, MAX_TOKENS, YAML_PARSE_OPTIONS } from './limits.js';
import { MAP, isNodeIndex, nodeAt, placedIndex, walkDocument, type NodeIndex, type PlacedNode } from './node-index.js';
import type { FilePositions } from './positions.js';

/** Parsed chunks remembered between runs, by a key of their text (the run's cache, src/incremental/). */
export interface ChunkStore {
  get(key: string): unknown;
  set(key: string, value: StoredChunk): void;
}

/**
 * What the store keeps of a parsed chunk (as JSON): the index's fields as the base64 of their
 * bytes, which read back at once, where a JSON array of hundreds of thousands of numbers is
 * parsed number by number and then copied into an Int32Array.
 */
export type StoredChunk = {
  readonly value: JsonValue;
  readonly fields: string;
  readonly keys: readonly (string | null)[];
  readonly tokens: number;
};

/**
 * Below this many characters a file is parsed whole: splitting it would save little. A small file
 * is still worth loading from chunks: parsed whole, a 10 KB file costs 20 to 40 ms of every run
 * (yaml's code not yet compiled), from chunks about 1 ms (docs/performance.md).
 */
export const SPLIT_MIN_CHARS = 4_000;

interface ParsedChunk {
  readonly value: unknown;
  readonly index: NodeIndex;
  /** Non-empty lexer tokens of the chunk's own lines: the file has one document start and these of every chunk. */
  readonly tokens: number;
}

/** The file's value and positions from its chunks, or undefined when it must be parsed whole. */
export function loadInChunks(
  text: string,
  store: ChunkStore,
  minChars = SPLIT_MIN_CHARS,
): { value: unknown; positions: FilePositions } | undefined {
  const plan = text.length < minChars ? undefined : planChunks(text);
  if (!plan) return undefined;
  const parsed: ParsedChunk[] = [];
  let tokens = 1;
  for (const chunk of plan) {
    const source = chunk.prefix + text.slice(chunk.start, chunk.end);
    const key = chunkKey(source, chunk);
    let result = storedChunk(store.get(key), source.length);
    if (!result) {
      result = parseChunk(source, chunk, MAX_TOKENS - tokens);
      if (!result) return undefined;
      const { fields, keys } = result.index;
      const base64 = Buffer.from(fields.buffer, fields.byteOffset, fields.byteLength).toString('base64');
      store.set(key, { value: result.value as JsonValue, fields: base64, keys, tokens: result.tokens });
    }
    parsed.push(result);
    tokens += result.tokens;
  }
  // The margin only guards against a miscount: near the limit, the whole-file guard counts exactly.
  if (tokens > MAX_TOKENS - 1000 - 4 * plan.length) return undefined;
  return assemble(text, plan, parsed);
}

/**
 * The key of a chunk's text as parsed: its text is hashed as it is (a memoKey of it would first
 * write 2 MB of JSON every run), behind what else decides the parse.
 */
function chunkKey(source: string, { prefix, lookahead }: PlannedChunk): string {
  return `definitions/chunk:${prefix.length}:${JSON.stringify(lookahead)}:${hash('sha256', source)}`;
}

/** A remembered chunk, if well-formed for a text of `length` characters (anything else is parsed again). */
function storedChunk(stored: unknown, length: number): ParsedChunk | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { value, fields, keys, tokens } = stored as Record<string, unknown>;
  if (typeof fields !== 'string' || !Number.isSafeInteger(tokens)) return undefined;
  const bytes = Buffer.from(fields, 'base64');
  if (bytes.length % Int32Array.BYTES_PER_ELEMENT !== 0) return undefined;
  // Copied, not viewed: the buffer may not start at a multiple of 4 bytes.
  const index = new Int32Array(bytes.length / Int32Array.BYTES_PER_ELEMENT);
  new Uint8Array(index.buffer).set(bytes);
  return isNodeIndex(index, keys, length)
    ? { value, index: { fields: index, keys }, tokens: tokens as number }
    : undefined;
}

/** Lexer tokens that mark a state and take no characters of the text. */
const DOCUMENT_START = '\x02';
const ZERO_WIDTH = new Set([DOCUMENT_START, '\x18', '\x1f']);

/**
 * Parses the chunk as the whole-file parse reads its lines. How the lexer ends a block or plain
 * scalar depends on the indentation of the line after it, so the text is lexed followed by the
 * lookahead line and only the tokens before the cut are parsed; a token that would run across the
 * cut refuses the chunk, as does anything the whole-file parse would report or that JSON (the
 * store) cannot hold. `allowance` caps the tokens lexed.
 */
function parseChunk(text: string, { prefix, lookahead }: PlannedChunk, allowance: number): ParsedChunk | undefined {
  const lineStarts: number[] = [];
  const parser = new yaml.Parser((offset) => lineStarts.push(offset));
  let [lexed, tokens] = [0, 0];
  // parseDocument's own steps (Parser.parse, then compose), with the lexer's tokens counted on the way.
  function* cst() {
    lineStarts.push(0);
    let offset = 0;
    for (const lexeme of new yaml.Lexer().lex(text + lookahead)) {
      if (lookahead !== '' && offset >= text.length) break;
      const start = offset;
      offset += ZERO_WIDTH.has(lexeme) ? 0 : lexeme.length;
      if (offset > text.length || (lexeme.length > 0 && ++lexed > allowance)) throw new RangeError('refused');
      if (lexeme.length > 0 && start >= prefix.length && lexeme !== DOCUMENT_START) tokens += 1;
      yield* parser.next(lexeme);
    }
    yield* parser.end();
  }
  try {
    const documents = [...new yaml.Composer(YAML_PARSE_OPTIONS).compose(cst(), true, text.length)];
    const document = documents[0];
    if (documents.length !== 1 || !document || document.errors.length > 0 || document.warnings.length > 0)
      return undefined;
    const { shape, index } = walkDocument(document);
    if (shape.aliases.size > 0 || shape.decorated || shape.duplicateKeys.length > 0 || shape.depth > MAX_DEPTH)
      return undefined;
    // Every line start recorded, and only those: the file's line starts are then simply its text's.
    const starts = lineStartsOf(text);
    if (starts.length !== lineStarts.length || starts.some((at, line) => lineStarts[line] !== at)) return undefined;
    const value: unknown = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    return jsonHolds(value) ? { value, index, tokens } : undefined;
  } catch {
    // A token across the cut, too many tokens, a parser stack overflow: the whole file is parsed.
    return undefined;
  }
}

/** Whether JSON gives the value back unchanged: no NaN, infinity or -0 (unusable-values.ts reports the first two). */
function jsonHolds(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  return typeof value !== 'object' || value === null || Object.values(value).every(jsonHolds);
}

/** The chunks' results put together as the whole file's, or undefined when the whole-file parse must decide. */
function assemble(
  text: string,
  plan: readonly PlannedChunk[],
  parsed: readonly ParsedChunk[],
): { value: unknown; positions: FilePositions } | undefined {
  const root: Record<string, unknown> = {};
  const topLevel: PlacedNode[] = [];
  let mapping: { name: string; value: Record<string, unknown>; entries: PlacedNode[] } | undefined;
  for (const [position, chunk] of plan.entries()) {
    const { value, index } = parsed[position] as ParsedChunk;
    const shift = chunk.start - chunk.prefix.length;
    const top = onlyPair(index, 0, value);
    // A key written twice: the whole-file parse reports it.
    if (!top || (chunk.role === 'entry' ? top.name !== mapping?.name : Object.hasOwn(root, top.name))) return undefined;
    if (chunk.role !== 'entry') {
      // A block's value is its chunk's; a mapping's is put together from its entries' chunks.
      mapping = chunk.role === 'block' ? undefined : { name: top.name, value: {}, entries: [] };
      setOwn(root, top.name, mapping ? mapping.value : top.value);
      topLevel.push({ source: index, id: top.id, shift, children: mapping?.entries });
      if (!mapping) continue;
    }
    const entry = onlyPair(index, top.id, top.value);
    if (!mapping || !entry || Object.hasOwn(mapping.value, entry.name)) return undefined;
    setOwn(mapping.value, entry.name, entry.value);
    mapping.entries.push({ source: index, id: entry.id, shift });
  }
  const index = placedIndex({ source: (parsed[0] as ParsedChunk).index, id: 0, shift: 0, children: topLevel });
  return { value: root, positions: { lineStarts: lineStartsOf(text), index } };
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', newline + 1))
    starts.push(newline + 1);
  return starts;
}

/** A mapping node with exactly one pair whose key the value has too: its key, child node and value. */
function onlyPair(
  index: NodeIndex,
  id: number,
  value: unknown,
): { name: string; id: number; value: unknown } | undefined {
  const node = nodeAt(index, id);
  const name = index.keys[node.first];
  if (node.kind !== MAP || node.count !== 1 || typeof name !== 'string') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const own = Object.keys(value);
  if (own.length !== 1 || own[0] !== name) return undefined;
  return { name, id: node.first, value: (value as Record<string, unknown>)[name] };
}

/** As yaml's toJS sets a key: an own property even for "__proto__". */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
