// `includes` on an api-alias interface: every route takes it, and it keeps only the listed fields of
// the response's objects with a given apiAlias. So each route documents the parameter, and each response
// that holds such objects is described twice: as the record in full, or as includes may filter it.
import type { InterfaceIr, RouteIr, TypeIr } from '../../ir/types.js';
import { INCLUDES_MEMBER } from '../../runtime/wire/api-alias/wire-api-alias.js';
import { WIRE_STYLES } from '../../runtime/wire/wire-styles.js';
import { reachesApiAlias, type SchemaContext } from './json-schema.js';
import type { OpenApiOptions } from './options.js';
import { jsonText } from './parameters.js';
import type { ParameterObject, Schema } from './types.js';

const INCLUDES_SCHEMA: Schema = {
  type: 'object',
  description: 'Per apiAlias, the only fields to keep on objects with that apiAlias.',
  additionalProperties: { type: 'array', items: { type: 'string' } },
};

/** The includes query parameter, on routes of an api-alias interface that do not declare one themselves. */
export function includesParameters(
  iface: InterfaceIr | undefined,
  route: RouteIr,
  options: OpenApiOptions,
): ParameterObject[] {
  const declared =
    route.query.some((param) => param.name === INCLUDES_MEMBER) ||
    route.bodyQueryAlternative?.member === INCLUDES_MEMBER;
  if (!iface || !WIRE_STYLES[iface.style].takesIncludes || declared) return [];
  const getBody =
    route.method === 'GET' ? ' A GET may send the same map as the includes member of a JSON body instead.' : '';
  return [
    {
      name: INCLUDES_MEMBER,
      in: 'query',
      required: false,
      description:
        "Keeps only the listed fields of the response's objects with that apiAlias (apiAlias itself stays): " +
        `the map as JSON text (includes={"<apiAlias>":["<field>"]}); the bracket spelling includes[<apiAlias>][]=<field> is read too.${getBody}`,
      // A map of lists has no deepObject form OpenAPI defines: JSON text, as every other such value.
      ...jsonText(INCLUDES_SCHEMA, undefined, options),
    },
  ];
}

/**
 * An api-alias response: the record in full, or (when it holds objects with an apiAlias) as includes may have filtered
 * it.
 */
export function includesResponseSchema(
  body: TypeIr,
  ctx: SchemaContext,
  schemaOf: (view: SchemaContext) => Schema,
): Schema {
  const full = schemaOf(ctx);
  if (!reachesApiAlias(body, ctx.components)) return full;
  return {
    description: "The response in full, or as the request's includes filtered it.",
    anyOf: [full, schemaOf({ ...ctx, filtered: true })],
  };
}
