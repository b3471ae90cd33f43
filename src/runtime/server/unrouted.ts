// Responses for requests that no route of any interface takes: a path no route serves (404), a URL the
// router cannot read (400), and a body that fails before any route sees it. Each is refused in the
// shape of the interface the path belongs to (the one whose route paths share the longest static
// prefix with it), with the content type its routes would negotiate.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from './error-reply.js';
import { ApiError, BadRequest, NotFound } from '../core/errors.js';
import type { InterfaceMeta, RouteMeta } from '../core/interface-meta.js';

export interface ServedInterface {
  readonly meta: InterfaceMeta;
  readonly routes: Readonly<Record<string, RouteMeta>>;
}

/** The interface owning a URL; the first one when none shares a prefix. */
export function interfaceOwning(interfaces: readonly ServedInterface[], url: string): InterfaceMeta {
  const path = (url.split('?')[0] ?? '/').toLowerCase();
  let best: InterfaceMeta | undefined;
  let bestLength = -1;
  for (const { meta, routes } of interfaces) {
    for (const route of Object.values(routes)) {
      for (const routePath of route.paths) {
        const length = commonPrefixLength((routePath.split('{')[0] ?? '').toLowerCase(), path);
        if (length > bestLength) [best, bestLength] = [meta, length];
      }
    }
  }
  if (best === undefined) throw new Error('interfaceOwning: no interfaces given');
  return best;
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

/** For app.setNotFoundHandler: 404 in the owner's error shape. */
export function notFoundHandler(interfaces: readonly ServedInterface[]) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    sendApiError(
      interfaceOwning(interfaces, request.url),
      new NotFound({ detail: `No route serves ${request.method} ${request.url.split('?')[0] ?? ''}.` }),
      reply,
    );
}

/** For Fastify's frameworkErrors option: a URL the router cannot read is a 400 in the owner's shape. */
export function frameworkErrorHandler(interfaces: readonly ServedInterface[]) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    sendApiError(
      interfaceOwning(interfaces, request.url),
      new BadRequest({ detail: `The request URL is invalid (${error.code}).` }),
      reply,
    );
}

/**
 * For app.setErrorHandler, outside every interface (e.g. a body sent to a path no route serves that
 * cannot be read): a client's fault in the owner's shape; anything else goes to onInternalError and is a 500.
 */
export function unroutedErrorHandler(
  interfaces: readonly ServedInterface[],
  onInternalError: (error: unknown, request: FastifyRequest) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const meta = interfaceOwning(interfaces, request.url);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const apiError =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new ApiError('payloadTooLarge', { params: { limit: request.routeOptions.bodyLimit ?? 0 } })
          : new BadRequest({ detail: 'The request body could not be read.' });
      return sendApiError(meta, apiError, reply);
    }
    onInternalError(error, request);
    return sendApiError(meta, new ApiError('badRequest', { detail: 'Internal error.' }), reply, { internal: true });
  };
}
