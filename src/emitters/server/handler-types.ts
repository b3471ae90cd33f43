// What a handler returns for a route: the body of its main success response, before any envelope.
import { pascalCase } from '../../ir/names.js';
import type { ModuleIr, ResponseIr, RouteIr } from '../../ir/types.js';

/** The success response a handler produces: the one selected by a query flag, else the first with a body. */
export function mainResponse(route: RouteIr): ResponseIr | undefined {
  const successes = route.responses.filter((response) => response.status < 300 && response.body);
  return successes.find((response) => response.when !== undefined) ?? successes[0];
}

export function handlerResultType(module: ModuleIr, route: RouteIr): string {
  const response = mainResponse(route);
  if (!response?.body) return 'void';
  const body = `types.${pascalCase(route.name)}Responses[${response.status}]`;
  const isList = response.body.kind === 'list';
  const counted = response.total || (isList && module.interface?.style === 'jsonapi' && response.envelope);
  return counted ? `ListResult<${body}[number]>` : body;
}

export function hasSessions(module: ModuleIr): boolean {
  return module.auth.some((scheme) => scheme.type === 'access-key' && scheme.session !== undefined);
}
