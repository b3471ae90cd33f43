// Values of the definitions schema (schema.ts) that code outside the schema check reads too: kept
// free of zod, so that reading them does not load it (a run whose definitions were all checked
// before never does).

/** What a record, route, scheme or error name looks like. */
export const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** A YAML mapping as a plain value: an object, not null and not a list. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
