// The interface styles (INTERFACE_STYLES of vocabulary.ts), one module each, wire-<style>.ts: how a
// style wraps an answer on the server, describes it to the compiled serializers, and how a client
// checks and unwraps it. The runtime looks a style up here rather than switching over its name; a
// new style is one module and one row below (src/emitters/wire/ holds its OpenAPI and docs side).
import type { z } from 'zod';
import type { InterfaceMeta, ResponseMeta, RouteMeta } from './interface-meta.js';
import type { Includes } from './api-alias.js';
import type { Representation } from './negotiate.js';
import type { InterfaceStyle } from './vocabulary.js';
import { apiAliasWire } from './wire-api-alias.js';
import type { JsonSchema, Refs } from './wire-json-schema.js';
import { jsonApiWire } from './wire-jsonapi.js';
import { successEnvelopeWire } from './wire-success-envelope.js';

export interface WireStyle {
  /** The media type a client asks for. */
  readonly accept: string;
  /** Whether Accept chooses between the style's documents and plain JSON (negotiate.ts). */
  readonly negotiated: boolean;
  /** Whether an enveloped list always carries its count (a page), whatever the response's `total` says. */
  readonly countsEnvelopedLists: boolean;
  /** Whether every request of the interface may carry `includes` (api-alias.ts). */
  readonly takesIncludes: boolean;
  /** Whether the generated server and client hand in the modules that render and read its documents (`jsonApi`). */
  readonly handedIn: boolean;
  /** The body of a declared answer without data, with its schema; undefined when none goes out. */
  emptyAnswer(response: ResponseMeta): { readonly body: unknown; readonly schema: JsonSchema } | undefined;
  /** The body and content type of an answer with data; `sent` is the result as it goes out. */
  render(ctx: RenderContext, response: ResponseMeta, sent: unknown): { contentType: string; body: unknown };
  /** The schema of an answer with data around `value`, the result's schema (whose `defs` it may change). */
  answerSchema(ctx: AnswerSchemaContext, value: JsonSchema, defs: Record<string, JsonSchema>, refs: Refs): JsonSchema;
  /** What is wrong with a received answer's envelope, or undefined; `plain`: plain JSON was asked for. */
  envelopeProblem(meta: InterfaceMeta, response: ResponseMeta, body: unknown, plain: boolean): string | undefined;
  /** The records of an answer whose envelope envelopeProblem accepted. */
  unwrap(answer: Unwrapping): unknown;
}

export const WIRE_STYLES: Readonly<Record<InterfaceStyle, WireStyle>> = {
  jsonapi: jsonApiWire,
  'success-envelope': successEnvelopeWire,
  'api-alias': apiAliasWire,
};

/** The style of an interface. */
export function wireStyle(meta: InterfaceMeta): WireStyle {
  return WIRE_STYLES[meta.style];
}

/** What a handler returns for a list with a count of all matches. */
export interface ListResult<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** Whether the handler returns (and a client reads) a ListResult ({items, total}) for this response. */
export function countedResult(meta: InterfaceMeta, response: ResponseMeta): boolean {
  return response.total || (response.list && response.envelope && wireStyle(meta).countsEnvelopedLists);
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

/** The body and content type of a json:api interface's enveloped answer, in the negotiated representation. */
export type JsonApiRendering = (
  ctx: RenderContext,
  response: ResponseMeta,
  result: unknown,
) => { contentType: string; body: unknown };

export interface AnswerSchemaContext {
  readonly meta: InterfaceMeta;
  readonly response: ResponseMeta;
  readonly representation: Representation;
  /** The route's zod schema of this response's body (the handler's records, before any envelope). */
  readonly result: z.ZodType | undefined;
}

/** A received answer to unwrap: `plain` when plain JSON was asked for; `decode` given for json:api interfaces. */
export interface Unwrapping {
  readonly meta: InterfaceMeta;
  readonly response: ResponseMeta;
  readonly body: unknown;
  readonly plain: boolean;
  readonly decode: JsonApiDecoding | undefined;
}

/** A json:api document as plain records; `numericIds`: the types whose ids stand for numbers. */
export type JsonApiDecoding = (
  document: unknown,
  numericIds: ReadonlySet<string>,
) => { data: unknown; links: Record<string, string>; meta: Record<string, unknown> };
