// Maps a path inside a parsed YAML document (["routes", "getX", "method"]) to a line and column.
import type { Document, LineCounter, Node, Pair, YAMLMap } from 'yaml';
import { yaml } from './lazy-yaml.js';

export type YamlPath = readonly (string | number)[];

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface PositionOptions {
  /** Point at the key of the last path element rather than its value. */
  readonly atKey?: boolean;
}

/**
 * The position of the deepest node the path reaches: the value itself when it exists,
 * or the closest existing parent (a missing key is reported where it should be).
 */
export function positionOf(doc: Document, lines: LineCounter, path: YamlPath, options: PositionOptions = {}): Position {
  let node: Node | null | undefined = doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (const [index, segment] of path.entries()) {
    const isLast = index === path.length - 1;
    if (yaml().isMap(node)) {
      const pair = pairsByKey(node).get(String(segment));
      if (!pair) break;
      const key = pair.key as Node | null;
      const value = pair.value as Node | null;
      if (isLast && options.atKey && key?.range) {
        offset = key.range[0];
        break;
      }
      node = value;
      offset = value?.range?.[0] ?? key?.range?.[0] ?? offset;
    } else if (yaml().isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (!item) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      break;
    }
  }
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

/** Each mapping's pairs by key, built on first use: a lookup per diagnostic or IR node stays O(1) in huge files. */
const PAIRS = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairsByKey(map: YAMLMap): Map<string, Pair> {
  let index = PAIRS.get(map);
  if (!index) {
    index = new Map();
    for (const item of map.items) {
      const key = yaml().isPair(item) ? keyText(item.key) : undefined;
      if (key !== undefined && !index.has(key)) index.set(key, item);
    }
    PAIRS.set(map, index);
  }
  return index;
}

function keyText(key: unknown): string | undefined {
  if (yaml().isScalar(key)) return String(key.value);
  return undefined;
}
