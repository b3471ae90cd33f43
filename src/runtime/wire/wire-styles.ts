// The interface styles (INTERFACE_STYLES of vocabulary.ts), one module each, wire-<style>.ts: what
// both sides read of a style (Accept, negotiation, includes, counted lists), and how a client checks
// and unwraps its responses. How a server wraps and serializes them is wire-<style>-server.ts, looked up
// in wire-server-styles.ts, so that a client's output holds no server code. The runtime looks a style
// up rather than switching over its name (src/emitters/wire/ holds its OpenAPI and docs side).
import type { InterfaceMeta, ResponseMeta } from '../core/interface-meta.js';
import type { InterfaceStyle } from '../core/vocabulary.js';
import { apiAliasWire } from './api-alias/wire-api-alias.js';
import { jsonApiWire } from './jsonapi/wire-jsonapi.js';
import { successEnvelopeWire } from './success-envelope/wire-success-envelope.js';

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
  /** What is wrong with a received response's envelope, or undefined; `plain`: plain JSON was asked for. */
  envelopeProblem(meta: InterfaceMeta, response: ResponseMeta, body: unknown, plain: boolean): string | undefined;
  /** The records of a response whose envelope envelopeProblem accepted. */
  unwrap(received: Unwrapping): unknown;
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

/** A received response to unwrap: `plain` when plain JSON was asked for; `decode` given for json:api interfaces. */
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
