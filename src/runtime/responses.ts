// A handler's result → status, headers and body in the interface's style. Handlers return records;
// envelopes, json:api documents, apiAlias members and Location headers are made here.
import { applyIncludes, unionWithApiAliases, withApiAliases, type Includes } from './api-alias.js';
import type { InterfaceMeta, ResponseMeta, RouteMeta } from './interface-meta.js';
import type { Representation } from './negotiate.js';

/** What a handler returns for a list with a count of all matches. */
export interface ListResult<T> {
  readonly items: readonly T[];
  readonly total: number;
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

export interface Rendered {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

type Plain = Record<string, unknown>;

export function selectResponse(route: RouteMeta, query: Readonly<Record<string, unknown>>): ResponseMeta | undefined {
  const successes = route.responses.filter((response) => response.status < 300);
  return (
    successes.find((response) => response.when !== undefined && query[response.when] === true) ??
    successes.find((response) => response.when === undefined)
  );
}

/**
 * `sent`: the result as it goes out (the reader's copy of its declared members, answer-reader.ts); a Location is found
 * from the result as the handler returned it, which may carry it in a member the answer does not declare.
 */
export function renderResult(ctx: RenderContext, result: unknown, sent: unknown = result): Rendered {
  const response = selectResponse(ctx.route, ctx.query);
  if (!response)
    return {
      status: 204,
      headers: {},
      contentType: undefined,
      body: undefined,
    };
  const headers: Record<string, string> = {};
  if (response.location) {
    const location = locationOf(ctx, response, result);
    if (location !== undefined) headers['location'] = location;
  }
  if (!response.hasBody) {
    // A success envelope without data is still an envelope: {success: true} (204 stays empty).
    if (response.envelope && response.status !== 204 && ctx.meta.style === 'success-envelope') {
      return {
        status: response.status,
        headers,
        contentType: 'application/json; charset=utf-8',
        body: { success: true },
      };
    }
    return {
      status: response.status,
      headers,
      contentType: undefined,
      body: undefined,
    };
  }
  if (!response.envelope) {
    // Records keep their apiAlias without an envelope too, as the OpenAPI document describes them.
    return {
      status: response.status,
      headers,
      contentType: 'application/json; charset=utf-8',
      body: ctx.meta.style === 'api-alias' ? aliasedBody(ctx.meta, response, sent) : sent,
    };
  }
  switch (ctx.meta.style) {
    case 'jsonapi':
      if (!ctx.jsonApi) throw new Error(`${ctx.meta.name}: json:api rendering is missing`);
      return {
        status: response.status,
        headers,
        ...ctx.jsonApi(ctx, response, sent),
      };
    case 'success-envelope':
      return {
        status: response.status,
        headers,
        contentType: 'application/json; charset=utf-8',
        body: successEnvelope(response, sent),
      };
    case 'api-alias': {
      return {
        status: response.status,
        headers,
        contentType: 'application/json; charset=utf-8',
        body: applyIncludes(aliasedBody(ctx.meta, response, sent), ctx.includes),
      };
    }
  }
}

/**
 * The api-alias body: its records (or the record variants of its union) with their apiAlias; a list with a total
 * keeps its {items, total} wrapper, without an apiAlias of its own.
 */
function aliasedBody(meta: InterfaceMeta, response: ResponseMeta, result: unknown): unknown {
  const { record, union } = response;
  const aliased = (value: unknown) =>
    record !== undefined
      ? withApiAliases(meta, record, value)
      : union
        ? unionWithApiAliases(meta, union, value)
        : value;
  if (!response.total) return aliased(result);
  const list = result as ListResult<unknown>;
  return { items: aliased(list.items), total: list.total };
}

function successEnvelope(response: ResponseMeta, result: unknown): unknown {
  if (response.total) {
    const list = result as ListResult<unknown>;
    return { success: true, data: list.items, total: list.total };
  }
  return result === undefined ? { success: true } : { success: true, data: result };
}

function locationOf(ctx: RenderContext, response: ResponseMeta, result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const value = result as Plain;
  if (typeof value['location'] === 'string') return value['location'];
  const record = response.record ?? ctx.route.resource;
  const resourcePath = record ? ctx.meta.records[record]?.resourcePath : undefined;
  const id = value['id'];
  if (resourcePath === undefined || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  return `${ctx.origin}${resourcePath}/${id}`;
}
