// Cross-origin calls from browsers (the Fetch standard's CORS protocol), for a plugin given `cors`:
// an allowed Origin gets Access-Control-Allow-Origin with the headers a generated client reads
// (Location, Retry-After, WWW-Authenticate, a session's token header, the headers responses declare, a
// file response's Content-Disposition)
// exposed, and a preflight is served before authentication, which a browser's preflight never
// carries. Other origins get no CORS headers, so browsers keep the responses from their pages. A route
// that declares OPTIONS keeps every OPTIONS request but a preflight (an allowed Origin and
// Access-Control-Request-Method), which is served here.
import type { FastifyInstance } from 'fastify';
import type { InterfaceMeta } from '../core/interface-meta.js';
import { HTTP_METHODS } from '../core/vocabulary.js';

export interface CorsOptions {
  /** The origins (scheme://host[:port]) whose pages may call the service, or '*' for any page. */
  readonly origins: readonly string[] | '*';
  /** Let pages send cookies and HTTP auth with their calls (not with origins '*'). Default false. */
  readonly credentials?: boolean | undefined;
  /** Seconds a browser may keep a preflight's response (default 600). */
  readonly maxAgeSeconds?: number | undefined;
}

const EXPOSED = ['location', 'retry-after', 'www-authenticate', 'authentication-info'];
const ALLOWED_METHODS = HTTP_METHODS.join(', ');

/** `responseHeaders`: the headers the interface's responses declare, exposed beside the runtime's own. */
export function enableCors(
  app: FastifyInstance,
  meta: InterfaceMeta,
  options: CorsOptions,
  responseHeaders: readonly string[] = [],
): void {
  if (options.origins === '*' && options.credentials)
    throw new Error(`${meta.name}: cors with credentials needs the allowed origins listed, not '*'`);
  const origins = options.origins === '*' ? undefined : new Set(options.origins.map((origin) => origin.toLowerCase()));
  const sessionHeaders = Object.values(meta.auth).flatMap((scheme) =>
    scheme.type === 'apiKey' && scheme.session ? [scheme.session.header.toLowerCase()] : [],
  );
  const exposed = [...new Set([...EXPOSED, ...sessionHeaders, ...responseHeaders])].join(', ');
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin === undefined || (origins !== undefined && !origins.has(origin.toLowerCase()))) return;
    reply.header('access-control-allow-origin', origins === undefined ? '*' : origin);
    if (options.credentials) reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', exposed);
    const preflightMethod = request.headers['access-control-request-method'];
    if (request.method !== 'OPTIONS' || preflightMethod === undefined) return;
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    const requested = request.headers['access-control-request-headers'];
    if (requested !== undefined) reply.header('access-control-allow-headers', requested);
    reply.header('access-control-max-age', String(options.maxAgeSeconds ?? 600));
    await reply.code(204).send();
  });
}
