// What the server needs to know about a route's parameter schemas before it reads the query string
// and the headers: which parameters are lists (a form-style list arrives as repeated names,
// tag=a&tag=c; a header list as a,c) and which are form-style objects (their members arrive as
// names of their own, from=1&to=2).
import type { z } from 'zod';
import { defOf, type ZodDef } from './zod-def.js';

type Shape = Record<string, z.ZodType>;

function shapeOf(schema: z.ZodType | undefined): Shape {
  return (schema as { shape?: Shape } | undefined)?.shape ?? {};
}

/** The names of the parameters whose schema, under optional, default or nullable, is an array. */
export function listParameters(schema: z.ZodType | undefined): ReadonlySet<string> {
  return new Set(
    Object.entries(shapeOf(schema))
      .filter(([, member]) => core(member).type === 'array')
      .map(([name]) => name),
  );
}

/**
 * The form-style object parameters (style form, explode true: each member a name of its own) and
 * their member names; `styled` are the parameters written otherwise (deepObject, json).
 */
export function formObjectParameters(
  schema: z.ZodType | undefined,
  styled: Readonly<Record<string, unknown>> = {},
): ReadonlyMap<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  for (const [name, member] of Object.entries(shapeOf(schema))) {
    const def = core(member);
    if (def.type === 'object' && styled[name] === undefined) found.set(name, Object.keys(def.shape ?? {}));
  }
  return found;
}

/** Schema types whose query value is one text, nothing to gather or nest. */
const SCALAR_TYPES = new Set(['string', 'number', 'boolean', 'enum', 'literal']);

/**
 * The parameter names, where the query can be read flat (query-string.ts, flatQuery) and its parameters handed on
 * as a plain object: every parameter is a scalar sent as itself (no style), and no name is an index or a member
 * every object inherits (`constructor`, `__proto__`), which a plain object would answer for an absent parameter.
 * Undefined for any other route.
 */
export function flatQueryNames(
  schema: z.ZodType | undefined,
  styled: Readonly<Record<string, unknown>> = {},
): ReadonlySet<string> | undefined {
  const entries = Object.entries(shapeOf(schema));
  const flat = entries.every(
    ([name, member]) =>
      SCALAR_TYPES.has(core(member).type) && styled[name] === undefined && !/^[0-9]+$/.test(name) && !(name in {}),
  );
  return flat ? new Set(entries.map(([name]) => name)) : undefined;
}

/** The schema under optional, default, nullable and pipes into it. */
function core(schema: z.ZodType): ZodDef {
  const def = defOf(schema);
  if (def.innerType !== undefined) return core(def.innerType);
  if (def.type === 'pipe' && def.in !== undefined) return core(def.in);
  return def;
}
