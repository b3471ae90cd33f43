// The one reading of structured values a request carries (a JSON body, JSON text in a query parameter,
// header or path segment, a form body, a query's maps and bracket names), with the rules every location
// shares: a member named __proto__ is refused, naming where it is (zod would drop it silently, so the
// handler would see other data than the client sent); nesting deeper than MAX_JSON_DEPTH is refused
// (zod checks recursively and would overflow the stack: a 500); and objects come out without a
// prototype, so that an optional member named like one every object inherits (constructor, toString,
// valueOf) is absent when the request leaves it out, where zod's `key in input` would find it.

import { jsonPointer } from './errors.js';

/** How deep a request's JSON may nest: objects and lists within one another, the outermost counting 1. */
export const MAX_JSON_DEPTH = 100;

/** The member name refused in every location. */
export const RESERVED_MEMBER = '__proto__';

/** A value a request must not carry; `pointer` (RFC 6901, "" for the whole value) says where. */
export class RefusedValue extends Error {
  readonly pointer: string;
  readonly reason: string;

  constructor(pointer: string, reason: string) {
    super(`${pointer === '' ? 'the value' : pointer}: ${reason}`);
    this.pointer = pointer;
    this.reason = reason;
    this.name = 'RefusedValue';
  }
}

/** JSON text as a request value (see requestValue); throws SyntaxError for text that is not JSON. */
export function parseRequestJson(text: string): unknown {
  return requestValue(JSON.parse(text) as unknown);
}

/**
 * A copy of a freshly parsed value with null-prototype objects; throws RefusedValue at the first member
 * named __proto__ or the first value nested deeper than MAX_JSON_DEPTH.
 */
export function requestValue(value: unknown): unknown {
  return copy(value, [], 0);
}

/** `path` is the way down to `value`, kept on one stack (pushed and popped) so that a large body costs no copies. */
function copy(value: unknown, path: string[], depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH)
    // Named by its outermost member: the whole pointer would be a hundred segments long.
    throw new RefusedValue(jsonPointer(path.slice(0, 1)), `nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (Array.isArray(value)) return value.map((item, index) => member(item, String(index), path, depth));
  const plain = Object.create(null) as Record<string, unknown>;
  for (const [name, item] of Object.entries(value)) {
    if (name === RESERVED_MEMBER)
      throw new RefusedValue(jsonPointer([...path, name]), `the member name ${RESERVED_MEMBER} is reserved`);
    plain[name] = member(item, name, path, depth);
  }
  return plain;
}

function member(value: unknown, name: string, path: string[], depth: number): unknown {
  path.push(name);
  const copied = copy(value, path, depth + 1);
  path.pop();
  return copied;
}
