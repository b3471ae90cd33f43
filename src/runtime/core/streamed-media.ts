// What the server core asks of a body or a response that is streamed instead of parsed and serialized
// (files, multipart forms, event streams). A generated server hands the kinds its API uses to
// createInterfacePlugin as `media`, so that an output holds no code for the kinds it does not use.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResponseMeta, RouteMeta } from './interface-meta.js';

export interface StreamedBody {
  /** Whether this route's request body is of this kind. */
  takes(route: RouteMeta): boolean;
  /** On arrival, before anything is read: a wrong media type is a 415, a declared length past the limit a 413. */
  check(request: FastifyRequest, route: RouteMeta): void;
  /** The handler's `body` input. */
  read(request: FastifyRequest, reply: FastifyReply, route: RouteMeta): Promise<unknown>;
  /** Registers a route that takes this body, when it needs a context of its own (`register` adds its paths). */
  registerRoute?(app: FastifyInstance, route: RouteMeta, register: (context: FastifyInstance) => void): void;
}

export interface StreamedResponse {
  /** Whether this response is of this kind. */
  sends(response: ResponseMeta): boolean;
  /** Sends the handler's result as this response (or throws a ResponseBreach when it does not fit). */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteMeta,
    response: ResponseMeta,
    result: unknown,
    judging?: StreamedJudging,
  ): Promise<void>;
}

/** How a streamed response's content is judged, where it has a schema (an event stream's events). */
export interface StreamedJudging {
  /** The route's zod schema of the response (an event stream's: of one event). */
  readonly schema: z.ZodType | undefined;
  /** The plugin's `development`: members the definitions do not declare are a breach, not left out. */
  readonly development: boolean;
}

export interface StreamedMedia {
  /** Called once per interface plugin, before its routes: content type parsers, plugins. */
  register?(app: FastifyInstance, routes: readonly RouteMeta[]): Promise<void> | void;
  readonly body?: StreamedBody;
  readonly response?: StreamedResponse;
}
