// List bodies judged entry by entry (a route with `bodyEntries: each`): an entry that fails its schema
// does not fail the request; the handler gets it with its violations and deals with it in its place.
// Only what is wrong with the list itself (not a list, too few or too many entries) fails the whole request.
import type { z } from 'zod';
import { Validation, type Violation } from '../core/errors.js';

/** One entry of the body: its value when it passed its schema, else what is wrong with it. */
export type BodyEntry<T> =
  { readonly valid: true; readonly value: T } | { readonly valid: false; readonly violations: readonly Violation[] };

/** The entries of the body, in request order. */
export type BodyEntries<T> = readonly BodyEntry<T>[];

export interface EntrySchemas {
  /** The whole list: its own constraints (minItems, maxItems) and each entry's. */
  readonly list: z.ZodType;
  readonly entry: z.ZodType;
}

/** Each entry checked on its own; a Validation error when the list itself is wrong. Pointers are the entry's own. */
export function judgeEntries(
  schemas: EntrySchemas,
  value: unknown,
  toViolation: (issue: z.core.$ZodIssue) => Violation,
): BodyEntries<unknown> {
  const whole = schemas.list.safeParse(value);
  if (whole.success) {
    const entries = whole.data;
    return Array.isArray(entries) ? entries.map((entry: unknown) => ({ valid: true, value: entry })) : [];
  }
  const aboutList = whole.error.issues.filter((issue) => issue.path.length === 0);
  if (aboutList.length > 0 || !Array.isArray(value)) throw new Validation(aboutList.map(toViolation));
  return value.map((entry: unknown): BodyEntry<unknown> => {
    const result = schemas.entry.safeParse(entry);
    return result.success
      ? { valid: true, value: result.data }
      : { valid: false, violations: result.error.issues.map(toViolation) };
  });
}
