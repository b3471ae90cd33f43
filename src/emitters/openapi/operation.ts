// One route as an OpenAPI operation.
import type { AuthSchemeIr, ModuleIr, RouteIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { includesParameters } from './includes.js';
import type { OpenApiOptions } from './options.js';
import { routeParameters } from './parameters.js';
import { requestBody } from './request-body.js';
import { routeResponses } from './responses.js';
import { authParameters, routeScheme } from './security.js';
import { originMark, paragraphs, type OperationObject } from './types.js';

export function routeOperation(
  module: ModuleIr,
  route: RouteIr,
  components: Components,
  options: OpenApiOptions,
): OperationObject {
  const body = requestBody(route, components);
  // fetch cannot send a GET body: tools that read requestBody would fail every call.
  const getBody = body && route.method === 'GET' && options.getBody === 'extension' ? body : undefined;
  const parameters = [
    ...routeParameters(route, components, options),
    ...includesParameters(module.interface, route, options),
    ...authParameters(module, route),
  ];
  const description = paragraphs(
    operationDescription(route, routeScheme(module, route)),
    getBody && getBodyNote(route),
  );
  return {
    operationId: route.name,
    // An empty summary is no summary: tools list operations by it.
    summary: route.summary || firstSentence(route.description) || route.name,
    ...(description !== undefined && { description }),
    tags: route.tags.length > 0 ? [...route.tags] : [module.name],
    ...(route.deprecated && { deprecated: true }),
    ...originMark(route.origin),
    ...(route.servedPaths.length > 1 && { 'x-svcgen-served-paths': [...route.servedPaths] }),
    ...(parameters.length > 0 && { parameters }),
    ...(body && !getBody && { requestBody: body }),
    ...(getBody && { 'x-svcgen-get-body': getBody }),
    responses: routeResponses(module, route, components),
    // The route's scheme with the scopes it requires (OpenAPI 3.1 allows scopes, as roles, on every scheme type).
    security: route.auth ? [{ [route.auth]: [...route.scopes] }] : [],
  };
}

function operationDescription(route: RouteIr, scheme: AuthSchemeIr | undefined): string | undefined {
  const aliases = route.servedPaths.slice(1);
  const privilege =
    route.privilege &&
    scheme?.type === 'digest' &&
    scheme.privileges &&
    `Requires the ${route.privilege} privilege on the ${scheme.privileges.resource} resource.`;
  return paragraphs(
    route.description,
    aliases.length > 0 &&
      `Also served at ${aliases.map((path) => `\`${path}\``).join(', ')} (other versions and spellings of the same route).`,
    privilege,
    route.action && `Controller action: ${route.action}.`,
  );
}

/** How a GET body kept out of requestBody is sent. */
function getBodyNote(route: RouteIr): string {
  const alternative = route.bodyQueryAlternative;
  const instead = alternative
    ? `Clients that cannot send a body with GET (every fetch-based one) pass its ${alternative.member} member in the query parameter ${alternative.member}, documented here.`
    : 'Clients that cannot send a body with GET (every fetch-based one) cannot pass it.';
  return `Also takes a JSON body (${route.bodyRequired ? 'required' : 'optional'}), described by the extension x-svcgen-get-body as a request body would be. ${instead}`;
}

/** The first sentence of a description, for the summary (which tools show in lists). */
function firstSentence(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const match = /^(.+?[.!?])(\s|$)/s.exec(text.trim());
  return (match?.[1] ?? text.trim()).replace(/\.$/, '').replace(/\s+/g, ' ');
}
