// What a handler returns for a route: the body of its main success response, before any envelope.
import { pascalCase } from '../../ir/names.js';
import type { ModuleIr, ResponseIr, RouteIr } from '../../ir/types.js';
import { indexed, numberType, typeRef, type TypeNode } from '../shared/code/ast.js';

/** The success response a handler produces: the one selected by a query flag, else the first with a body. */
export function mainResponse(route: RouteIr): ResponseIr | undefined {
  const successes = route.responses.filter((response) => response.status < 300 && response.body);
  return successes.find((response) => response.when !== undefined) ?? successes[0];
}

/** The handler's result type; `counted` when it is a ListResult (items and a total). */
export function handlerResult(module: ModuleIr, route: RouteIr): { readonly type: TypeNode; readonly counted: boolean } {
  const response = mainResponse(route);
  if (!response?.body) return { type: typeRef('void'), counted: false };
  const body = indexed(typeRef(`types.${pascalCase(route.name)}Responses`), numberType(response.status));
  const isList = response.body.kind === 'list';
  const counted = response.total || (isList && module.interface?.style === 'jsonapi' && response.envelope);
  return counted ? { type: typeRef('ListResult', [indexed(body, typeRef('number'))]), counted: true } : { type: body, counted: false };
}

export function hasSessions(module: ModuleIr): boolean {
  return module.auth.some((scheme) => scheme.type === 'access-key' && scheme.session !== undefined);
}
