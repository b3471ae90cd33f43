// What a route's or a record's part of a docs page is made from: the IR fields its view reads,
// nothing else (no source locations, relations or raw paths), so it can be the part's input
// (sectioned-page.ts) and an edit elsewhere in the definition file leaves it the same. Types and
// defaults are the IR's own objects, shared, not copied.
import type { FieldIr, ParameterIr, RecordIr, ResponseIr, RouteIr } from '../../ir/types.js';
import { pick } from '../shared/pick.js';
import type { PARAMETER_GROUPS } from '../../ir/route-parameters.js';

const PARAMETER_KEYS = ['name', 'type', 'required', 'default', 'style', 'description', 'origin'] as const;
const RESPONSE_KEYS = ['key', 'body', 'envelope', 'total', 'when', 'description', 'origin', 'file', 'events'] as const;
const FIELD_KEYS = ['name', 'type', 'required', 'readOnly', 'deprecated', 'default', 'description', 'origin'] as const;
const RECORD_KEYS = [
  'name',
  'file',
  'description',
  'apiAlias',
  'additionalFields',
  'ignoresOtherMembers',
  'origin',
] as const;
const ROUTE_KEYS = [
  'name',
  'method',
  'fullPath',
  'servedPaths',
  'summary',
  'description',
  'auth',
  'privilege',
  'scopes',
  'action',
  'body',
  'bodyRequired',
  'bodyFormats',
  'bodyQueryAlternative',
  'upload',
  'multipart',
  'origin',
  'tags',
  'deprecated',
] as const;

export type ParameterSource = Pick<ParameterIr, (typeof PARAMETER_KEYS)[number]>;

export type ResponseSource = Pick<ResponseIr, (typeof RESPONSE_KEYS)[number]> & {
  /** The names of the response's headers. */
  readonly headers: readonly string[];
};

export type RouteSource = Pick<RouteIr, (typeof ROUTE_KEYS)[number]> &
  Readonly<Record<(typeof PARAMETER_GROUPS)[number]['key'], readonly ParameterSource[]>> & {
    readonly responses: readonly ResponseSource[];
  };

/** An example's value, without where it is written. */
interface ExampleSource {
  readonly example: unknown;
}

export type FieldSource = Pick<FieldIr, (typeof FIELD_KEYS)[number]> & ExampleSource;

export type RecordSource = Pick<RecordIr, (typeof RECORD_KEYS)[number]> &
  ExampleSource & {
    readonly fields: readonly FieldSource[];
  };

export function routeSource(route: RouteIr): RouteSource {
  const parameters = (list: readonly ParameterIr[]) => list.map((param) => pick(param, ...PARAMETER_KEYS));
  return {
    ...pick(route, ...ROUTE_KEYS),
    pathParams: parameters(route.pathParams),
    query: parameters(route.query),
    headers: parameters(route.headers),
    cookies: parameters(route.cookies),
    responses: route.responses.map((response) => ({
      ...pick(response, ...RESPONSE_KEYS),
      headers: response.headers.map((header) => header.name),
    })),
  };
}

export function recordSource(record: RecordIr): RecordSource {
  return {
    ...pick(record, ...RECORD_KEYS),
    example: record.example?.value,
    fields: record.fields.map((field) => ({ ...pick(field, ...FIELD_KEYS), example: field.example?.value })),
  };
}
