// The api-alias style, as a client reads it: the records themselves, each object of a record with an
// apiAlias carrying it, which the client drops. The server's side is wire-api-alias-server.ts.
import { isObject, kindOf } from '../../core/json-kinds.js';
import type { WireStyle } from '../wire-styles.js';

/** The request member (and query parameter) that names the fields to keep per apiAlias, on every route. */
export const INCLUDES_MEMBER = 'includes';

export const apiAliasWire: WireStyle = {
  accept: 'application/json',
  negotiated: false,
  countsEnvelopedLists: false,
  takesIncludes: true,
  handedIn: false,
  envelopeProblem(meta, response, body) {
    if (response.list && Array.isArray(body)) return undefined;
    // api-alias responses are plain JSON: one that is not a record (a count, a string) needs no object.
    if (response.record === undefined && !response.total) return undefined;
    if (!isObject(body)) return `expected a JSON object, got ${kindOf(body)}`;
    const alias = response.record === undefined ? undefined : meta.records[response.record]?.apiAlias;
    if (alias === undefined || response.list || body['apiAlias'] === alias) return undefined;
    return `"apiAlias" is ${JSON.stringify(body['apiAlias'])}, not "${alias}"`;
  },
  unwrap: ({ body }) => withoutApiAlias(body),
};

function withoutApiAlias(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutApiAlias);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'apiAlias')
      .map(([key, item]) => [key, withoutApiAlias(item)]),
  );
}
