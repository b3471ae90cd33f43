// A parsed chunk in the form it crosses threads and is cached in: its index's fields as an
// Int32Array, its index keys and value as JSON text (what JSON.parse reads several times faster
// than v8.deserialize reads the objects), and the value as v8 serialization instead when JSON
// cannot hold it exactly (-0, Infinity, NaN).
import { deserialize, serialize } from 'node:v8';
import type { ParsedChunk } from './chunk-parse.js';
import { MAX_TOKENS } from './limits.js';
import { isNodeIndex } from './node-index.js';

export interface EncodedChunk {
  readonly tokens: number;
  readonly fields: Int32Array;
  /** [keys, value] as JSON (UTF-8), or [keys] when the value is in `v8`. */
  readonly json: Uint8Array;
  readonly v8?: Uint8Array | undefined;
}

export function encodeChunk(parsed: ParsedChunk): EncodedChunk {
  const { value, index, tokens } = parsed;
  let exact = true;
  // The holder's own item, as toJSON (a Date's) has not yet replaced it.
  const json = JSON.stringify([index.keys, value], function (this: Record<string, unknown>, key: string, item: unknown) {
    if (!holdsExactly(this[key])) exact = false;
    return item;
  });
  return exact ? { tokens, fields: index.fields, json: Buffer.from(json) } : { tokens, fields: index.fields, json: Buffer.from(JSON.stringify([index.keys])), v8: serialize(value) };
}

/** Whether JSON.parse gives this item back as it is (its contents are checked on their own). */
function holdsExactly(item: unknown): boolean {
  switch (typeof item) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(item) && !Object.is(item, -0);
    case 'object':
      return item === null || Array.isArray(item) || Object.getPrototypeOf(item) === Object.prototype;
    default:
      return false;
  }
}

/** A worker's encoded result as a parsed chunk of `length` characters; undefined when malformed. */
export function decodeChunk(encoded: EncodedChunk, length: number): ParsedChunk | undefined {
  const { json } = encoded;
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString());
  } catch {
    return undefined;
  }
  return chunkOf(encoded, parsedJson, length);
}

/**
 * The parsed chunk an encoded one stands for, given its JSON already parsed (a pack parses all its
 * entries' JSON at once); undefined unless it is well-formed for a chunk of `length` characters.
 * Values are trusted to be data (they come from JSON.parse or v8.deserialize); their first levels
 * are checked again when the file is assembled.
 */
export function chunkOf(encoded: EncodedChunk, parsedJson: unknown, length: number): ParsedChunk | undefined {
  const { tokens, fields, v8 } = encoded;
  if (!Array.isArray(parsedJson) || parsedJson.length !== (v8 ? 1 : 2)) return undefined;
  if (!Number.isInteger(tokens) || tokens < 0 || tokens > MAX_TOKENS) return undefined;
  const index = { fields, keys: parsedJson[0] as unknown };
  if (!isNodeIndex(index, length)) return undefined;
  if (!v8) return { value: parsedJson[1], index, tokens };
  try {
    return { value: deserialize(v8), index, tokens };
  } catch {
    return undefined;
  }
}
