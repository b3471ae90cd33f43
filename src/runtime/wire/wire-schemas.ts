// The JSON Schema of each response body as the server sends it, for the compiled serializers: the
// route's zod response schema as JSON Schema (the record as the definitions declare it), wrapped the
// way the interface's wire style wraps a handler's result (wire-server-styles.ts: json:api document, plain
// document, success envelope, {items, total}, apiAlias members). A serializer compiled from it writes
// only declared members.
import { z } from 'zod';
import { NULL, Refs, nonNull, orNull, type JsonSchema } from './wire-json-schema.js';
import { serverWire, type ResponseBodySchemaContext } from './wire-server-styles.js';

export type { JsonSchema } from './wire-json-schema.js';
export type { ResponseBodySchemaContext } from './wire-server-styles.js';

/** The body's schema, or undefined when the response has no body. */
export function responseBodySchema(ctx: ResponseBodySchemaContext): JsonSchema | undefined {
  const wire = serverWire(ctx.meta);
  if (!ctx.response.hasBody) return wire.emptyResponse(ctx.response)?.schema;
  const { value, defs } = resultSchema(ctx.result);
  return withDefinitions(wire.responseBodySchema(ctx, value, defs, new Refs(defs)), defs);
}

/** The JSON Schema of a value sent as it is, with no envelope (an event's data). */
export function sentValueSchema(schema: z.ZodType): JsonSchema {
  const { value, defs } = resultSchema(schema);
  return withDefinitions(value, defs);
}

function withDefinitions(root: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const schema = nullReferences(root, defs);
  return { ...schema, ...(Object.keys(defs).length > 0 && { $defs: defs }) };
}

/**
 * Replaces each nullable bare reference to an object ({anyOf: [null, {$ref}]}, from orNull) by a
 * reference to a twin of its definition marked `nullable` (fast-json-stringify's keyword for "or
 * null"). fast-json-stringify decides an anyOf by running a validator (which refuses the undeclared
 * members it would drop), and it copies the schema of an if's branch or of a type list, so that a
 * reference leading back to its record (a relation to the same record) would be built again at
 * every level without end; a definition it meets again it builds once.
 */
function nullReferences(root: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const seen = new Set<unknown>();
  const replace = (schema: unknown): unknown => {
    const inner = typeof schema === 'object' && schema !== null ? nonNull(schema as JsonSchema) : undefined;
    const ref = inner?.['$ref'];
    if (typeof ref !== 'string' || (schema as JsonSchema)['anyOf'] === undefined) return walk(schema);
    const name = ref.replace('#/$defs/', '');
    const def = defs[name];
    const type = def?.['type'];
    if (!def || type !== 'object' || ['anyOf', 'oneOf', 'allOf', 'if'].some((key) => key in def))
      return { if: NULL, then: NULL, else: inner };
    defs[`${name}OrNull`] ??= { ...def, nullable: true };
    return { $ref: `#/$defs/${name}OrNull` };
  };
  const walk = (schema: unknown): unknown => {
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) return schema;
    seen.add(schema);
    const node = schema as Record<string, unknown>;
    for (const [key, value] of Object.entries(node))
      node[key] = Array.isArray(value) ? value.map(replace) : replace(value);
    return schema;
  };
  for (const def of Object.values(defs)) walk(def);
  return replace(root) as JsonSchema;
}

// ---- from zod to a schema fast-json-stringify serializes quickly ----

/** The result's JSON Schema (as a handler may write it: defaults optional) and its shared definitions. */
function resultSchema(schema: z.ZodType | undefined): { value: JsonSchema; defs: Record<string, JsonSchema> } {
  if (!schema) return { value: {}, defs: {} };
  // Wrapped, so a record that refers to itself goes into $defs rather than being the root ("#") the response wraps.
  const wrapped = z.object({ value: schema });
  const json = z.toJSONSchema(wrapped, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' });
  const { properties, $defs } = simplify(json) as {
    properties: { value: JsonSchema };
    $defs?: Record<string, JsonSchema>;
  };
  return { value: properties.value, defs: $defs ?? {} };
}

const JSON_TYPES = ['string', 'number', 'boolean', 'null', 'array', 'object'];

/**
 * A union's record variants, those with more required members first (in their order on a tie). fast-json-stringify
 * writes the first variant that a value satisfies, and with the variants open (above) a notary `{name, license}`
 * satisfies a person `{name}` written before it: the notary would go out as a person, its license dropped. So the
 * variant that asks the most of a value is tried first, as union-variant.ts chooses it for apiAlias and json:api.
 */
function mostSpecificFirst(options: JsonSchema[]): JsonSchema[] {
  if (!options.every((option) => option['type'] === 'object' && option['properties'] !== undefined)) return options;
  const required = (option: JsonSchema) => (Array.isArray(option['required']) ? option['required'].length : 0);
  return [...options].sort((one, other) => required(other) - required(one));
}

/**
 * Rewrites the shapes fast-json-stringify would decide by running a validator on every value: a
 * nullable value becomes a type list, or an if/then/else on null; any JSON value becomes {}.
 * Patterns go (the result was judged before; a serializer does not check them). So does `additionalProperties:
 * false`: fast-json-stringify writes only declared members without it, and where it chooses a union's variant by
 * running a validator, a closed variant would refuse a result holding a member it does not declare, so that no
 * variant matched and the response failed where a record alone drops the member.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pattern' || key === 'propertyNames' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = simplify(value);
  }
  if (Array.isArray(out['oneOf'])) out['oneOf'] = mostSpecificFirst(out['oneOf'] as JsonSchema[]);
  const anyOf = out['anyOf'] as JsonSchema[] | undefined;
  if (!anyOf) return out;
  out['anyOf'] = mostSpecificFirst(anyOf);
  const types = anyOf.map((option) => option['type']);
  if (JSON_TYPES.every((type) => types.includes(type))) {
    delete out['anyOf'];
    return out;
  }
  const others = anyOf.filter((option) => option['type'] !== 'null');
  const [only] = others;
  if (others.length === 1 && only && anyOf.length === 2) {
    delete out['anyOf'];
    return { ...out, ...orNull(only) };
  }
  return out;
}
