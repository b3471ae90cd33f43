// Which routes respond with headers of their own: the server takes `{ body, headers }` from their handlers
// (server/response-headers.ts), the client resolves to `{ status, body, headers }` (client/client-headers.ts).
import type { RouteMeta } from './interface-meta.js';

/**
 * Whether the route's success responses declare headers besides Location. Those of its other responses are sent by a
 * handler's answer (server/respond.ts), which names them apart from its body.
 */
export function respondsWithHeaders(route: RouteMeta): boolean {
  return route.responses.some(
    (response) => response.status >= 200 && response.status < 300 && response.headers !== undefined,
  );
}

/**
 * The headers the routes' responses declare (lower case, each once), with Content-Disposition where a response is a
 * file (the client reads its `name` there): a browser reads only those CORS exposes.
 */
export function declaredResponseHeaders(routes: readonly RouteMeta[]): string[] {
  const names = routes.flatMap((route) =>
    route.responses.flatMap((response) => [
      ...Object.keys(response.headers ?? {}),
      ...(response.file ? ['content-disposition'] : []),
    ]),
  );
  return [...new Set(names)];
}
