// A handler's result → status, headers and body in the interface's style. Handlers return records;
// Location headers are made here, the body by the interface's wire style (wire-server-styles.ts).
import type { ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import { serverWire, type RenderContext } from '../wire/wire-server-styles.js';

export type { JsonApiRendering, RenderContext } from '../wire/wire-server-styles.js';
export type { ListResult } from '../wire/wire-styles.js';

export interface Rendered {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

type Plain = Record<string, unknown>;

export function selectResponse(route: RouteMeta, query: Readonly<Record<string, unknown>>): ResponseMeta | undefined {
  // A default response (status 0) is never a plain result: only an answer chooses it (respond.ts).
  const successes = route.responses.filter((response) => response.status >= 200 && response.status < 300);
  return (
    successes.find((response) => response.when !== undefined && query[response.when] === true) ??
    successes.find((response) => response.when === undefined)
  );
}

/**
 * `sent`: the result as it goes out (the reader's copy of its declared members, response-reader.ts); a Location is
 * found from the result as the handler returned it, which may carry it in a member the response does not declare.
 * `answered`: the response a handler's answer chose, with its status (respond.ts); else the route's success response
 * is rendered. Positional, not an options object: this runs once a request, on every route.
 */
export function renderResult(
  ctx: RenderContext,
  result: unknown,
  sent: unknown = result,
  answered?: ResponseMeta,
): Rendered {
  const response = answered ?? selectResponse(ctx.route, ctx.query);
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
  const wire = serverWire(ctx.meta);
  if (!response.hasBody) {
    const empty = wire.emptyResponse(response);
    return {
      status: response.status,
      headers,
      contentType: empty ? 'application/json; charset=utf-8' : undefined,
      body: empty?.body,
    };
  }
  return { status: response.status, headers, ...wire.render(ctx, response, sent) };
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
