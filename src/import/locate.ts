// Where a JSON pointer is written in its file, as line:column: found only for the pointers a report
// names, by one scan of the JSON text or a walk of the YAML nodes.
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import { displayPath } from '../definitions/sources.js';

/** "file:line:col" for a pointer of a loaded file (the file alone when the pointer is not found). */
export interface Locator {
  (file: string, pointer: string): string;
  /** Finds many places at once: each JSON file is scanned once for all of them, not once per place. */
  prepare(places: Iterable<{ readonly file: string; readonly pointer: string }>): void;
}

export interface SourceText {
  readonly text: string;
  /** Set for a YAML file: its nodes carry their offsets. */
  readonly yaml?: { readonly document: Document; readonly lines: LineCounter };
}

/** A column past which a place is also named by its JSON pointer. */
const FAR_COLUMN = 200;

/** Offsets where each line starts, per text: found once, then each position is a binary search. */
const lineStarts = new WeakMap<object, number[]>();

export function lineColumn(text: string, offset: number, key: object = { text }): string {
  let starts = lineStarts.get(key);
  if (!starts) {
    starts = [0];
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
    lineStarts.set(key, starts);
  }
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return `${low + 1}:${offset - (starts[low] as number) + 1}`;
}

export function makeLocator(sources: ReadonlyMap<string, SourceText>): Locator {
  // Per JSON file, the offset of each pointer asked for (undefined: not even an ancestor is written).
  const found = new Map<string, Map<string, number | undefined>>();
  const prepare = (places: Iterable<{ readonly file: string; readonly pointer: string }>) => {
    const wanted = new Map<string, Set<string>>();
    for (const { file, pointer } of places) {
      if (!sources.get(file) || sources.get(file)?.yaml || found.get(file)?.has(pointer)) continue;
      const pointers = wanted.get(file) ?? new Set<string>();
      wanted.set(file, pointers.add(pointer));
    }
    for (const [file, pointers] of wanted) {
      const offsets = jsonOffsets((sources.get(file) as SourceText).text, pointers);
      const known = found.get(file) ?? new Map<string, number | undefined>();
      for (const pointer of pointers) known.set(pointer, nearest(offsets, pointer));
      found.set(file, known);
    }
  };
  const locate = (file: string, pointer: string): string => {
    const source = sources.get(file);
    const where = displayPath(file);
    if (!source) return where;
    let offset: number | undefined;
    if (source.yaml) offset = yamlOffset(source.yaml.document, pointer);
    else {
      prepare([{ file, pointer }]);
      offset = found.get(file)?.get(pointer);
    }
    if (offset === undefined) return where;
    const place = lineColumn(source.text, offset, source);
    // Far into a line (a minified JSON document), line and column find nothing: the pointer does.
    const column = Number(place.slice(place.indexOf(':') + 1));
    return column > FAR_COLUMN ? `${where}:${place} (#${pointer})` : `${where}:${place}`;
  };
  return Object.assign(locate, { prepare });
}

/** The offset of the pointer, or of its nearest ancestor that is written. */
function nearest(offsets: ReadonlyMap<string, number>, pointer: string): number | undefined {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    const offset = offsets.get(at);
    if (offset !== undefined || at === '') return offset;
  }
}

function unescape(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function yamlOffset(document: Document, pointer: string): number | undefined {
  let node: unknown = document.contents;
  let offset = (node as Node | null)?.range?.[0];
  for (const segment of pointer.split('/').slice(1).map(unescape)) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : undefined) === segment);
      if (!pair) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
      offset = (node as Node | undefined)?.range?.[0] ?? offset;
    } else break;
  }
  return offset;
}

/**
 * The offsets of the wanted pointers of a JSON text and of their ancestors (a member by its key, an array item
 * by its value), in one pass that skips every value off their paths without reading it.
 */
export function jsonOffsets(text: string, wanted: Iterable<string>): Map<string, number> {
  const onPath = new Set<string>(['']);
  for (const pointer of wanted) for (let at = pointer; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) onPath.add(at);
  const offsets = new Map<string, number>([['', 0]]);
  // Each open container on a path: its pointer, and for an array the next index.
  const stack: { pointer: string; index: number; array: boolean }[] = [];
  let pendingKey: string | undefined;
  let expectKey = false;
  let index = 0;
  /** The pointer of the value starting here, recorded when it is on a path; undefined when it is not. */
  const valueAt = (at: number): string | undefined => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    let pointer: string;
    if (top.array) pointer = `${top.pointer}/${top.index++}`;
    else pointer = `${top.pointer}/${escapePointer(pendingKey ?? '')}`;
    pendingKey = undefined;
    if (!onPath.has(pointer)) return undefined;
    if (top.array) offsets.set(pointer, at);
    return pointer;
  };
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '}' || char === ']') {
      stack.pop();
      index += 1;
    } else if (char === ',') {
      const top = stack[stack.length - 1];
      expectKey = top !== undefined && !top.array;
      index += 1;
    } else if (char === ':' || char === ' ' || char === '\n' || char === '\r' || char === '\t') {
      index += 1;
    } else if (expectKey && char === '"') {
      const end = stringEnd(text, index);
      const top = stack[stack.length - 1] as { pointer: string };
      pendingKey = JSON.parse(text.slice(index, end)) as string;
      const pointer = `${top.pointer}/${escapePointer(pendingKey)}`;
      if (onPath.has(pointer)) offsets.set(pointer, index);
      expectKey = false;
      index = end;
    } else {
      const pointer = valueAt(index);
      if (pointer === undefined) index = valueEnd(text, index);
      else if (char === '{' || char === '[') {
        stack.push({ pointer, index: 0, array: char === '[' });
        expectKey = char === '{';
        index += 1;
      } else index = valueEnd(text, index);
    }
  }
  return offsets;
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The index after the string starting at `at` (its opening quote). */
function stringEnd(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
  return end + 1;
}

/** The index after the value starting at `at`: a string, a number or word, or a whole object or array. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    while (at < text.length && !',}] \n\r\t'.includes(text[at] as string)) at += 1;
    return at;
  }
  let depth = 0;
  for (let end = at; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (code === 0x22) end = stringEnd(text, end) - 1;
    else if (code === 0x7b || code === 0x5b) depth += 1;
    else if ((code === 0x7d || code === 0x5d) && --depth === 0) return end + 1;
  }
  return text.length;
}
