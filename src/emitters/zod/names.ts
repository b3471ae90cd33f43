// The names of a route's schemas, shared by every emitter that imports them.
import { camelCase } from '../../ir/names.js';
import type { RouteIr } from '../../ir/types.js';

export interface RouteSchemaNames {
  readonly pathParams: string;
  readonly query: string;
  readonly headers: string;
  readonly body: string;
  /** One entry of a list body validated entry by entry (bodyEntries: each). */
  readonly bodyEntry: string;
  readonly responses: string;
}

export function routeSchemaNames(route: Pick<RouteIr, 'name'>): RouteSchemaNames {
  const base = camelCase(route.name).replace(/_$/, '');
  return {
    pathParams: `${base}PathParamsSchema`,
    query: `${base}QuerySchema`,
    headers: `${base}HeadersSchema`,
    body: `${base}BodySchema`,
    bodyEntry: `${base}BodyEntrySchema`,
    responses: `${base}ResponseSchemas`,
  };
}
