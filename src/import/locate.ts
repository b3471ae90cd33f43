// Where a JSON pointer is written in its file, as line:column: found only for the pointers a report
// names, by one scan of the JSON text or a walk of the YAML nodes.
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import { displayPath } from '../definitions/sources.js';

/** "file:line:col" for a pointer of a loaded file (the file alone when the pointer is not found). */
export type Locator = (file: string, pointer: string) => string;

export interface SourceText {
  readonly text: string;
  /** Set for a YAML file: its nodes carry their offsets. */
  readonly yaml?: { readonly document: Document; readonly lines: LineCounter };
}

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
  const cache = new Map<string, Map<string, number>>();
  return (file, pointer) => {
    const source = sources.get(file);
    const where = displayPath(file);
    if (!source) return where;
    let offset: number | undefined;
    if (source.yaml) offset = yamlOffset(source.yaml.document, pointer);
    else {
      let found = cache.get(file);
      if (!found) cache.set(file, (found = jsonOffsets(source.text)));
      offset = nearest(found, pointer);
    }
    return offset === undefined ? where : `${where}:${lineColumn(source.text, offset, source)}`;
  };
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
 * The offset of every member key and array item of a JSON text, by pointer: one pass, no values
 * built. Only run when a report names a place in the file.
 */
export function jsonOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>([['', 0]]);
  // Each open container: its pointer, and for an array the next index.
  const stack: { pointer: string; index: number; array: boolean }[] = [];
  let pendingKey: string | undefined;
  let index = 0;
  const valueStarts = (at: number): string | undefined => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    if (top.array) {
      const pointer = `${top.pointer}/${top.index}`;
      top.index += 1;
      offsets.set(pointer, at);
      return pointer;
    }
    const pointer = `${top.pointer}/${(pendingKey ?? '').replaceAll('~', '~0').replaceAll('/', '~1')}`;
    pendingKey = undefined;
    return pointer;
  };
  let expectKey = false;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '{' || char === '[') {
      const pointer = valueStarts(index) ?? '';
      stack.push({ pointer, index: 0, array: char === '[' });
      expectKey = char === '{';
      index += 1;
    } else if (char === '}' || char === ']') {
      stack.pop();
      index += 1;
    } else if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top && !top.array) {
        pendingKey = JSON.parse(text.slice(index, end + 1)) as string;
        offsets.set(`${top.pointer}/${pendingKey.replaceAll('~', '~0').replaceAll('/', '~1')}`, index);
        expectKey = false;
      } else valueStarts(index);
      index = end + 1;
    } else if (char === ',') {
      const top = stack[stack.length - 1];
      expectKey = top !== undefined && !top.array;
      index += 1;
    } else if (char === ':' || char === ' ' || char === '\n' || char === '\r' || char === '\t') {
      index += 1;
    } else {
      // A number, true, false or null.
      valueStarts(index);
      while (index < text.length && !',}] \n\r\t'.includes(text[index] as string)) index += 1;
    }
  }
  return offsets;
}
