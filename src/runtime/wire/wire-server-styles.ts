// How a server sends an interface style's responses, one module each, wire-<style>-server.ts: the body
// of a response and its serialization schema. Looked up here (by responses.ts and wire-schemas.ts)
// rather than switched over; what both sides read of a style is wire-styles.ts.
import type { z } from 'zod';
import type { Includes } from './api-alias/api-alias.js';
import type { InterfaceMeta, ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import type { Representation } from '../core/negotiate.js';
import type { InterfaceStyle } from '../core/vocabulary.js';
import { apiAliasServerWire } from './api-alias/wire-api-alias-server.js';
import type { JsonSchema, Refs } from './wire-json-schema.js';
import { jsonApiServerWire } from './jsonapi/wire-jsonapi-server.js';
import { successEnvelopeServerWire } from './success-envelope/wire-success-envelope-server.js';

export interface ServerWire {
  /** The body of a declared response without data, with its schema; undefined when none goes out. */
  emptyResponse(response: ResponseMeta): { readonly body: unknown; readonly schema: JsonSchema } | undefined;
  /** The body and content type of a response with data; `sent` is the result as it goes out. */
  render(ctx: RenderContext, response: ResponseMeta, sent: unknown): { contentType: string; body: unknown };
  /** The schema of a response with data around `value`, the result's schema (whose `defs` it may change). */
  responseBodySchema(
    ctx: ResponseBodySchemaContext,
    value: JsonSchema,
    defs: Record<string, JsonSchema>,
    refs: Refs,
  ): JsonSchema;
}

const SERVER_WIRES: Readonly<Record<InterfaceStyle, ServerWire>> = {
  jsonapi: jsonApiServerWire,
  'success-envelope': successEnvelopeServerWire,
  'api-alias': apiAliasServerWire,
};

/** How a server sends the responses of an interface's style. */
export function serverWire(meta: InterfaceMeta): ServerWire {
  return SERVER_WIRES[meta.style];
}

export interface RenderContext {
  readonly meta: InterfaceMeta;
  readonly route: RouteMeta;
  readonly representation: Representation;
  readonly origin: string;
  /** Request path without the query. */
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  readonly includes: Includes | undefined;
  /** The json:api documents of json:api interfaces (renderJsonApi of jsonapi.ts). */
  readonly jsonApi: JsonApiRendering | undefined;
}

/** The body and content type of a json:api interface's enveloped response, in the negotiated representation. */
export type JsonApiRendering = (
  ctx: RenderContext,
  response: ResponseMeta,
  result: unknown,
) => { contentType: string; body: unknown };

export interface ResponseBodySchemaContext {
  readonly meta: InterfaceMeta;
  readonly response: ResponseMeta;
  readonly representation: Representation;
  /** The route's zod schema of this response's body (the handler's records, before any envelope). */
  readonly result: z.ZodType | undefined;
}
