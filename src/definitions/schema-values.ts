// Values of the definitions schema (schema.ts) that code outside the schema check reads too: kept
// free of zod, so that reading them does not load it (a run whose definitions were all checked
// before never does).

/** What a record, route, scheme or error name looks like. */
export const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * What a record field's name (a JSON member name, as on the wire) looks like: not empty, no control
 * characters (C0, DEL, C1), and not `__proto__`, which an object literal or a parsed body would not
 * hold as an own member everywhere.
 */
export const FIELD_NAME_PATTERN = /^(?!__proto__$)[^\u0000-\u001F\u007F-\u009F]+$/;

/**
 * An RFC 9110 token, what header names are: what every client and server can send. Cookie names
 * (RFC 6265 section 4.1.1, compared as written) and apiKey names are tokens too.
 */
export const TOKEN_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A YAML mapping as a plain value: an object, not null and not a list. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
