// Every response of a route: the success statuses in the interface's envelope, then the errors.
import type { InterfaceIr, ModuleIr, ResponseIr, RouteIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { successContent } from './envelopes.js';
import { errorResponses } from './errors.js';
import { typeSchema } from './json-schema.js';
import { authResponseHeaders } from './security.js';
import { asHeader, originMark, paragraphs, sortedObject, type ReferenceObject, type ResponseObject } from './types.js';

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

export function routeResponses(module: ModuleIr, route: RouteIr, components: Components): Record<string, ResponseObject | ReferenceObject> {
  const iface = module.interface as InterfaceIr;
  const headersFor = (status: number, own: ResponseObject['headers'] = {}) => sortedObject(Object.entries({ ...own, ...authResponseHeaders(module, route, status) }).map(([name, header]) => [name, asHeader(header)]));
  const success = route.responses.map((response): [string, ResponseObject | ReferenceObject] => [String(response.status), successResponse(iface, route, response, components, headersFor)]);
  return sortedObject([...success, ...errorResponses(module, route, components, (status) => headersFor(status))]);
}

function successResponse(
  iface: InterfaceIr,
  route: RouteIr,
  response: ResponseIr,
  components: Components,
  headersFor: (status: number, own: ResponseObject['headers']) => ResponseObject['headers'],
): ResponseObject {
  const own = Object.fromEntries(
    response.headers.map((header) => [
      header.name,
      asHeader({
        required: header.required,
        ...(header.description !== undefined && { description: header.description }),
        ...originMark(header.origin, response.origin),
        schema: typeSchema(header.type, { components, direction: 'read' }),
      }),
    ]),
  );
  const headers = headersFor(response.status, own);
  const content = successContent(iface, response, components);
  const when = response.when ? `Answered when the query parameter ${response.when} is true.` : undefined;
  return {
    description: paragraphs(response.description, when) ?? STATUS_TEXT[response.status] ?? `Status ${response.status}.`,
    ...originMark(response.origin, route.origin),
    ...(headers && Object.keys(headers).length > 0 && { headers }),
    ...(content && { content }),
  };
}
