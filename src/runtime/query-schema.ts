// What the server needs to know about a route's query schema before it reads the query string:
// which parameters are lists (a form-style list arrives as repeated names, tag=a&tag=c).
import type { z } from 'zod';

interface SchemaDef {
  readonly type: string;
  readonly innerType?: z.ZodType;
}

/** The names of the query parameters whose schema, under optional, default or nullable, is an array. */
export function listParameters(schema: z.ZodType | undefined): ReadonlySet<string> {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  return new Set(
    Object.entries(shape)
      .filter(([, member]) => isList(member))
      .map(([name]) => name),
  );
}

function isList(schema: z.ZodType): boolean {
  const def = schema._zod.def as SchemaDef;
  if (def.innerType !== undefined) return isList(def.innerType);
  return def.type === 'array';
}
