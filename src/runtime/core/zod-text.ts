// Readings of text values (path, query and header parameters) used by generated zod schemas.
// JSON bodies never go through these: there an integer must be a JSON integer.
import { z } from 'zod';
import { parseRequestJson, RefusedValue } from './request-json.js';

/** "42" → 42; anything but an optional sign and digits is refused. */
export const integerText = z
  .string()
  .regex(/^-?[0-9]{1,15}$/, 'expected an integer')
  .transform(Number);

/**
 * "4.5" → 4.5, "1e-7" → 1e-7: a finite number as JSON writes it, which is also how JavaScript's
 * String(number) writes it (0.30000000000000004 has 17 decimals; 1e-7 has an exponent), so that
 * every number a client sends arrives.
 */
export const numberText = z
  .string()
  .max(400, { message: 'expected a number', abort: true })
  .regex(/^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/, 'expected a number')
  .transform(Number)
  .refine(Number.isFinite, 'expected a finite number');

/**
 * A member read from text whose text may be left empty (name= in a form): empty is null for a nullable member,
 * absent (so its default applies) for an optional one. A required one is judged as sent and refused.
 */
export function emptyText<T extends z.ZodType>(empty: null | undefined, schema: T) {
  return z.preprocess((value) => (value === '' ? empty : value), schema);
}

/** "true" / "1" → true, "false" / "0" → false. */
export const booleanText = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * A parameter that carries JSON text, parsed before its schema checks it, as request-json.ts reads request JSON (a
 * __proto__ member or nesting past its limit is an issue that says where). A value that arrived
 * already structured (the bracket spelling, name[key]=value) is checked as it is.
 */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((text, ctx) => {
      if (typeof text !== 'string') return text;
      try {
        return parseRequestJson(text);
      } catch (error) {
        const refused = error instanceof RefusedValue ? `${error.reason} (at ${error.pointer || '/'})` : undefined;
        ctx.addIssue({ code: 'custom', message: refused ?? 'expected JSON text' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The one place a string of digits may stand for a number in a JSON body, where a definition allows it. */
export function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value;
}

/**
 * zod reads a member as `input[name]`, which finds Object.prototype's `constructor`, `toString`…
 * when the member is absent. A function is never a JSON or text value, so it stands for "absent".
 */
export function ownMember<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'function' ? undefined : value), schema);
}

type Shape = z.core.$ZodLooseShape;

/** record.pick() for records with a member named like an Object member, which zod's mask type cannot name. */
export function pickFields<S extends Shape, const K extends keyof S & string>(
  schema: z.ZodObject<S, z.core.$strict>,
  names: readonly K[],
) {
  const shape = Object.fromEntries(names.map((name) => [name, schema.shape[name]])) as Pick<S, K>;
  return z.strictObject(shape);
}

/** record.omit() for records with a member named like an Object member (see pickFields). */
export function omitFields<S extends Shape, const K extends keyof S & string>(
  schema: z.ZodObject<S, z.core.$strict>,
  names: readonly K[],
) {
  const kept = Object.keys(schema.shape).filter((name) => !(names as readonly string[]).includes(name));
  const shape = Object.fromEntries(kept.map((name) => [name, schema.shape[name]])) as Omit<S, K>;
  return z.strictObject(shape);
}
