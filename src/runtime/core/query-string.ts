// The one reading of a request's query: what the server's parameters, the apiKey scheme and log
// redaction all see (queryOf, queryPairs). Parses it with bracket notation (a[0][b]=1, a[]=x, a[k]=v)
// into objects and lists, and form-style lists (a=x&a=y, OpenAPI's style form with explode true) for
// the names the caller says are lists. Hostile input is bounded: depth and size are capped; objects
// have no prototype, so a __proto__ name is an own member (request-json.ts refuses it, naming it).

const MAX_PARAMETERS = 1000;
const MAX_DEPTH = 5;
const MAX_INDEX = 1000;

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };

/**
 * The query of a request target: everything after its first "?". A "#" in it is an ordinary character: a request
 * target has no fragment (RFC 9112 section 3.2), so nothing after a "#" is hidden from one reader and shown to another.
 */
export function queryOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/** One name=value pair of a query as written (`raw`), and decoded; name or value undefined where an escape is bad. */
export interface QueryPair {
  readonly raw: string;
  readonly name: string | undefined;
  readonly value: string | undefined;
}

/** The pairs of a query, in order, at most MAX_PARAMETERS (those past it are not read). */
export function queryPairs(query: string): QueryPair[] {
  return query.split('&').filter(Boolean).slice(0, MAX_PARAMETERS).map(queryPair);
}

/** One pair: the name up to its first "=", the value after it ("" without one). */
export function queryPair(raw: string): QueryPair {
  const equals = raw.indexOf('=');
  return {
    raw,
    name: decodeQueryText(equals === -1 ? raw : raw.slice(0, equals)),
    value: decodeQueryText(equals === -1 ? '' : raw.slice(equals + 1)),
  };
}

/** The first value of the parameter `name` (a repeated one counts by its first value), as the server reads it. */
export function firstQueryValue(query: string, name: string): string | undefined {
  return queryPairs(query).find((pair) => pair.name === name && pair.value !== undefined)?.value;
}

/**
 * The parameters of `query`. A name in `lists` may repeat (tag=a&tag=c is ["a", "c"]) and a single
 * value of it is a one-element list; any other repeated name keeps its first value.
 */
export function parseQueryString(query: string, lists: ReadonlySet<string> = new Set()): Record<string, QueryValue> {
  const root: Record<string, QueryValue> = Object.create(null) as Record<string, QueryValue>;
  for (const { name: rawKey, value } of queryPairs(query)) {
    if (rawKey === undefined || value === undefined) continue;
    const path = keyPath(rawKey);
    if (path) assign(root, lists.has(rawKey) ? [rawKey, ''] : path, value);
  }
  return toPlain(root as unknown as Node) as Record<string, QueryValue>;
}

/** A query written only with RFC 3986's unreserved characters, "=" and "&": nothing in it to decode or nest. */
const FLAT_QUERY = /^[A-Za-z0-9._~&=-]*$/;

/**
 * The query as parseQueryString reads it, for a route whose parameters are all scalars named in `names`, none of
 * them an index or a member every object inherits (query-schema.ts, flatQueryNames): a plain object of each name's
 * value. Undefined where the query holds anything the full reading treats specially (an escape, "+", a bracket, a
 * name repeated or not in `names`), which the caller then reads in full. A plain object, unlike the full reading's,
 * because a route's parameters are read from it by name only, and objects without a prototype cost V8 a dictionary.
 */
export function flatQuery(query: string, names: ReadonlySet<string>): Record<string, string> | undefined {
  if (!FLAT_QUERY.test(query)) return undefined;
  const values: Record<string, string> = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (!names.has(name) || Object.hasOwn(values, name)) return undefined;
    values[name] = equals === -1 ? '' : pair.slice(equals + 1);
  }
  return values;
}

/** Query text decoded as forms are ("+" is a space); undefined for a malformed escape. */
export function decodeQueryText(text: string): string | undefined {
  // Most names and values have nothing to decode: no regular expression or decoder for them.
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** "a[0][b]" → ["a", "0", "b"]; "a[]" → ["a", ""]; undefined for a key past the limits. */
function keyPath(key: string): string[] | undefined {
  if (!key.includes('[')) return [key];
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const segments = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
  if (segments.length > MAX_DEPTH + 1) return undefined;
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

/** Objects whose keys are all 0..n-1 become lists; objects keep no prototype. */
function toPlain(node: Node | string): QueryValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  if (isList) return keys.map((key) => toPlain(node[key] as Node | string));
  const plain = Object.create(null) as Record<string, QueryValue>;
  for (const key of keys) plain[key] = toPlain(node[key] as Node | string);
  return plain;
}

/** How a route writes its query beyond bracket notation (server/query-schema.ts finds them in its schema). */
export interface QueryForms {
  /** The form-style objects (style form, explode true) and their members' names: from=1&to=2 is span {from, to}. */
  readonly formObjects: ReadonlyMap<string, readonly string[]>;
  /** The lists of records that take the short form filter[title]=x, with their key and value members. */
  readonly shortForms?: Readonly<Record<string, { readonly key: string; readonly value: string }>> | undefined;
}

/**
 * A parsed query's parameters as the route declares them: short forms expanded, form-style objects gathered. What the
 * server reads and the mocks hand their resolvers, so that both read a query alike.
 */
export function routeQueryParameters(query: Record<string, QueryValue>, forms: QueryForms): Record<string, QueryValue> {
  return gatherFormObjects(forms.formObjects, expandShortForms(forms.shortForms, query));
}

/** name[k]=v → name[i][key]=k&name[i][value]=v for the lists that allow the short form; indexed items stay. */
function expandShortForms(
  shortForms: QueryForms['shortForms'],
  query: Record<string, QueryValue>,
): Record<string, QueryValue> {
  for (const [name, form] of Object.entries(shortForms ?? {})) {
    const value = query[name];
    if (typeof value !== 'object' || Array.isArray(value)) continue;
    query[name] = Object.entries(value).map(([key, item]) =>
      /^[0-9]+$/.test(key) ? item : { [form.key]: key, [form.value]: item },
    );
  }
  return query;
}

/**
 * A form-style object arrives as its members' own names (from=1&to=2, style form, explode true):
 * they are gathered under the parameter's name. The bracket spelling (span[from]=1), which tools
 * that default to deepObject send, is read as well.
 */
function gatherFormObjects(
  objects: ReadonlyMap<string, readonly string[]>,
  query: Record<string, QueryValue>,
): Record<string, QueryValue> {
  for (const [name, members] of objects) {
    if (query[name] !== undefined) continue;
    const present = members.filter((member) => query[member] !== undefined);
    if (present.length === 0) continue;
    query[name] = Object.fromEntries(present.map((member) => [member, query[member] as QueryValue]));
    for (const member of present) delete query[member];
  }
  return query;
}
