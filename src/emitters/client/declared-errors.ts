// A client's `isDeclaredError(error, route, status)`: whether a call's ApiClientError is a response its route
// declares at an error status (an imported 404 or 422 with a Problem body, a `4XX`, `default`), its body read by
// that response's schema (client-declared-errors.ts). Emitted only for an interface with such responses.
import { isSuccess } from '../../ir/responses.js';
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr, ResponseIr } from '../../ir/types.js';
import {
  call,
  element,
  exported,
  id,
  member,
  object,
  predicate,
  property,
  responseKeyType,
  typeRef,
  union,
  type TopLevel,
} from '../shared/code/ast.js';

/** What client.ts imports for isDeclaredError. */
export const DECLARED_ERROR_IMPORTS = {
  module: 'client/client-declared-errors',
  names: ['declaredErrorMatches', 'type DeclaredError', 'type DeclaredErrorStatus'],
};

/** A response a call rejects with as an ApiClientError: a body the route declares at 4xx, 5xx or default. */
function isErrorResponse(response: ResponseIr): boolean {
  return !isSuccess(response) && !response.file && !response.events && /^(4|5|default)/.test(response.key);
}

/** Each route that declares error responses, with their keys. */
function errorRoutes(module: ModuleIr): { name: string; keys: string[] }[] {
  return module.routes
    .map((route) => ({ name: route.name, keys: route.responses.filter(isErrorResponse).map((each) => each.key) }))
    .filter((route) => route.keys.length > 0);
}

/** The map of routes to their error responses and isDeclaredError over it; nothing when no route declares any. */
export function declaredErrorStatements(module: ModuleIr): TopLevel[] {
  const routes = errorRoutes(module);
  if (routes.length === 0) return [];
  const map = symbols.errorResponses(module.name);
  const responsesOf = typeRef(`${map}[Route]`);
  return [
    exported(
      {
        kind: 'interface',
        name: map,
        members: routes.map(({ name, keys }) => ({
          name,
          type: typeRef('Pick', [
            typeRef(`types.${symbols.routeType(name, 'Responses')}`),
            union(keys.map(responseKeyType)),
          ]),
        })),
      },
      'The responses each route declares at error statuses, by key: what isDeclaredError narrows an error to.',
    ),
    exported(
      {
        kind: 'function',
        name: 'isDeclaredError',
        typeParams: [`Route extends keyof ${map}`, `Status extends DeclaredErrorStatus<${map}[Route]>`],
        params: [
          { name: 'error', type: typeRef('unknown') },
          { name: 'route', type: typeRef('Route') },
          { name: 'status', type: typeRef('Status') },
        ],
        returns: predicate('error', typeRef('DeclaredError', [responsesOf, typeRef('Status')])),
        body: [
          {
            kind: 'return',
            value: call('declaredErrorMatches', [
              object([
                property('interfaceName', member(id(symbols.meta(module.name)), 'name')),
                property('route', element(id(symbols.routes(module.name)), id('route'))),
                property('schemas', element(id('responseSchemas'), id('route'))),
              ]),
              id('error'),
              id('status'),
            ]),
          },
        ],
      },
      [
        'Whether `error` is the response `route` declares at `status` (a status, or a key such as `4XX` or `default`),',
        "picked as the server's respond() picks it (its own status, else its class, else default), and its body fits",
        "that response's schema: then `error.body` has that response's type. A hook's error is read the same way.",
      ].join('\n'),
    ),
  ];
}
