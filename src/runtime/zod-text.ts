// Readings of text values (path, query and header parameters) used by generated zod schemas.
// JSON bodies never go through these: there an integer must be a JSON integer.
import { z } from 'zod';

/** "42" → 42; anything but an optional sign and digits is refused. */
export const integerText = z
  .string()
  .regex(/^-?[0-9]{1,15}$/, 'expected an integer')
  .transform(Number);

/** "4.5" → 4.5; decimal notation only. */
export const numberText = z
  .string()
  .regex(/^-?[0-9]{1,15}(\.[0-9]{1,15})?$/, 'expected a number')
  .transform(Number);

/** "true" / "1" → true, "false" / "0" → false. */
export const booleanText = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** A parameter that carries JSON text, parsed before its schema checks it. */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected JSON text' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The one place a string of digits may stand for a number in a JSON body, where a definition allows it. */
export function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value;
}
