// Every response of a route: the statuses it responds with itself (in the interface's envelope, or not), then the
// errors. A body without an envelope is the value as the handler gives it, else as the interface's wire style wraps
// it (src/emitters/wire/<style>.ts). A response at an error status (or a class, or default) describes the interface's
// error body too, which a handler's thrown error and the runtime's own errors go out with there (beside-own.ts).
import type { InterfaceIr, ModuleIr, ResponseIr, RouteIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { errorsBesideOwn, withErrorBodies } from './beside-own.js';
import { errorResponses, routeErrors } from './errors.js';
import { typeSchema, type SchemaContext } from './json-schema.js';
import { plainBody } from './plain-body.js';
import { interfaceWire } from '../wire/index.js';
import { eventStreamContent } from './event-content.js';
import { fileContent } from './media-content.js';
import { authResponseHeaders } from './security.js';
import {
  JSON_MEDIA,
  originMark,
  paragraphs,
  sortedObject,
  type Content,
  type HeaderObject,
  type ReferenceObject,
  type ResponseObject,
} from './types.js';

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

export function routeResponses(
  module: ModuleIr,
  route: RouteIr,
  components: Components,
): Record<string, ResponseObject | ReferenceObject> {
  const errors = routeErrors(module, route);
  const beside = errorsBesideOwn(module, route, errors);
  const own = route.responses.map((response): [string, ResponseObject] => {
    const described = ownResponse(module, route, response, components);
    const extra = beside.get(response.key);
    if (!extra) return [response.key, described];
    return [response.key, withErrorBodies(module.interface as InterfaceIr, response, described, extra, components)];
  });
  const shared = errorResponses(module, route, errors.byStatus, components);
  return sortedObject<ResponseObject | ReferenceObject>([...own, ...shared]);
}

function ownResponse(module: ModuleIr, route: RouteIr, response: ResponseIr, components: Components): ResponseObject {
  const own = Object.fromEntries(
    response.headers.map((header): [string, HeaderObject] => [
      header.name,
      {
        required: header.required,
        ...(header.description !== undefined && { description: header.description }),
        ...originMark(header.origin, response.origin),
        schema: typeSchema(header.type, { components, direction: 'read' }),
      },
    ]),
  );
  // The response's own headers plus those auth adds, by name.
  const headers = sortedObject(Object.entries({ ...own, ...authResponseHeaders(module, route, response.status) }));
  const content = response.file
    ? fileContent(response.file)
    : response.events
      ? eventStreamContent(response.events, components)
      : successContent(module.interface as InterfaceIr, response, components);
  const when = response.when && `Sent when the query parameter ${response.when} is true.`;
  return {
    description:
      paragraphs(response.description, response.file?.description, when) ??
      STATUS_TEXT[Number(response.key)] ??
      (response.key === 'default' ? 'Any other status.' : `Status ${response.key}.`),
    ...originMark(response.origin, route.origin),
    ...(Object.keys(headers).length > 0 && { headers }),
    ...(content && { content }),
  };
}

/** The content of a success response, or undefined for a response without a body. */
function successContent(iface: InterfaceIr, response: ResponseIr, components: Components): Content | undefined {
  const ctx: SchemaContext = { components, direction: 'read' };
  const body = response.body;
  if (!response.envelope) return body ? { [JSON_MEDIA]: { schema: plainBody(body, response.total, ctx) } } : undefined;
  return interfaceWire(iface).emit.envelopedContent(body, response, ctx);
}
