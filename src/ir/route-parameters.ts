// A route's request parameters in every location (path, query, headers, cookies), for the checks
// and emitters that treat them alike: a location added later is then seen by all of them.
import type { RoutePart } from './symbols.js';
import type { ParameterIr, RouteIr } from './types.js';

/**
 * The locations in the order all list them: the IR's key, the handler's input, the route part that names their type
 * and schema (symbols.ts), OpenAPI's `in`, and the words for one parameter there (in diagnostics and diff reports).
 */
export const PARAMETER_GROUPS = [
  { key: 'pathParams', input: 'params', part: 'PathParams', in: 'path', place: 'path parameter' },
  { key: 'query', input: 'query', part: 'Query', in: 'query', place: 'query parameter' },
  { key: 'headers', input: 'headers', part: 'Headers', in: 'header', place: 'header' },
  { key: 'cookies', input: 'cookies', part: 'Cookies', in: 'cookie', place: 'cookie' },
] as const satisfies readonly { key: keyof RouteIr; input: string; part: RoutePart; in: string; place: string }[];

export function requestParameters(route: RouteIr): readonly ParameterIr[] {
  return PARAMETER_GROUPS.flatMap(({ key }) => route[key]);
}
