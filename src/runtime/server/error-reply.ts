// Sends an ApiError in an interface's error shape, with the content type the request negotiated:
// application/vnd.api+json for errors arrays on json:api interfaces unless plain JSON was asked for.
import type { FastifyReply } from 'fastify';
import { errorResponse, internalErrorResponse } from '../core/error-bodies.js';
import { errorContentType } from '../wire/wire-error-styles.js';
import { ApiError } from '../core/errors.js';
import type { InterfaceMeta } from '../core/interface-meta.js';
import { negotiateRepresentation } from '../core/negotiate.js';

/**
 * `internal`: a server fault, sent as a 500 in the interface's internal-error shape whatever the error says;
 * `detail` replaces its message (development only: the client learns what went wrong).
 */
export function sendApiError(
  meta: InterfaceMeta,
  error: ApiError,
  reply: FastifyReply,
  { internal = false, detail }: { readonly internal?: boolean; readonly detail?: string } = {},
): FastifyReply {
  const sent = internal
    ? internalErrorResponse(meta.errorStyle, meta.errors, detail)
    : errorResponse(meta.errorStyle, meta.errors, error);
  const contentType = errorContentType(meta, negotiateRepresentation(reply.request.headers.accept));
  reply.code(sent.status).headers(error.headers as Record<string, string | string[]>);
  return sendJson(reply, contentType, sent.body);
}

/** Sends JSON as bytes, so that Fastify keeps the content type as given (JSON:API forbids media type parameters). */
export function sendJson(reply: FastifyReply, contentType: string, body: unknown): FastifyReply {
  return sendJsonText(reply, contentType, JSON.stringify(body));
}

/**
 * Sends JSON text as the given content type, as the string: node writes it with the head, without copying it into a
 * buffer first (a 30 KB json:api page as bytes was a buffer and its garbage per request). Fastify adds
 * "; charset=utf-8" to a JSON string sent without a serializer, which JSON:API forbids; with one (the identity, the
 * text being written already) it sends the string and the content type as given.
 */
export function sendJsonText(reply: FastifyReply, contentType: string, text: string): FastifyReply {
  return reply.serializer(writtenText).type(contentType).send(text);
}

/** The reply serializer of text already written. */
function writtenText(text: unknown): string {
  return text as string;
}

/**
 * An error that is not the client's fault: sent as a 500 in the interface's internal-error shape, never with its
 * message.
 */
export class InternalError extends ApiError {
  /** `disclosed`: the fault, told to the client in development only. */
  readonly disclosed: string | undefined;

  constructor(disclosed?: string) {
    super('badRequest', { detail: 'Internal error.' });
    this.disclosed = disclosed;
  }
}
