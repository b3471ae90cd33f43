// A route's request parameters in every location (path, query, headers, cookies), for the checks
// and emitters that treat them alike: a location added later is then seen by all of them.
import type { ParameterIr, RouteIr } from './types.js';

export function requestParameters(route: RouteIr): readonly ParameterIr[] {
  return [...route.pathParams, ...route.query, ...route.headers, ...route.cookies];
}
