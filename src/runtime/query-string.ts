// Parses a query string with bracket notation (a[0][b]=1, a[]=x, a[k]=v) into plain objects
// and lists, and form-style lists (a=x&a=y, OpenAPI's style form with explode true) for the names
// the caller says are lists. Hostile input is bounded: keys like __proto__ are dropped, depth and
// size are capped.

const MAX_PARAMETERS = 1000;
const MAX_DEPTH = 5;
const MAX_INDEX = 1000;
// Values land on null-prototype nodes and then plain objects, where only __proto__ would reach the prototype.
const FORBIDDEN_KEYS = new Set(['__proto__']);

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };

/**
 * The parameters of `query`. A name in `lists` may repeat (tag=a&tag=c is ["a", "c"]) and a single
 * value of it is a one-element list; any other repeated name keeps its first value.
 */
export function parseQueryString(query: string, lists: ReadonlySet<string> = new Set()): Record<string, QueryValue> {
  const root: Record<string, QueryValue> = Object.create(null) as Record<string, QueryValue>;
  const pairs = query.split('&').filter(Boolean).slice(0, MAX_PARAMETERS);
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const rawKey = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = decode(equals === -1 ? '' : pair.slice(equals + 1));
    if (rawKey === undefined || value === undefined) continue;
    const path = keyPath(rawKey);
    if (path) assign(root, lists.has(rawKey) ? [rawKey, ''] : path, value);
  }
  return toPlain(root as unknown as Node) as Record<string, QueryValue>;
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** "a[0][b]" → ["a", "0", "b"]; "a[]" → ["a", ""]; undefined for a key past the limits. */
function keyPath(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const segments = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
  if (segments.length > MAX_DEPTH + 1 || segments.some((segment) => FORBIDDEN_KEYS.has(segment))) return undefined;
  return segments;
}

type Node = { [key: string]: Node | string };

function assign(root: Record<string, QueryValue>, path: string[], value: string): void {
  let node = root as unknown as Node;
  for (const [index, segment] of path.entries()) {
    const isLast = index === path.length - 1;
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (/^[0-9]+$/.test(key) && Number(key) > MAX_INDEX) return;
    if (isLast) {
      if (!(key in node)) node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === 'string') return;
    node = next ?? (node[key] = Object.create(null) as Node);
  }
}

/** Objects whose keys are all 0..n-1 become lists; every object gets a normal prototype. */
function toPlain(node: Node | string): QueryValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  if (isList) return keys.map((key) => toPlain(node[key] as Node | string));
  const plain: Record<string, QueryValue> = {};
  for (const key of keys) plain[key] = toPlain(node[key] as Node | string);
  return plain;
}
