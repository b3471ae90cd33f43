// What a route's or a record's part of a docs page is made from: the IR fields its view reads,
// nothing else (no source locations, relations or raw paths), so it can be the part's memo key
// (sectioned-page.ts) and an edit elsewhere in the definition file leaves it the same. Types and
// defaults are the IR's own objects, shared, not copied.
import type { FieldIr, ParameterIr, RecordIr, ResponseIr, RouteIr } from '../../ir/types.js';

export type ParameterSource = Pick<
  ParameterIr,
  'name' | 'type' | 'required' | 'default' | 'style' | 'description' | 'origin'
>;

export type ResponseSource = Pick<
  ResponseIr,
  'status' | 'body' | 'envelope' | 'total' | 'when' | 'description' | 'origin'
> & {
  /** The names of the response's headers. */
  readonly headers: readonly string[];
};

export type RouteSource = Pick<
  RouteIr,
  | 'name'
  | 'method'
  | 'fullPath'
  | 'servedPaths'
  | 'summary'
  | 'description'
  | 'auth'
  | 'privilege'
  | 'scopes'
  | 'action'
  | 'body'
  | 'bodyRequired'
  | 'bodyFormats'
  | 'bodyQueryAlternative'
  | 'origin'
> & {
  readonly pathParams: readonly ParameterSource[];
  readonly query: readonly ParameterSource[];
  readonly headers: readonly ParameterSource[];
  readonly cookies: readonly ParameterSource[];
  readonly responses: readonly ResponseSource[];
};

export type FieldSource = Pick<
  FieldIr,
  'name' | 'type' | 'required' | 'readOnly' | 'default' | 'description' | 'origin'
>;

export type RecordSource = Pick<RecordIr, 'name' | 'file' | 'description' | 'apiAlias' | 'origin'> & {
  readonly fields: readonly FieldSource[];
};

export function routeSource(route: RouteIr): RouteSource {
  return {
    name: route.name,
    method: route.method,
    fullPath: route.fullPath,
    servedPaths: route.servedPaths,
    summary: route.summary,
    description: route.description,
    auth: route.auth,
    privilege: route.privilege,
    scopes: route.scopes,
    action: route.action,
    pathParams: route.pathParams.map(parameterSource),
    query: route.query.map(parameterSource),
    headers: route.headers.map(parameterSource),
    cookies: route.cookies.map(parameterSource),
    body: route.body,
    bodyRequired: route.bodyRequired,
    bodyFormats: route.bodyFormats,
    bodyQueryAlternative: route.bodyQueryAlternative,
    responses: route.responses.map(responseSource),
    origin: route.origin,
  };
}

export function recordSource(record: RecordIr): RecordSource {
  return {
    name: record.name,
    file: record.file,
    description: record.description,
    apiAlias: record.apiAlias,
    origin: record.origin,
    fields: record.fields.map(fieldSource),
  };
}

function parameterSource(param: ParameterIr): ParameterSource {
  return {
    name: param.name,
    type: param.type,
    required: param.required,
    default: param.default,
    style: param.style,
    description: param.description,
    origin: param.origin,
  };
}

function responseSource(response: ResponseIr): ResponseSource {
  return {
    status: response.status,
    body: response.body,
    envelope: response.envelope,
    total: response.total,
    when: response.when,
    description: response.description,
    origin: response.origin,
    headers: response.headers.map((header) => header.name),
  };
}

function fieldSource(field: FieldIr): FieldSource {
  return {
    name: field.name,
    type: field.type,
    required: field.required,
    readOnly: field.readOnly,
    default: field.default,
    description: field.description,
    origin: field.origin,
  };
}
