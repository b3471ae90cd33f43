// Mock Service Worker (v2) handlers of an interface, for front-end tests and demos without a server:
// per route a handler that sends a result in the interface's wire style, through the same
// renderers as the generated server (envelopes, json:api documents, apiAlias members, error bodies).
// A resolver returns what a server handler would return (records, {items, total}, `respond(422, body)` for
// a response its route declares besides its successes) or throws an ApiError (NotFound, Validation, ...) to
// respond with the interface's error shape.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { attachmentDisposition } from '../core/content-disposition.js';
import { errorResponse } from '../core/error-bodies.js';
import { errorContentType } from '../wire/wire-error-styles.js';
import { ApiError } from '../core/errors.js';
import type { InterfaceMeta, ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import { negotiateRepresentation } from '../core/negotiate.js';
import { responseHeaders, splitResult } from './response-headers.js';
import { respondsWithHeaders } from '../core/response-headers.js';
import { isMixedSegment, segmentPattern, templateSegments, type TemplatePart } from '../core/path-template.js';
import { renderResult, selectResponse, type JsonApiRendering, type ListResult } from './responses.js';
import { answeredResponse, isDeclaredAnswer } from './respond.js';
import { formObjectParameters, listParameters } from './query-schema.js';
import { parseQueryString, routeQueryParameters } from '../core/query-string.js';

/** What a resolver is given: the request, its path parameters and its query as the server reads it (defaults set). */
export interface MockRequest {
  readonly request: Request;
  readonly params: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly query: Readonly<Record<string, unknown>>;
}

/**
 * A mocked file response: its bytes, media type (by default an empty body of the first declared media type) and name
 * (sent as Content-Disposition, as the server sends a FileResponse's).
 */
export interface MockFile<MediaType extends string = string> {
  readonly body?: Blob | Uint8Array<ArrayBuffer> | string | ReadableStream<Uint8Array>;
  readonly mediaType?: MediaType;
  readonly name?: string;
}

/** A mocked event stream: its events in order, each written `event:`, `data:` (JSON) and, when given, `id:`. */
export type MockEvents<Event extends { readonly event: string; readonly data: unknown }> = readonly Event[];

export type MockResolver<Result> = (request: MockRequest) => Result | Promise<Result>;

/** Per route, a handler with its default response, or with `resolver`'s: `server.use(handlers.listBooks(() => …))`. */
export type MockHandlers<Results> = {
  readonly [Name in keyof Results]: (resolver?: MockResolver<Results[Name]>) => HttpHandler;
};

export interface MockDefinition<Results> {
  readonly meta: InterfaceMeta;
  readonly routes: Readonly<Record<string, RouteMeta>>;
  /** The default result of every route: example records that satisfy the definitions. */
  readonly results: Results;
  /** Per route with query parameters, the server's schema of them: the mock reads the query as the server does. */
  readonly querySchemas?: Readonly<Record<string, z.ZodType>>;
  /** json:api interfaces: renderJsonApi of jsonapi.ts. */
  readonly jsonApi?: JsonApiRendering;
  /** Where the service is; by default any origin (`*`). */
  readonly baseUrl?: string;
}

export function mockHandlers<Results extends object>(definition: MockDefinition<Results>): MockHandlers<Results> {
  // As the server's router: a literal segment wins over a parameter (/appointments/feed before /appointments/{id}),
  // and msw asks the handlers in order, so the handlers (and defaultHandlers made from them) are in that order.
  const names = Object.keys(definition.results).sort((one, other) =>
    bySpecificity(definition.routes[one]?.path ?? '', definition.routes[other]?.path ?? ''),
  );
  const entries = names.map((name) => {
    const route = definition.routes[name];
    if (route === undefined) throw new Error(`${definition.meta.name}: no route ${name}`);
    const fallback = defaultResolver(definition.results[name as keyof Results], respondsWithHeaders(route));
    return [name, (resolver?: MockResolver<unknown>) => routeHandler(definition, route, resolver ?? fallback)];
  });
  return Object.fromEntries(entries) as MockHandlers<Results>;
}

/**
 * Negative when path `one` is asked first: where they first differ, a literal segment before one mixing text and
 * placeholders (the more text the sooner: {id}.tar.gz before {id}.gz), and that before a placeholder alone.
 */
function bySpecificity(one: string, other: string): number {
  const [a, b] = [templateSegments(one), templateSegments(other)];
  const rank = (parts: readonly TemplatePart[] = []) =>
    parts.every((part) => 'text' in part)
      ? -Infinity
      : -parts.reduce((length, part) => length + ('text' in part ? part.text.length : 0), 0);
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const [x, y] = [rank(a[index]), rank(b[index])];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The path msw matches: `:name` placeholders, or where a segment mixes text and placeholders, a regular expression
 * that splits it as the server's router does (named groups become the resolver's params).
 */
function mockPath(baseUrl: string | undefined, path: string): string | RegExp {
  const segments = templateSegments(path);
  if (!segments.some(isMixedSegment) && !path.includes(':'))
    return `${baseUrl ?? '*'}${path.replace(/\{([^}]+)\}/g, ':$1')}`;
  const pattern = segments
    .map((parts) => segmentPattern(parts, (name) => `(?<${name}>[^/]${isMixedSegment(parts) ? '*' : '+'})`))
    .join('/');
  const base = baseUrl === undefined ? '[^?#]*?' : baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${base}${pattern}$`);
}

/**
 * The token endpoint of each OAuth scheme, issuing a mock bearer token to any request, so that a
 * generated client with OAuth credentials reaches the mocked routes.
 */
export function mockTokenEndpoints(meta: InterfaceMeta, baseUrl = '*'): HttpHandler[] {
  return Object.values(meta.auth).flatMap((scheme) =>
    scheme.type === 'oauth2'
      ? [
          http.post(`${baseUrl}${scheme.tokenPath}`, () =>
            HttpResponse.json(
              { access_token: 'mock-access-token', token_type: 'Bearer', expires_in: 3600 },
              { headers: { 'cache-control': 'no-store' } },
            ),
          ),
        ]
      : [],
  );
}

/**
 * A copy of the default result each time, a list cut to the page the query asks for (`limit`, `page`); `withHeaders`:
 * the result is `{ body, headers }`, its body the one paged.
 */
function defaultResolver(result: unknown, withHeaders: boolean): MockResolver<unknown> {
  return ({ query }) => {
    // A stream is read once and cannot be cloned: it is given as it is.
    if (isMockFile(result) && result.body instanceof ReadableStream) return result;
    const copy: unknown = structuredClone(result);
    if (!withHeaders) return pageOf(copy, query);
    const split = copy as { body?: unknown };
    return { ...split, body: pageOf(split.body, query) };
  };
}

/** A list result cut to the page the query asks for; anything else as it is. */
function pageOf(result: unknown, query: Readonly<Record<string, unknown>>): unknown {
  if (!isListResult(result) || typeof query['limit'] !== 'number') return result;
  const page = typeof query['page'] === 'number' ? query['page'] : 1;
  const start = (page - 1) * query['limit'];
  return { items: result.items.slice(start, start + query['limit']), total: result.total };
}

function isMockFile(value: unknown): value is MockFile {
  return typeof value === 'object' && value !== null && 'body' in value;
}

function isListResult(value: unknown): value is ListResult<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as ListResult<unknown>).items);
}

function routeHandler(
  definition: MockDefinition<unknown>,
  route: RouteMeta,
  resolver: MockResolver<unknown>,
): HttpHandler {
  const { meta, jsonApi } = definition;
  const path = mockPath(definition.baseUrl, route.path);
  const method = route.method.toLowerCase() as Lowercase<RouteMeta['method']>;
  return http[method](path, async ({ request, params }) => {
    const url = new URL(request.url);
    const query = readQuery(url, route, definition.querySchemas?.[route.name]);
    const representation = negotiateRepresentation(request.headers.get('accept') ?? undefined) ?? 'jsonapi';
    try {
      const result = await resolver({ request, params, query });
      // As the server: `respond(status, body, headers)` sends the response the route declares for that status.
      const answer = isDeclaredAnswer(result) ? result : undefined;
      const answered = answer && answeredResponse(route, answer);
      const selected = answered ?? selectResponse(route, query);
      const streamed = !answer && selected && streamedResponse(selected, result);
      if (streamed) return streamed;
      // As the server: `{ body, headers }` where the responses declare headers, only declared ones sent.
      const split = answer
        ? { body: answer.body, headers: (answer.headers ?? {}) as Record<string, unknown> }
        : respondsWithHeaders(route)
          ? splitResult(result)
          : { body: result, headers: {} };
      const rendered = renderResult(
        { meta, route, representation, origin: url.origin, path: url.pathname, query, includes: undefined, jsonApi },
        split.body,
        split.body,
        answered,
      );
      const declared = selected ? responseHeaders(route, selected, split.headers, { judge: false, strict: false }) : {};
      const headers = {
        ...declared,
        ...rendered.headers,
        ...sessionHeader(meta, route, request),
        ...(rendered.contentType && { 'content-type': rendered.contentType }),
      };
      const body = rendered.body === undefined ? null : JSON.stringify(rendered.body);
      return new HttpResponse(body, { status: rendered.status, headers });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const failure = errorResponse(meta.errorStyle, meta.errors, error);
      // As the server: only an errors array is a json:api document.
      const headers = new Headers({ 'content-type': errorContentType(meta, representation) });
      if (failure.status !== 401)
        for (const [name, value] of Object.entries(sessionHeader(meta, route, request))) headers.set(name, value);
      for (const [name, value] of Object.entries(error.headers))
        for (const one of typeof value === 'string' ? [value] : value) headers.append(name, one);
      return new HttpResponse(JSON.stringify(failure.body), { status: failure.status, headers });
    }
  });
}

/**
 * A file or an event stream, which the JSON renderers do not write: a resolver's file (`{ body, mediaType }`)
 * (MockFile) or events (MockEvents); the generated defaults are an empty file of the first media type and one
 * example of each event.
 */
function streamedResponse(response: ResponseMeta, result: unknown): Response | undefined {
  if (response.file) {
    const file = result as MockFile | undefined;
    const mediaType = file?.mediaType ?? response.file.mediaTypes[0] ?? 'application/octet-stream';
    const headers = {
      'content-type': mediaType,
      ...(file?.name !== undefined && { 'content-disposition': attachmentDisposition(file.name) }),
    };
    return new HttpResponse(file?.body ?? null, { status: response.status, headers });
  }
  if (!response.events) return undefined;
  const events = (Array.isArray(result) ? result : []) as { event: string; data: unknown; id?: string }[];
  // Written here rather than by event-stream.ts, which is the server's (Node streams) and not for browsers.
  const frames = events.map(
    (event) =>
      `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`,
  );
  return new HttpResponse([': open\n\n', ...frames].join(''), {
    status: response.status,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
  });
}

/**
 * As the server: a route whose API key keeps sessions sends the session's context token (the one the
 * request carried, else a mock one) on every response but a refused key.
 */
function sessionHeader(meta: InterfaceMeta, route: RouteMeta, request: Request): Record<string, string> {
  const scheme = route.auth === undefined ? undefined : meta.auth[route.auth];
  if (scheme?.type !== 'apiKey' || scheme.session === undefined) return {};
  const { header, tokenLength } = scheme.session;
  return { [header]: request.headers.get(header) ?? MOCK_SESSION_TOKEN.padEnd(tokenLength, '0').slice(0, tokenLength) };
}

const MOCK_SESSION_TOKEN = 'mocksessiontoken';

/**
 * The query as the route's schema reads it on the server (its defaults applied, `limit` left out is the declared
 * default, a form-style object's members gathered under its name), over the loose reading, which keeps what the
 * schema does not name; a query the schema refuses, where the server would answer 400, is read loosely only.
 */
function readQuery(url: URL, route: RouteMeta, schema: z.ZodType | undefined): Record<string, unknown> {
  const loose = looseQuery(url.searchParams);
  if (schema === undefined) return loose;
  const parsed = parseQueryString(url.search.slice(1), listParameters(schema));
  const written = Object.keys(parsed);
  const forms = { formObjects: formObjectParameters(schema, route.queryStyles), shortForms: route.queryShortForms };
  const read = schema.safeParse(routeQueryParameters(parsed, forms));
  if (!read.success) return loose;
  // The members of a form-style object are the object's, not parameters of their own.
  for (const name of written) if (!(name in parsed)) delete loose[name];
  return { ...loose, ...(read.data as Record<string, unknown>) };
}

/** The query with digit strings as numbers and true/false as booleans. */
function looseQuery(search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [name, value] of search) {
    if (/^-?\d+(\.\d+)?$/.test(value)) query[name] = Number(value);
    else if (value === 'true' || value === 'false') query[name] = value === 'true';
    else query[name] = value;
  }
  return query;
}
