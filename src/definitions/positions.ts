// Maps a path inside a loaded definition file (["routes", "getX", "method"]) to a line and column.
import { offsetOf, type LookupOptions, type NodeIndex } from './node-index.js';

export type YamlPath = readonly (string | number)[];

export interface FilePositions {
  /** Offset of the start of each line, as the yaml LineCounter records them. */
  readonly lineStarts: ArrayLike<number>;
  /** Where each key and value of the document starts (node-index.ts). */
  readonly index: NodeIndex;
}

/**
 * The position of the deepest node the path reaches: the value itself when it exists,
 * or the closest existing parent (a missing key is reported where it should be); with atKey, the
 * key of the last path element rather than its value.
 */
export function positionOf(positions: FilePositions, path: YamlPath, options: LookupOptions = {}) {
  const { lineStarts } = positions;
  const offset = offsetOf(positions.index, path, options);
  // LineCounter.linePos over the recorded line starts: 1-based line and column of the offset.
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
