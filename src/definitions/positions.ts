// Maps a path inside a loaded definition file (["routes", "getX", "method"]) to a line and column.
// A file is indexed whole, or in chunks when it was parsed split (see chunked-load.ts): the path's
// first two segments pick the chunk, whose offsets are then moved to the file's.
import { offsetOf, type NodeIndex } from './node-index.js';

export type YamlPath = readonly (string | number)[];

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface PositionOptions {
  /** Point at the key of the last path element rather than its value. */
  readonly atKey?: boolean;
}

/** A chunk's index, placed in the file: its offset `prefixLength` is the file's offset `base`. */
export interface PlacedIndex {
  readonly index: NodeIndex;
  readonly base: number;
  /** Characters parsed before the chunk's own text (the header line a split entry is parsed under). */
  readonly prefixLength: number;
}

/** Where a top-level key of a split file lives: one chunk, or a chunk per entry of its mapping. */
export type TopLevelChunks = { readonly chunk: number } | { readonly first: number; readonly entries: ReadonlyMap<string, number> };

export interface FilePositions {
  /** Offset of the start of each line, as the yaml LineCounter records them. */
  readonly lineStarts: ArrayLike<number>;
  /** chunks[0] begins the file and holds its root; a file parsed whole has only that one. */
  readonly chunks: readonly PlacedIndex[];
  readonly topLevel?: ReadonlyMap<string, TopLevelChunks> | undefined;
}

export function wholeFilePositions(index: NodeIndex, lineStarts: ArrayLike<number>): FilePositions {
  return { lineStarts, chunks: [{ index, base: 0, prefixLength: 0 }] };
}

/**
 * The position of the deepest node the path reaches: the value itself when it exists,
 * or the closest existing parent (a missing key is reported where it should be).
 */
export function positionOf(positions: FilePositions, path: YamlPath, options: PositionOptions = {}): Position {
  const chunk = positions.chunks[chunkFor(positions, path)] as PlacedIndex;
  const offset = chunk.base + offsetOf(chunk.index, path, options) - chunk.prefixLength;
  return linePos(positions.lineStarts, offset);
}

/**
 * A path outside every split entry (the root, a missing key) is looked up in the chunk that holds
 * its deepest existing parent: the file's first chunk, or a mapping's first entry chunk, which
 * begins with the mapping's own key.
 */
function chunkFor(positions: FilePositions, path: YamlPath): number {
  const top = path.length > 0 ? positions.topLevel?.get(String(path[0])) : undefined;
  if (!top) return 0;
  if ('chunk' in top) return top.chunk;
  return (path.length > 1 ? top.entries.get(String(path[1])) : undefined) ?? top.first;
}

/** LineCounter.linePos over recorded line starts: 1-based line and column of an offset. */
export function linePos(lineStarts: ArrayLike<number>, offset: number): Position {
  let low = 0;
  let high = lineStarts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((lineStarts[mid] as number) < offset) low = mid + 1;
    else high = mid;
  }
  if (lineStarts[low] === offset) return { line: low + 1, column: 1 };
  if (low === 0) return { line: 0, column: offset };
  return { line: low, column: offset - (lineStarts[low - 1] as number) + 1 };
}
