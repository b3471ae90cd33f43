// Path, query, header and cookie parameters of a route, and the query parameter that stands in for a
// GET body (bodyQueryAlternative), each described as the generated client writes it:
// - form: scalars as name=value, lists as repeated names (explode), records as their fields' own
//   names (style form, explode true); headers and path segments in style simple (a,b); cookie
//   lists in style form without explode (name=a,b), the cookie OpenAPI 3.1 describes;
// - deepObject: name[key]=value; a list of records, which OpenAPI leaves undefined, as literal
//   bracketed names for its first entries (options.deepObjectLists), plus the short form
//   name[<key>]=<value> as a deepObject over a flat object where the definition allows it;
// - json: JSON text, as a string with contentMediaType and contentSchema, or as content
//   (options.jsonQuery).
import type { FieldIr, Origin, ParameterIr, RouteIr, TypeIr } from '../../ir/types.js';
import { flatRecordFields } from '../../ir/wire-shapes.js';
import type { Components } from './components.js';
import { annotate, mapSchema, typeSchema, type SchemaContext } from './json-schema.js';
import type { OpenApiOptions } from './options.js';
import { JSON_MEDIA, originMark, type ParameterObject, type Schema } from './types.js';

type Location = 'path' | 'query' | 'header' | 'cookie';

export function routeParameters(route: RouteIr, components: Components, options: OpenApiOptions): ParameterObject[] {
  const ctx: SchemaContext = { components, direction: 'write' };
  const alternative = queryAlternative(route, ctx, options);
  const place = (location: Location) => (param: ParameterIr) => parameter(param, location, route.origin, ctx, options);
  return [
    ...route.pathParams.flatMap(place('path')),
    ...route.query.flatMap(place('query')),
    ...(alternative ? [alternative] : []),
    ...route.headers.flatMap(place('header')),
    ...idempotencyKeyParameter(route),
    ...route.cookies.flatMap(place('cookie')),
  ];
}

/** The idempotency key header, unless the route declares a header of that name itself. */
function idempotencyKeyParameter(route: RouteIr): ParameterObject[] {
  const name = route.idempotencyKey;
  if (name === undefined || route.headers.some((param) => param.name.toLowerCase() === name)) return [];
  const description =
    'Names one attempt of this request (a UUID): a repeat with the same key gets the first response and is not applied again. The generated client fills it and reuses it on every retry.';
  return [
    { name, in: 'header', required: false, description, schema: { type: 'string', minLength: 1, maxLength: 255 } },
  ];
}

function parameter(
  param: ParameterIr,
  location: Location,
  around: Origin,
  ctx: SchemaContext,
  options: OpenApiOptions,
): ParameterObject[] {
  const head = {
    name: param.name,
    in: location,
    required: location === 'path' ? true : param.required && param.default === undefined,
    ...(param.description !== undefined && { description: param.description }),
    ...originMark(param.origin, around),
  };
  if (param.style === 'deepObject' && param.type.kind === 'list' && options.deepObjectLists === 'indexed') {
    const fields = flatRecordFields(param.type.items, (key) => ctx.components.record(key), { json: true });
    if (fields)
      return [...shortFormParameter(param, head, fields, ctx), ...indexedEntries(param, fields, ctx, options)];
  }
  const schema = typeSchema(param.type, ctx);
  if (param.style === 'json') return [{ ...head, ...jsonText(schema, param.default, options) }];
  // A record in the query goes as its fields' own names (OpenAPI's default for objects, said outright for tools that
  // default otherwise).
  const style =
    param.style === 'deepObject'
      ? { style: 'deepObject', explode: true }
      : location === 'query' && (param.type.kind === 'record' || param.type.kind === 'map')
        ? { style: 'form', explode: true }
        : location === 'cookie' && param.type.kind === 'list'
          ? { style: 'form', explode: false }
          : {};
  return [{ ...head, ...style, schema: annotate(schema, { default: param.default }) }];
}

/** JSON text in one parameter. */
export function jsonText(
  schema: Schema,
  defaultValue: unknown,
  options: OpenApiOptions,
): Pick<ParameterObject, 'schema' | 'content'> {
  if (options.jsonQuery === 'content')
    return { content: { [JSON_MEDIA]: { schema: annotate(schema, { default: defaultValue }) } } };
  return {
    schema: {
      type: 'string',
      contentMediaType: JSON_MEDIA,
      contentSchema: schema,
      ...(defaultValue !== undefined && { default: JSON.stringify(defaultValue) }),
    } as Schema,
  };
}

/** name[i][field] for the first entries of a deepObject list of flat records with these fields. */
function indexedEntries(
  param: ParameterIr,
  fields: readonly FieldIr[],
  ctx: SchemaContext,
  options: OpenApiOptions,
): ParameterObject[] {
  const entries = Array.from({ length: options.indexedEntries }, (_, index) => index);
  return entries.flatMap((index) =>
    fields.map((field): ParameterObject => ({
      name: `${param.name}[${index}][${field.name}]`,
      in: 'query',
      required: index === 0 && param.required && param.default === undefined && field.required,
      description: `The ${field.name} of entry ${index} of the list ${param.name} (${param.name}[<index>][<field>]; entries past ${options.indexedEntries - 1} are written the same way).`,
      schema: bracketSchema(field.type, ctx),
    })),
  );
}

/** The short form name[<key>]=<value> of a deepObject list: a deepObject over a flat object. */
function shortFormParameter(
  param: ParameterIr,
  head: ParameterObject,
  fields: readonly FieldIr[],
  ctx: SchemaContext,
): ParameterObject[] {
  const form = param.shortForm;
  const value = fields.find((field) => field.name === form?.value);
  if (!form || !value) return [];
  const description = `Short form: ${param.name}[<${form.key}>]=<${form.value}>, one entry per name; the indexed names below write whole entries.`;
  return [
    {
      ...head,
      required: false,
      description: head.description !== undefined ? `${head.description} ${description}` : description,
      style: 'deepObject',
      explode: true,
      schema: mapSchema(bracketSchema(value.type, ctx)),
    },
  ];
}

/** A value in brackets is text: a json field there is the text of a scalar. */
function bracketSchema(type: TypeIr, ctx: SchemaContext): Schema {
  return type.kind === 'json' ? { type: 'string' } : typeSchema(type, ctx);
}

/** The query parameter that carries a member of the body, for clients that cannot send a GET body. */
function queryAlternative(route: RouteIr, ctx: SchemaContext, options: OpenApiOptions): ParameterObject | undefined {
  const alternative = route.bodyQueryAlternative;
  const body = route.body?.kind === 'record' ? ctx.components.record(route.body.record) : undefined;
  const memberType = body?.fields.find((field) => field.name === alternative?.member)?.type;
  if (!alternative || !memberType) return undefined;
  const written =
    alternative.style === 'json'
      ? `the same JSON as the body's ${alternative.member} member`
      : `the body's ${alternative.member} member written as ${alternative.member}[key]=value`;
  const schema = typeSchema(memberType, ctx);
  return {
    name: alternative.member,
    in: 'query',
    required: false,
    description: `Alternative to the request body for clients that cannot send a body with ${route.method}: ${written}.`,
    ...originMark(alternative.origin, route.origin),
    ...(alternative.style === 'json'
      ? jsonText(schema, undefined, options)
      : { style: 'deepObject', explode: true, schema }),
  };
}
