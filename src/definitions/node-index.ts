// One walk over a parsed YAML document: its shape (for the size and depth guards) and an index of
// where each mapping key and value starts, as plain data (typed arrays and strings). The index
// answers the question positions.ts asks: which offset does a path reach, the way a walk through
// the yaml Document would.
import * as yaml from 'yaml';

/**
 * Node i of the index is fields[i * NODE_FIELDS + …]: where its value starts, where its key starts
 * (mapping values only), its kind, and the id range of its children (allocated together, in item
 * order). -1 marks an offset the document has not got. Node 0 is the document's root.
 */
export const NODE_FIELDS = 5;
const START = 0;
const KEY_START = 1;
const KIND = 2;
const FIRST_CHILD = 3;
const CHILD_COUNT = 4;

export const LEAF = 0;
export const MAP = 1;
export const SEQ = 2;

export interface NodeIndex {
  readonly fields: Int32Array;
  /** Each node's key as positions are looked up by (String of a scalar key), or null. */
  readonly keys: readonly (string | null)[];
}

export interface DocumentShape {
  /** Deepest nesting of collections, aliases not followed. */
  readonly depth: number;
  /** Nodes written in the document, an alias counting as one. */
  readonly nodes: number;
  /** Offsets of keys that repeat an earlier key of the same mapping. */
  readonly duplicateKeys: readonly number[];
  /** Offset of the first alias of each name (in walk order). */
  readonly aliases: ReadonlyMap<string, number>;
  /** Whether any node has an anchor or an explicit tag. */
  readonly decorated: boolean;
}

interface Ranged {
  readonly range?: readonly number[] | null;
  readonly anchor?: string;
  readonly tag?: string;
}

/** One pass over the parsed document, without recursion (a hostile document may nest thousands deep). */
export function walkDocument(document: yaml.Document): { shape: DocumentShape; index: NodeIndex } {
  let depth = 0;
  let nodes = 0;
  let decorated = false;
  const duplicateKeys: number[] = [];
  const aliases = new Map<string, number>();
  const fields: number[] = [];
  const keys: (string | null)[] = [];
  const add = (start: number, keyStart: number, key: string | null, value: unknown): number => {
    fields.push(start, keyStart, yaml.isMap(value) ? MAP : yaml.isSeq(value) ? SEQ : LEAF, 0, 0);
    keys.push(key);
    return keys.length - 1;
  };
  const root = document.contents as unknown;
  add(startOf(root), -1, null, root);
  // Each entry: node, nesting level, index id (-1: not reachable by a path, e.g. a key).
  const stack: [unknown, number, number][] = [[root, 1, 0]];
  while (stack.length > 0) {
    const [node, level, id] = stack.pop() as [unknown, number, number];
    if (node === null || node === undefined) continue;
    nodes += 1;
    if ((node as Ranged).anchor !== undefined || (node as Ranged).tag !== undefined) decorated = true;
    if (yaml.isAlias(node)) {
      if (!aliases.has(node.source)) aliases.set(node.source, node.range?.[0] ?? 0);
      continue;
    }
    if (!yaml.isMap(node) && !yaml.isSeq(node)) continue;
    depth = Math.max(depth, level);
    if (id >= 0) {
      fields[id * NODE_FIELDS + FIRST_CHILD] = keys.length;
      fields[id * NODE_FIELDS + CHILD_COUNT] = node.items.length;
    }
    const isMap = yaml.isMap(node);
    const seen = new Set<string>();
    for (const item of node.items as unknown[]) {
      if (!yaml.isPair(item)) {
        const child = id >= 0 ? add(isMap ? -1 : startOf(item), -1, null, isMap ? null : item) : -1;
        stack.push([item, level + 1, isMap ? -1 : child]);
        continue;
      }
      const keyText = yaml.isScalar(item.key) ? String(item.key.value) : null;
      if (isMap && keyText !== null) {
        if (seen.has(keyText)) duplicateKeys.push((item.key as Ranged).range?.[0] ?? 0);
        seen.add(keyText);
      }
      // A pair written as a list item is not a step a path can take: positions stop there.
      const child =
        id < 0
          ? -1
          : isMap
            ? add(startOf(item.value), startOf(item.key), keyText, item.value)
            : add(-1, -1, null, null);
      stack.push([item.key, level + 1, -1], [item.value, level + 1, isMap ? child : -1]);
    }
  }
  return {
    shape: { depth, nodes, duplicateKeys, aliases, decorated },
    index: { fields: Int32Array.from(fields), keys },
  };
}

function startOf(node: unknown): number {
  return (node as Ranged | null | undefined)?.range?.[0] ?? -1;
}

export interface LookupOptions {
  readonly atKey?: boolean | undefined;
}

/** Children of each large mapping by key, built on first use, so lookups stay O(1) in huge mappings. */
const KEY_MAPS = new WeakMap<NodeIndex, Map<number, Map<string, number>>>();
const SCAN_LIMIT = 8;

/**
 * The offset the path reaches: the value itself when it exists, or the closest existing parent
 * (a missing key is reported where it should be). With atKey, the key of the last path element.
 */
export function offsetOf(index: NodeIndex, path: readonly (string | number)[], options: LookupOptions = {}): number {
  const { fields } = index;
  let id = 0;
  let offset = Math.max(fields[START] ?? -1, 0);
  for (let position = 0; position < path.length; position += 1) {
    const segment = path[position] as string | number;
    const base = id * NODE_FIELDS;
    const kind = fields[base + KIND];
    if (kind === MAP) {
      const child = childByKey(index, id, String(segment));
      if (child < 0) break;
      const keyStart = fields[child * NODE_FIELDS + KEY_START] ?? -1;
      if (position === path.length - 1 && options.atKey && keyStart >= 0) {
        offset = keyStart;
        break;
      }
      id = child;
      const start = fields[child * NODE_FIELDS + START] ?? -1;
      offset = start >= 0 ? start : keyStart >= 0 ? keyStart : offset;
    } else if (kind === SEQ && typeof segment === 'number') {
      if (!Number.isInteger(segment) || segment < 0 || segment >= (fields[base + CHILD_COUNT] ?? 0)) break;
      id = (fields[base + FIRST_CHILD] ?? 0) + segment;
      const start = fields[id * NODE_FIELDS + START] ?? -1;
      if (start >= 0) offset = start;
    } else {
      break;
    }
  }
  return offset;
}

/** The child of mapping `id` with the given key (the first, if repeated), or -1. */
function childByKey(index: NodeIndex, id: number, key: string): number {
  const first = index.fields[id * NODE_FIELDS + FIRST_CHILD] ?? 0;
  const count = index.fields[id * NODE_FIELDS + CHILD_COUNT] ?? 0;
  if (count <= SCAN_LIMIT) {
    for (let child = first; child < first + count; child += 1) if (index.keys[child] === key) return child;
    return -1;
  }
  let maps = KEY_MAPS.get(index);
  if (!maps) KEY_MAPS.set(index, (maps = new Map()));
  let byKey = maps.get(id);
  if (!byKey) {
    byKey = new Map();
    for (let child = first; child < first + count; child += 1) {
      const name = index.keys[child];
      if (name !== null && name !== undefined && !byKey.has(name)) byKey.set(name, child);
    }
    maps.set(id, byKey);
  }
  return byKey.get(key) ?? -1;
}

/** Node `id` of `source`, its offsets moved by `shift`; below it `children`, or else its own children. */
export interface PlacedNode {
  readonly source: NodeIndex;
  readonly id: number;
  readonly shift: number;
  readonly children?: readonly PlacedNode[] | undefined;
}

/** One index made of nodes of others: a file loaded from chunks gets the index a whole-file parse gives. */
export function placedIndex(root: PlacedNode): NodeIndex {
  const index = new IndexWriter();
  // The placed nodes first, breadth first, so each one's children get consecutive ids (a placed
  // node's id is then its place in `placed`); then below each placed without children its own
  // subtree. A 2 MB file has hundreds of thousands of nodes, each copied on every load from
  // chunks: nothing is allocated per node but its queue entry.
  const placed: PlacedNode[] = [root];
  index.add(root.source, root.id, root.shift);
  const leaves: number[] = [];
  for (let at = 0; at < placed.length; at += 1) {
    const children = (placed[at] as PlacedNode).children;
    if (!children) {
      leaves.push(at);
      continue;
    }
    index.setChildren(at, index.size, children.length);
    for (const child of children) {
      placed.push(child);
      index.add(child.source, child.id, child.shift);
    }
  }
  for (const at of leaves) {
    const { source, id, shift } = placed[at] as PlacedNode;
    // Breadth first through the source: the node at queue[q] (q >= 1) becomes node base + q - 1.
    const base = index.size;
    const queue = [id];
    for (let q = 0; q < queue.length; q += 1) {
      const from = (queue[q] as number) * NODE_FIELDS;
      const first = source.fields[from + FIRST_CHILD] as number;
      const count = source.fields[from + CHILD_COUNT] as number;
      index.setChildren(q === 0 ? at : base + q - 1, index.size, count);
      for (let child = first; child < first + count; child += 1) {
        queue.push(child);
        index.add(source, child, shift);
      }
    }
  }
  return index.finish();
}

/** An index written node by node into a typed array that grows as needed. */
class IndexWriter {
  private fields = new Int32Array(1024 * NODE_FIELDS);
  private readonly keys: (string | null)[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** Appends node `id` of `source`, its offsets moved by `shift`, with no children yet. */
  add(source: NodeIndex, id: number, shift: number): void {
    const to = this.keys.length * NODE_FIELDS;
    if (to + NODE_FIELDS > this.fields.length) {
      const grown = new Int32Array(this.fields.length * 2);
      grown.set(this.fields);
      this.fields = grown;
    }
    const from = id * NODE_FIELDS;
    const start = source.fields[from + START] as number;
    const keyStart = source.fields[from + KEY_START] as number;
    this.fields[to + START] = start < 0 ? -1 : start + shift;
    this.fields[to + KEY_START] = keyStart < 0 ? -1 : keyStart + shift;
    this.fields[to + KIND] = source.fields[from + KIND] ?? LEAF;
    this.keys.push(source.keys[id] ?? null);
  }

  setChildren(id: number, first: number, count: number): void {
    this.fields[id * NODE_FIELDS + FIRST_CHILD] = first;
    this.fields[id * NODE_FIELDS + CHILD_COUNT] = count;
  }

  finish(): NodeIndex {
    return { fields: this.fields.slice(0, this.keys.length * NODE_FIELDS), keys: this.keys };
  }
}

/** The kind of node `id` and the id range of its children (-2 for a node the index has not got). */
export function nodeAt(index: NodeIndex, id: number): { kind: number; first: number; count: number } {
  const field = (offset: number): number => index.fields[id * NODE_FIELDS + offset] ?? -2;
  return { kind: field(KIND), first: field(FIRST_CHILD), count: field(CHILD_COUNT) };
}

/**
 * Whether data read from a cache is an index walkDocument could have made of a text of `length`
 * characters: each node but the root is the child of exactly one node before it (no loops, no
 * node reached twice), every offset inside the text.
 */
export function isNodeIndex(fields: Int32Array, keys: unknown, length: number): keys is (string | null)[] {
  const nodes = fields.length / NODE_FIELDS;
  if (!Array.isArray(keys) || !Number.isInteger(nodes) || nodes < 1 || keys.length !== nodes) return false;
  const parented = new Uint8Array(nodes);
  let children = 0;
  // Field by field, with nothing allocated per node: every run that loads from chunks checks every node.
  for (let id = 0; id < nodes; id += 1) {
    const base = id * NODE_FIELDS;
    const start = fields[base + START] as number;
    const keyStart = fields[base + KEY_START] as number;
    const kind = fields[base + KIND] as number;
    const first = fields[base + FIRST_CHILD] as number;
    const count = fields[base + CHILD_COUNT] as number;
    if (start < -1 || keyStart < -1 || start > length || keyStart > length) return false;
    if (kind !== LEAF && kind !== MAP && kind !== SEQ) return false;
    if ((keys[id] !== null && typeof keys[id] !== 'string') || count < 0) return false;
    if (count > 0 && (kind === LEAF || first <= id || first + count > nodes)) return false;
    for (let child = first; child < first + count; child += 1) {
      if (parented[child] === 1) return false;
      parented[child] = 1;
    }
    children += count;
  }
  return children === nodes - 1;
}
