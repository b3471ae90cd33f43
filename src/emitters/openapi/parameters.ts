// Path, query and header parameters of a route, and the query parameter that stands in for a GET
// body (bodyQueryAlternative): form style by default, deepObject where the IR says so, and a
// JSON document (content: application/json) for style json.
import type { Origin, ParameterIr, RouteIr, TypeIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { annotate, typeSchema, type SchemaContext } from './json-schema.js';
import { JSON_MEDIA, originMark, type ParameterObject } from './types.js';

export function routeParameters(route: RouteIr, components: Components): ParameterObject[] {
  const ctx: SchemaContext = { components, direction: 'write' };
  const alternative = queryAlternative(route, ctx);
  return [
    ...route.pathParams.map((param) => parameter(param, 'path', route.origin, ctx)),
    ...route.query.map((param) => parameter(param, 'query', route.origin, ctx)),
    ...(alternative ? [alternative] : []),
    ...route.headers.map((param) => parameter(param, 'header', route.origin, ctx)),
  ];
}

function parameter(param: ParameterIr, location: 'path' | 'query' | 'header', around: Origin, ctx: SchemaContext): ParameterObject {
  const schema = annotate(typeSchema(param.type, ctx), { default: param.default });
  return {
    name: param.name,
    in: location,
    required: location === 'path' ? true : param.required && param.default === undefined,
    ...(param.description !== undefined && { description: param.description }),
    ...originMark(param.origin, around),
    ...serialization(param.style, schema),
  };
}

function serialization(style: ParameterIr['style'], schema: ReturnType<typeof typeSchema>): Pick<ParameterObject, 'schema' | 'content' | 'style' | 'explode'> {
  switch (style) {
    case 'json':
      return { content: { [JSON_MEDIA]: { schema } } };
    case 'deepObject':
      return { style: 'deepObject', explode: true, schema };
    case 'form':
      return { schema };
  }
}

/** The query parameter that carries a member of the body, for clients that cannot send a GET body. */
function queryAlternative(route: RouteIr, ctx: SchemaContext): ParameterObject | undefined {
  const alternative = route.bodyQueryAlternative;
  if (!alternative || !route.body) return undefined;
  const memberType = bodyMemberType(route.body, alternative.member, ctx);
  if (!memberType) return undefined;
  const written = alternative.style === 'json' ? `the same JSON as the body's ${alternative.member} member` : `the body's ${alternative.member} member written as ${alternative.member}[key][]=value`;
  return {
    name: alternative.member,
    in: 'query',
    required: false,
    description: `Alternative to the request body for clients that cannot send a body with ${route.method}: ${written}.`,
    ...originMark(alternative.origin, route.origin),
    ...serialization(alternative.style, typeSchema(memberType, ctx)),
  };
}

function bodyMemberType(body: TypeIr, member: string, ctx: SchemaContext): TypeIr | undefined {
  if (body.kind !== 'record') return undefined;
  return ctx.components.record(body.record).fields.find((field) => field.name === member)?.type;
}
