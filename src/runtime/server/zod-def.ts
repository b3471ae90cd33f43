// The members of zod 4's schema definitions the server's walkers read (zod documents `_zod.def` for tools that walk
// schemas): the variant named in a request's violations (tagged-variants.ts), the declared copy (declared-copy.ts),
// the query's records (query-schema.ts).
import type { z } from 'zod';

export interface ZodDef {
  readonly type: string;
  readonly shape?: Record<string, z.ZodType>;
  readonly catchall?: z.ZodType;
  readonly element?: z.ZodType;
  readonly keyType?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly getter?: () => z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly discriminator?: string;
  readonly left?: z.ZodType;
  readonly right?: z.ZodType;
  readonly items?: readonly z.ZodType[];
  readonly rest?: z.ZodType | null;
  readonly defaultValue?: unknown;
}

export const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Wrappers whose values are the inner schema's (null aside, for nullable). */
export const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The values of the member that pick this option (zod keeps them for discriminated unions). */
export function propValues(option: z.ZodType, property: string): Set<unknown> | undefined {
  return (option as unknown as { _zod: { propValues?: Record<string, Set<unknown>> } })._zod.propValues?.[property];
}
