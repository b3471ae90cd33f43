// The Fastify plugin behind every generated interface: routing (all served paths), auth,
// validation of path, query, headers, cookies and body with the generated zod schemas, the handler call,
// rendering in the interface's style, and error mapping to the interface's error body.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requestIncludes, type Includes } from '../wire/api-alias/api-alias.js';
import { INCLUDES_MEMBER } from '../wire/api-alias/wire-api-alias.js';
import { asSent, droppedMembers, judgeResult, ResponseBreach } from '../core/response-check.js';
import { ResponseReaders, REFUSED } from './response-reader.js';
import { CopyRefused } from './declared-copy.js';
import { checkSendable, responseHeaders, splitResult } from './response-headers.js';
import { respondsWithHeaders, declaredResponseHeaders } from '../core/response-headers.js';
import { ResponseBodySchemas, serializeBody, type ResponseSchemas } from './response-serializers.js';
import { judgeEntries } from './body-entries.js';
import { cookieParameters } from '../core/cookies.js';
import { InternalError, sendApiError, sendJson, sendJsonText } from './error-reply.js';
import { ApiError, BadRequest, jsonPointer, ParameterMissing, Validation, type Violation } from '../core/errors.js';
import { enableCors, type CorsOptions } from './cors.js';
import { idempotencySettings, keyedRoute, type IdempotencyOptions } from '../stores/idempotency.js';
import type { InterfaceMeta, ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import { negotiateRepresentation, requireBodyMediaType, sentAsForm, type Representation } from '../core/negotiate.js';
import { flatQueryNames, formObjectParameters, listParameters } from './query-schema.js';
import { flatQuery, parseQueryString, queryOf, routeQueryParameters, type QueryValue } from '../core/query-string.js';
import { parseRequestJson, RefusedValue, requestValue } from '../core/request-json.js';
import type { JsonSchema } from '../wire/wire-schemas.js';
import { wireStyle } from '../wire/wire-styles.js';
import { HTTP_METHODS } from '../core/vocabulary.js';
import { renderResult, selectResponse, type JsonApiRendering, type Rendered } from './responses.js';
import { answeredResponse, answersBeyondSuccess, isDeclaredAnswer } from './respond.js';
import {
  createAuthenticator,
  type Authenticator,
  type AuthResult,
  type AuthScheme,
  type Principal,
  type SessionHandle,
} from '../auth/server-auth.js';
import { credentialCheck, type CredentialCheck } from '../auth/login-guard.js';
import { storageUnavailable } from '../stores/storage-errors.js';
import type { StreamedMedia } from '../core/streamed-media.js';
import { variantMessage } from './tagged-variants.js';
import { LoginThrottle } from '../stores/throttle.js';
import { routerPath } from '../core/path-template.js';

export interface RouteSchemas {
  readonly pathParams?: z.ZodType;
  readonly query?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly cookies?: z.ZodType;
  readonly body?: z.ZodType;
  /** Set when the body is a list whose entries are judged one by one (bodyEntries: each). */
  readonly bodyEntry?: z.ZodType;
  /** Set when a form body has number or boolean members: each is read from its text, as query parameters are. */
  readonly formBody?: z.ZodType;
  /** The bodies of the route's responses, by status: results are judged by them and serialized from them. */
  readonly responses?: ResponseSchemas;
}

/**
 * What a handler gets beside its input. `Caller`: the principals the API's auth schemes produce (a generated
 * server gives them as PrincipalOf its schemes' kinds), so that a handler reads only those.
 */
export interface HandlerContext<Session = unknown, Caller extends Principal = Principal> {
  /** Who called, on routes with an auth scheme; undefined on public routes. */
  readonly principal: Caller | undefined;
  /** The caller's session, on routes of an apiKey scheme that declares sessions (context tokens). */
  readonly session: SessionHandle<Session> | undefined;
  /**
   * scheme://host[:port] of the service for Location values and links: the configured publicOrigin, a trusted Host,
   * else the address the request arrived at (never an untrusted Host header, which the client chooses).
   */
  readonly origin: string;
  /** The negotiated response format: json:api or plain JSON (always plain outside json:api interfaces). */
  readonly representation: Representation;
  /** Absolute URL of the route's record with this id (for Location values). */
  resourceUrl(id: string | number): string;
  /**
   * Runs a credential check the handler performs itself (e.g. a customer login) through the login
   * throttle, per account and client address: throws the interface's 429 while throttled.
   */
  readonly checkCredential: CredentialCheck;
  /**
   * Aborts when the client's connection closes before the response is sent (the client went away), never after a
   * response: pass it to the work the handler awaits (fetch, a database query) so that it stops with the request.
   */
  readonly signal: AbortSignal;
}

export interface InterfaceDefinition {
  readonly meta: InterfaceMeta;
  readonly routes: Readonly<Record<string, RouteMeta>>;
  readonly schemas: Readonly<Record<string, RouteSchemas>>;
  /**
   * The implementation of each auth scheme, by scheme name: a generated server imports those its API
   * declares (api-key-server, oauth-scheme, …), so that an output holds no code of other schemes.
   */
  readonly authSchemes?: Readonly<Record<string, AuthScheme>>;
  /** Renders json:api documents (jsonapi.ts); given by the servers of json:api interfaces only. */
  readonly jsonApi?: JsonApiRendering;
  /** Bodies and responses that are streamed (files, multipart forms, event streams): those the API uses. */
  readonly media?: readonly StreamedMedia[];
}

export interface InterfacePluginOptions {
  /** One method per route, by route name. */
  readonly handlers: object;
  /** Options per auth scheme, by scheme name. */
  readonly auth?: object | undefined;
  /** Called with errors that are not the client's fault; never with credentials. */
  readonly onInternalError?: ((error: unknown, request: FastifyRequest) => void) | undefined;
  /** Throttles the handlers' checkCredential calls; false turns it off. Default: a LoginThrottle with its defaults. */
  readonly loginThrottle?: LoginThrottle | false | undefined;
  /**
   * Judges every handler result by the route's response schema before sending it (default true): a missing
   * required member or a value of the wrong type, format or enum is a 500. Off, only what the
   * serializer itself notices (a missing required member, a value it cannot write) is.
   */
  readonly validateResponses?: boolean | undefined;
  /**
   * The origin (scheme://host[:port]) clients reach the service at, for Location values and json:api links, e.g.
   * "https://api.example.com" behind a proxy. Default: the scheme and the local address and port the request
   * arrived at. The Host header is never used unless listed in trustedHosts.
   */
  readonly publicOrigin?: string | undefined;
  /** Host header values (host[:port], any case) that may stand for the origin of the requests that send them. */
  readonly trustedHosts?: readonly string[] | undefined;
  /**
   * Development: a result that breaks its definition, undeclared members included, is a 500 with
   * a detail naming each bad member by JSON pointer, and logged at error level. Never in production.
   */
  readonly development?: boolean | undefined;
  /**
   * Routes with an idempotency key header: where responses are kept for repeats of a key, and how long
   * (default: in this process's memory, for 24 hours). Several instances need a shared store.
   */
  readonly idempotency?: IdempotencyOptions | undefined;
  /** Allows cross-origin calls from the listed origins' pages (browsers); default none (same origin only). */
  readonly cors?: CorsOptions | undefined;
}

type Handler = (input: Record<string, unknown>, context: HandlerContext) => Promise<unknown>;

export function createInterfacePlugin(
  definition: InterfaceDefinition,
  options: InterfacePluginOptions,
): FastifyPluginAsync {
  const { meta } = definition;
  if (wireStyle(meta).handedIn && !definition.jsonApi) throw new Error(`${meta.name}: json:api rendering is missing`);
  const schemes = Object.entries(meta.auth).map(([name, scheme]) => {
    const kind = definition.authSchemes?.[name];
    if (kind === undefined) throw new Error(`${meta.name}: the implementation of auth scheme "${name}" is missing`);
    const schemeOptions = (options.auth as Record<string, unknown> | undefined)?.[name];
    if (schemeOptions === undefined) throw new Error(`${meta.name}: options for auth scheme "${name}" are missing`);
    return { name, scheme, kind, options: schemeOptions };
  });
  const authenticators = new Map<string, Authenticator>(
    schemes.map(({ name, scheme, kind, options }) => [name, createAuthenticator(scheme, kind, options)]),
  );
  const originOf = requestOrigin(meta.name, options);
  const loginThrottle = options.loginThrottle === false ? undefined : (options.loginThrottle ?? new LoginThrottle());
  const idempotency = Object.values(definition.routes).some((route) => route.idempotencyKey)
    ? idempotencySettings(options.idempotency)
    : undefined;
  const handlers = new Map<string, Handler>();
  for (const route of Object.values(definition.routes)) {
    const handler = (options.handlers as Record<string, unknown>)[route.name];
    if (typeof handler !== 'function') throw new Error(`${meta.name}: handler "${route.name}" is missing`);
    handlers.set(route.name, (handler as Handler).bind(options.handlers));
  }

  return async function interfacePlugin(app: FastifyInstance): Promise<void> {
    if (options.cors) enableCors(app, meta, options.cors, declaredResponseHeaders(Object.values(definition.routes)));
    enableGetBodies(app);
    readJsonBodies(app);
    readFormBodies(app);
    for (const media of definition.media ?? []) await media.register?.(app, Object.values(definition.routes));
    app.setErrorHandler((error, request, reply) => sendError(meta, toApiError(error, request, options), reply));
    const toSchemeError = (error: unknown, request: FastifyRequest) => toApiError(error, request, options);
    for (const { scheme, kind, options: schemeOptions } of schemes)
      kind.routes?.(app, scheme, schemeOptions, { toApiError: toSchemeError });
    const declaredHeads = headPaths(definition);
    for (const route of Object.values(definition.routes)) {
      const { authorize, run, callerOf } = routeRunner({
        definition,
        route,
        handler: handlers.get(route.name) as Handler,
        authenticator: route.auth ? authenticators.get(route.auth) : undefined,
        loginThrottle,
        originOf,
        validateResponses: options.validateResponses !== false || options.development === true,
        development: options.development === true,
      });
      const header = route.idempotencyKey;
      const keyed =
        idempotency && header
          ? keyedRoute(idempotency, { interfaceName: meta.name, route: route.name, header }, callerOf, run)
          : undefined;
      const register = (context: FastifyInstance) => {
        for (const path of route.paths) routeAt(context, path);
      };
      const routeAt = (context: FastifyInstance, path: string) =>
        context.route({
          method: route.method,
          url: routerPath(path),
          ...(meta.bodyLimitBytes ? { bodyLimit: meta.bodyLimitBytes } : {}),
          // Negotiation and authentication come before the body is read: a stranger's body is never parsed,
          // and a session's token reaches even responses to bodies that fail to parse.
          onRequest: authorize,
          handler: keyed?.handler ?? run,
          ...(keyed && { onSend: keyed.onSend }),
          // A HEAD route of the definitions serves HEAD on this path, whichever of the two is registered first.
          ...(route.method === 'GET' && declaredHeads.has(path) && { exposeHeadRoute: false }),
        });
      const body = definition.media?.find((media) => media.body?.takes(route))?.body;
      if (body?.registerRoute) body.registerRoute(app, route, register);
      else register(app);
    }
    registerMethodNotAllowed(app, definition);
  };
}

/**
 * How a request's origin is found (HandlerContext.origin): a trusted Host, else the configured public origin, else the
 * local address the request arrived at. A publicOrigin that is not scheme://host[:port] is refused at start.
 */
function requestOrigin(name: string, options: InterfacePluginOptions): (request: FastifyRequest) => string {
  const fixed = options.publicOrigin === undefined ? undefined : publicOrigin(name, options.publicOrigin);
  const trusted = new Set((options.trustedHosts ?? []).map((host) => host.toLowerCase()));
  return (request) => {
    const host = request.headers.host?.toLowerCase();
    if (host !== undefined && trusted.has(host)) return `${request.protocol}://${host}`;
    if (fixed !== undefined) return fixed;
    // A dual-stack socket names an IPv4 peer as ::ffff:a.b.c.d; an IPv6 address goes in brackets.
    const address = (request.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
    return `${request.protocol}://${address.includes(':') ? `[${address}]` : address}:${request.socket.localPort ?? 0}`;
  };
}

/** The configured origin, normalized (lower-case host, no default port); anything but http(s)://host[:port] throws. */
function publicOrigin(name: string, configured: string): string {
  let url: URL | undefined;
  try {
    url = new URL(configured);
  } catch {
    url = undefined;
  }
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!url || !bare || !/^https?:$/.test(url.protocol))
    throw new Error(
      `${name}: publicOrigin must be http(s)://host[:port] without a path, got ${JSON.stringify(configured)}`,
    );
  return url.origin;
}

/** The paths a HEAD route of the definitions serves: Fastify must not derive a HEAD of their GET routes there. */
function headPaths(definition: InterfaceDefinition): Set<string> {
  return new Set(Object.values(definition.routes).flatMap((route) => (route.method === 'HEAD' ? route.paths : [])));
}

/** The methods each served path responds to (HEAD wherever GET is served), the token endpoints' included. */
function servedMethods(definition: InterfaceDefinition): Map<string, Set<string>> {
  const served = new Map<string, Set<string>>();
  const add = (path: string, method: string): void => {
    served.set(path, (served.get(path) ?? new Set<string>()).add(method));
    if (method === 'GET') add(path, 'HEAD');
  };
  for (const route of Object.values(definition.routes)) for (const path of route.paths) add(path, route.method);
  for (const scheme of Object.values(definition.meta.auth)) if (scheme.type === 'oauth2') add(scheme.tokenPath, 'POST');
  return served;
}

/**
 * On every served path, a method the path does not serve is 405 with Allow (RFC 9110 section 15.5.6), in
 * the interface's error shape; OPTIONS is 204 with Allow unless a route of the definitions serves it. A method
 * another interface serves on the same path stays theirs.
 */
function registerMethodNotAllowed(app: FastifyInstance, definition: InterfaceDefinition): void {
  for (const [path, methods] of servedMethods(definition)) {
    const url = routerPath(path);
    methods.add('OPTIONS');
    const allow = HTTP_METHODS.filter((method) => methods.has(method)).join(', ');
    const others = HTTP_METHODS.filter((method) => !methods.has(method) && !app.hasRoute({ method, url }));
    if (others.length > 0) {
      const refuse = async (request: FastifyRequest): Promise<never> => {
        throw new ApiError('methodNotAllowed', { params: { method: request.method }, headers: { allow } });
      };
      // Refused on arrival: a body that cannot be parsed must not turn the 405 into a 400 or 415.
      app.route({ method: [...others], url, onRequest: refuse, handler: refuse });
    }
    if (!app.hasRoute({ method: 'OPTIONS', url })) {
      app.route({
        method: 'OPTIONS',
        url,
        handler: async (_request, reply) => reply.code(204).header('allow', allow).send(),
      });
    }
  }
}

/** Fastify ignores GET bodies unless told otherwise; some routes take one. */
function enableGetBodies(app: FastifyInstance): void {
  try {
    app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  } catch {
    // Already enabled by another interface on the same server.
  }
}

/**
 * JSON bodies, read by request-json.ts (a __proto__ member or nesting past its limit is a 400 naming where, objects
 * come without a prototype). Clients that send Content-Type: application/json on every request (GETs and DELETEs
 * included) send it with empty bodies too: an empty body is no body.
 */
function readJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      return done(new BadRequest({ params: { name: 'body' }, detail: 'The request body is not valid JSON.' }));
    }
    try {
      return done(null, requestValue(parsed));
    } catch (error) {
      return done(refusedValueError('body', error));
    }
  });
}

/**
 * Form bodies (application/x-www-form-urlencoded), read like JSON ones. A repeated name is the list of its values,
 * never its last one: a form member is a scalar, so the route's schema refuses the list, and so does the OAuth token
 * endpoint (RFC 6749 section 3.2: parameters must not repeat).
 */
function readFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields = new Map<string, string | string[]>();
    for (const [name, value] of new URLSearchParams(String(body))) {
      const earlier = fields.get(name);
      fields.set(name, earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]);
    }
    try {
      return done(null, requestValue(Object.fromEntries(fields)));
    } catch (error) {
      return done(refusedValueError('body', error));
    }
  });
}

/** The 400 of a value request-json.ts refuses, in the request body or a query parameter; other errors pass. */
function refusedValueError(where: 'body' | 'query', error: unknown): Error {
  if (!(error instanceof RefusedValue)) return error instanceof Error ? error : new Error(String(error));
  if (where === 'body') {
    const at = error.pointer === '' ? '' : ` at ${error.pointer}`;
    const violations = [{ pointer: error.pointer || '/', message: error.reason }];
    return new BadRequest({
      params: { name: 'body' },
      detail: `The request body is refused${at}: ${error.reason}.`,
      violations,
    });
  }
  const name = error.pointer.split('/')[1] ?? 'query';
  const message = `The query parameter "${name}" is invalid: ${error.reason} (${error.pointer}).`;
  return new BadRequest({
    params: { name },
    detail: message,
    violations: [{ pointer: error.pointer, parameter: name, message }],
  });
}

interface RunnerParts {
  readonly definition: InterfaceDefinition;
  readonly route: RouteMeta;
  readonly handler: Handler;
  readonly authenticator: Authenticator | undefined;
  readonly loginThrottle: LoginThrottle | undefined;
  readonly originOf: (request: FastifyRequest) => string;
  readonly validateResponses: boolean;
  readonly development: boolean;
}

interface Prepared {
  readonly representation: Representation;
  readonly auth: AuthResult | undefined;
}

/**
 * What authorize found, kept on the request for the steps after it: a property, since an entry per request in a
 * WeakMap cost the collector about 7% of a small route's time.
 */
const PREPARED = Symbol('svcgen.prepared');

type PreparedRequest = FastifyRequest & { [PREPARED]?: Prepared };

function prepare(request: FastifyRequest, state: Prepared): void {
  (request as PreparedRequest)[PREPARED] = state;
}

function preparedOf(request: FastifyRequest): Prepared | undefined {
  return (request as PreparedRequest)[PREPARED];
}

/** What readParameters gives: the handler's input so far, and the query members other steps read. */
interface Parameters {
  readonly input: Record<string, unknown>;
  readonly rawQuery: Record<string, QueryValue>;
  readonly includesQuery: QueryValue | undefined;
}

/**
 * A route's request path, in named steps: authorize (on arrival, before the body is read), then read parameters,
 * read body, call the handler, render, serialise. Each step is made once per route, with what it needs known ahead.
 */
function routeRunner(parts: RunnerParts) {
  const { definition, route, handler, authenticator, loginThrottle } = parts;
  const { meta } = definition;
  const schemas = definition.schemas[route.name] ?? {};
  const bodySchemas = new ResponseBodySchemas(meta, schemas.responses ?? {});
  const readers = new ResponseReaders(meta, schemas.responses ?? {}, parts.validateResponses);
  const queryLists = listParameters(schemas.query);
  const formObjects = formObjectParameters(schemas.query, route.queryStyles);
  // A query of scalar parameters is read flat when it can be, and its parameters handed on as a plain object.
  const flatNames =
    wireStyle(meta).takesIncludes || route.queryShortForms || route.body?.queryAlternative
      ? undefined
      : flatQueryNames(schemas.query, route.queryStyles);
  const headerLists = listParameters(schemas.headers);
  const cookieLists = listParameters(schemas.cookies);
  const fastPath = !parts.development;
  const withHeaders = respondsWithHeaders(route);
  // Only a route that declares more than its successes takes an answer (respond.ts): the others never look for one.
  const answering = answersBeyondSuccess(route);
  const headerChecks = { judge: parts.validateResponses, strict: parts.development };
  const media = definition.media ?? [];
  const streamedBody = media.find((kind) => kind.body?.takes(route))?.body;
  const streamedBodyOptional = route.upload?.optional === true || route.multipart?.optional === true;
  /** An optional upload or form the request leaves out: neither checked nor read, the handler gets undefined. */
  const absentStreamedBody = (request: FastifyRequest) => streamedBodyOptional && withoutContent(request);
  const streamedResponses = media.flatMap((kind) => (kind.response ? [kind.response] : []));

  // A file or an event stream is asked for by its own media type (Accept: text/event-stream), not json:api's.
  const negotiated =
    wireStyle(meta).negotiated && !route.responses.some((response) => response.file || response.events);

  const authorize = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const representation = negotiated ? negotiate(request) : 'plain';
    const auth = authenticator ? await serviceCall(() => authenticator.authenticate(request, route)) : undefined;
    if (auth?.session) {
      reply.header(auth.session.header, auth.session.token);
      requestSessions.set(request, auth.session);
    }
    if (auth !== undefined || representation !== 'plain') prepare(request, { representation, auth });
    // Routes without a body ignore a JSON one (clients that send Content-Type: application/json on every request).
    if (streamedBody) {
      if (!absentStreamedBody(request)) streamedBody.check(request, route);
    } else requireBodyMediaType(request, route.body?.formats ?? ['json']);
  };

  /** Path, query, header and cookie parameters; every bad one, wherever it is, is named in one 400. */
  const readParameters = (request: FastifyRequest): Parameters => {
    const rawQuery =
      (flatNames && flatQuery(queryOf(request.url), flatNames)) ??
      routeQueryParameters(readQuery(request.url, queryLists), { formObjects, shortForms: route.queryShortForms });
    // api-alias interfaces take includes with every request, apart from the route's own parameters.
    const includesQuery = wireStyle(meta).takesIncludes ? takeMember(rawQuery, INCLUDES_MEMBER) : undefined;
    const input: Record<string, unknown> = {};
    const bad: Violation[] = [];
    if (schemas.pathParams)
      input['params'] = parseParameters(schemas.pathParams, pathParameters(meta, route, request.params), 'path', bad);
    if (schemas.query) input['query'] = parseParameters(schemas.query, rawQuery, 'query', bad, !flatNames);
    if (schemas.headers)
      input['headers'] = parseParameters(
        schemas.headers,
        splitHeaderLists(headerLists, request.headers),
        'header',
        bad,
      );
    if (schemas.cookies) {
      const cookies = cookieParameters(request.headers.cookie, cookieLists);
      input['cookies'] = parseParameters(schemas.cookies, cookies, 'cookie', bad);
    }
    refuseBadParameters(bad);
    return { input, rawQuery, includesQuery };
  };

  /**
   * The body as its schema reads it. An optional body a request sends no content for is absent, even where a parser
   * reads "" as a value ({} for a form); a required one is judged as read, so an empty form is an empty record.
   */
  const readBody = (request: FastifyRequest, rawQuery: Record<string, unknown>): unknown => {
    const body = route.body && !route.body.required && withoutContent(request) ? undefined : request.body;
    if (schemas.body && schemas.bodyEntry) {
      const list = { list: schemas.body, entry: schemas.bodyEntry };
      return absentOptionalBody(route, body) ? undefined : judgeEntries(list, body, toViolation);
    }
    const schema = schemas.formBody && sentAsForm(request.headers) ? schemas.formBody : schemas.body;
    return schema ? parseBody(schema, route, body, rawQuery) : undefined;
  };

  /** The handler's result as it is to be sent (toJSON applied); a rotated session's token goes out with it. */
  const callHandler = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: Record<string, unknown>,
    context: HandlerContext,
  ): Promise<unknown> => {
    const result = asSent(await serviceCall(() => handler(input, context)));
    const session = preparedOf(request)?.auth?.session;
    if (session) {
      await session.save();
      reply.header(session.header, session.token);
    }
    return result;
  };

  /**
   * The response in the interface's style. Where the route's reader takes the result (judged and copied in one pass,
   * response-reader.ts), the document is rendered from that copy, so it holds declared members only and JSON.stringify
   * writes it; else the result is judged by zod (unless validateResponses is off) and the serializer drops what the
   * definitions do not declare.
   */
  const render = (
    request: FastifyRequest,
    handled: unknown,
    parameters: Parameters,
    origin: string,
    includes: Includes | undefined,
  ): OutgoingResponse => {
    const representation = preparedOf(request)?.representation ?? 'plain';
    const query = (parameters.input['query'] ?? {}) as Record<string, unknown>;
    const answer = answering && isDeclaredAnswer(handled) ? handled : undefined;
    const answered = answer && answeredResponse(route, answer);
    const response = answered ?? selectResponse(route, query);
    const { body, headers } = answer
      ? { body: asSent(answer.body), headers: (answer.headers ?? {}) as Record<string, unknown> }
      : withHeaders
        ? splitResult(handled)
        : { body: handled, headers: {} };
    let judged = fastPath && response?.hasBody ? readers.read(response, body) : REFUSED;
    if (response?.hasBody && judged === REFUSED && readers.recursive(response)) judged = copyResult(response, body);
    else if (response && judged === REFUSED && parts.validateResponses)
      judgeResult({ meta, route: route.name, response, schema: bodySchemas.result(response) }, body);
    const path = request.url.split('?')[0] ?? '/';
    const context = { meta, route, representation, origin, path, query, includes, jsonApi: definition.jsonApi };
    const rendered = renderResult(context, body, judged === REFUSED ? body : judged, answered);
    const copied = judged !== REFUSED;
    // In development (no reader) only a copy of a recursive result: what it left out breaks the response, named
    // where the document holds it, as the serializer's dropped members are.
    if (parts.development && copied && response) {
      const whole = renderResult(context, body, body, answered).body;
      const dropped = droppedMembers(whole, rendered.body);
      const violations = dropped.map((pointer) => `${pointer}: not declared by the definitions`);
      if (violations.length > 0) throw new ResponseBreach(route.name, rendered.status, violations);
    }
    // The serializer's schema is made only for a body it writes (a large one takes long to make).
    const schema = response && !copied ? bodySchemas.body(response, representation) : undefined;
    const declared = response && (answer || withHeaders) ? responseHeaders(route, response, headers, headerChecks) : {};
    checkSendable(route, rendered.status, rendered.headers);
    checkSendable(route, rendered.status, declared);
    return { rendered, response, schema, copied, declared };
  };

  /**
   * A result of a schema that holds itself, which the reader did not take: its declared members copied by the zod
   * schema (declared-copy.ts), then judged as copied, so the value judged is the value sent.
   */
  const copyResult = (response: ResponseMeta, body: unknown): unknown => {
    let copy: unknown;
    try {
      copy = readers.copy(response, body);
    } catch (error) {
      if (error instanceof CopyRefused) throw new ResponseBreach(route.name, response.status, [error.message]);
      throw error;
    }
    if (parts.validateResponses)
      judgeResult({ meta, route: route.name, response, schema: bodySchemas.result(response) }, copy);
    return copy;
  };

  /** Writes the response: a rendered copy by JSON.stringify, anything else by the compiled serializer of its schema. */
  const serialise = (
    reply: FastifyReply,
    { rendered, response, schema, copied, declared }: OutgoingResponse,
  ): FastifyReply => {
    reply.code(rendered.status).headers(rendered.headers);
    // What the runtime set already (a session's token, CORS) stays as it is.
    for (const [name, value] of Object.entries(declared)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (rendered.body === undefined) return reply.send();
    const contentType = rendered.contentType ?? 'application/json; charset=utf-8';
    // Every response with a body has a schema or was copied; without either (none expected) it goes out as it is.
    if (!response || (!schema && !copied)) return sendJson(reply, contentType, rendered.body);
    const text = schema ? serialized(reply, schema, rendered.body, response) : JSON.stringify(rendered.body);
    if (parts.development) {
      const dropped = droppedMembers(rendered.body, JSON.parse(text));
      const violations = dropped.map((pointer) => `${pointer}: not declared by the definitions`);
      if (violations.length > 0) throw new ResponseBreach(route.name, rendered.status, violations);
    }
    return sendJsonText(reply, contentType, text);
  };

  const run = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const parameters = readParameters(request);
    if (schemas.body) parameters.input['body'] = readBody(request, parameters.rawQuery);
    else if (streamedBody && !absentStreamedBody(request))
      parameters.input['body'] = await streamedBody.read(request, reply, route);
    const state = preparedOf(request);
    const origin = parts.originOf(request);
    // Bad includes are refused before the handler runs.
    const includes = wireStyle(meta).takesIncludes
      ? requestIncludes(parameters.input['body'] ?? request.body, parameters.includesQuery)
      : undefined;
    const context = new RequestContext(meta, route, request, reply, origin, state, loginThrottle);
    const result = await callHandler(request, reply, parameters.input, context);
    if (await sendStreamed(request, reply, parameters, result)) return reply;
    return serialise(reply, render(request, result, parameters, origin, includes));
  };

  /** A file response goes out as a stream (streamed-media.ts), past the render and serialise steps: true if sent. */
  const sendStreamed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    parameters: Parameters,
    result: unknown,
  ): Promise<boolean> => {
    if (streamedResponses.length === 0 || (answering && isDeclaredAnswer(result))) return false;
    const response = selectResponse(route, (parameters.input['query'] ?? {}) as Record<string, unknown>);
    const streamed = response && streamedResponses.find((kind) => kind.sends(response));
    if (!streamed || !response) return false;
    const judging = { schema: bodySchemas.result(response), development: parts.development };
    await streamed.send(request, reply, route, response, result, judging);
    return true;
  };

  /** What the serializer refuses (a required member missing, a value it cannot write) is a breach too. */
  const serialized = (reply: FastifyReply, schema: JsonSchema, body: unknown, response: ResponseMeta): string => {
    try {
      return serializeBody(reply, schema, body);
    } catch (error) {
      throw new ResponseBreach(route.name, response.status, [error instanceof Error ? error.message : String(error)]);
    }
  };
  /** Who is calling, for scoping idempotency keys: the principal's kind and name, or "" without auth. */
  const callerOf = (request: FastifyRequest): string => {
    const principal = preparedOf(request)?.auth?.principal;
    if (principal === undefined) return '';
    return `${principal.kind}:${'subject' in principal ? principal.subject : principal.username}`;
  };
  return { authorize, run, callerOf };
}

/** A rendered response on its way to the wire. `copied`: its body was rendered from the reader's copy. */
interface OutgoingResponse {
  readonly rendered: Rendered;
  readonly response: ResponseMeta | undefined;
  readonly schema: JsonSchema | undefined;
  readonly copied: boolean;
  /** The declared headers the handler set (response-headers.ts). */
  readonly declared: Readonly<Record<string, string>>;
}

/**
 * The handler's context, made without a closure per request: resourceUrl, checkCredential and signal are made when
 * read, so a route whose handler does not read them pays nothing for them.
 */
class RequestContext implements HandlerContext {
  readonly principal: Principal | undefined;
  readonly session: HandlerContext['session'];
  readonly origin: string;
  readonly representation: Representation;
  readonly #meta: InterfaceMeta;
  readonly #route: RouteMeta;
  readonly #request: FastifyRequest;
  readonly #reply: FastifyReply;
  readonly #throttle: LoginThrottle | undefined;
  #signal: AbortSignal | undefined;

  constructor(
    meta: InterfaceMeta,
    route: RouteMeta,
    request: FastifyRequest,
    reply: FastifyReply,
    origin: string,
    state: Prepared | undefined,
    throttle: LoginThrottle | undefined,
  ) {
    this.principal = state?.auth?.principal;
    this.session = state?.auth?.session;
    this.origin = origin;
    this.representation = state?.representation ?? 'plain';
    this.#meta = meta;
    this.#route = route;
    this.#request = request;
    this.#reply = reply;
    this.#throttle = throttle;
  }

  get signal(): AbortSignal {
    this.#signal ??= clientGoneSignal(this.#reply.raw);
    return this.#signal;
  }

  get resourceUrl(): (id: string | number) => string {
    const base = `${this.origin}${collectionPath(this.#meta, this.#route, this.#request.url)}/`;
    return (id) => `${base}${encodeURIComponent(String(id))}`;
  }

  get checkCredential(): CredentialCheck {
    return credentialCheck(this.#throttle, this.#request.ip);
  }
}

/**
 * A signal that aborts when the response closes before it ended: the client went away (a response that ended closes
 * too, and does not abort it). Aborted at once when the connection is gone already.
 */
function clientGoneSignal(response: FastifyReply['raw']): AbortSignal {
  const controller = new AbortController();
  const gone = () => {
    if (!response.writableEnded) controller.abort(new Error('The client closed the connection.'));
  };
  if (response.destroyed || response.socket?.destroyed === true) gone();
  else response.once('close', gone);
  return controller.signal;
}

/** The query's parameters as request values (request-json.ts): a __proto__ member is a 400 naming its parameter. */
function readQuery(url: string, lists: ReadonlySet<string>): Record<string, QueryValue> {
  try {
    return requestValue(parseQueryString(queryOf(url), lists)) as Record<string, QueryValue>;
  } catch (error) {
    throw refusedValueError('query', error);
  }
}

/**
 * Where the route's records live: the record's get-one path, else the request path (less its id, on routes ending in
 * one).
 */
function collectionPath(meta: InterfaceMeta, route: RouteMeta, url: string): string {
  const known = route.resource ? meta.records[route.resource]?.resourcePath : undefined;
  if (known !== undefined) return known;
  const path = url.split('?')[0] ?? '/';
  return /\/\{[^}]+\}$/.test(route.path) ? path.replace(/\/[^/]*$/, '') : path;
}

function negotiate(request: FastifyRequest): Representation {
  const representation = negotiateRepresentation(request.headers.accept);
  if (!representation)
    throw new ApiError('notAcceptable', {
      detail: `Cannot respond in ${request.headers.accept}; accepted: application/vnd.api+json, application/json.`,
    });
  return representation;
}

function takeMember(query: Record<string, QueryValue>, name: string): QueryValue | undefined {
  const value = query[name];
  delete query[name];
  return value;
}

/** A header list arrives as one comma-separated value (style simple), with optional spaces after the commas. */
function splitHeaderLists(lists: ReadonlySet<string>, headers: FastifyRequest['headers']): Record<string, unknown> {
  if (lists.size === 0) return headers;
  const split: Record<string, unknown> = { ...headers };
  for (const name of lists) {
    const value = headers[name];
    if (typeof value === 'string') split[name] = value === '' ? [] : value.split(/ *, */);
  }
  return split;
}

/**
 * The path parameters; an empty one (e.g. "/Banner/") is missing: ParameterMissing where the route declares it, else a
 * 400.
 */
function pathParameters(meta: InterfaceMeta, route: RouteMeta, params: unknown): unknown {
  const values = (params ?? {}) as Record<string, unknown>;
  const empty = route.pathParams.find((name) => values[name] === '');
  if (empty === undefined) return values;
  if (route.errors.some((name) => meta.errors[name]?.kind === 'parameterMissing')) throw new ParameterMissing(empty);
  throw new BadRequest({ params: { name: empty }, detail: `The path parameter "${empty}" is missing.` });
}

/**
 * The parameters read by their schema; each issue is added to `bad` (see refuseBadParameters). `ownMembers` false:
 * zod's object as it is, for parameters no object inherits a member of (flatQueryNames).
 */
function parseParameters(
  schema: z.ZodType,
  value: unknown,
  where: 'path' | 'query' | 'header' | 'cookie',
  bad: Violation[],
  ownMembers = true,
): unknown {
  const result = schema.safeParse(value ?? {});
  if (result.success) return ownMembers ? ownMembersOnly(result.data) : result.data;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? where);
    const message = `The ${where} parameter "${name}" is invalid: ${issue.message}.`;
    bad.push({ pointer: jsonPointer(issue.path), parameter: name, message });
  }
  return undefined;
}

/**
 * Parameters as own members only: zod's output inherits Object.prototype, so a parameter named `constructor` or
 * `toString` that the request left out would read as Object's function instead of being absent.
 */
function ownMembersOnly(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? Object.assign(Object.create(null) as object, value) : value;
}

/** A 400 that names every bad parameter (one violation each issue), when there is one. */
function refuseBadParameters(bad: readonly Violation[]): void {
  const [first] = bad;
  if (first === undefined) return;
  throw new BadRequest({
    params: { name: first.parameter ?? 'parameter' },
    detail: bad.map((violation) => violation.message).join(' '),
    violations: bad,
  });
}

/**
 * The body, or for GET routes that allow it the same member from the query string; undefined where an optional body
 * is absent (no content), so that a record with required members is not demanded of a request that sends none.
 */
function parseBody(schema: z.ZodType, route: RouteMeta, body: unknown, rawQuery: Record<string, unknown>): unknown {
  let value = body;
  const alternative = route.body?.queryAlternative;
  if (
    (value === undefined || value === null || value === '') &&
    alternative &&
    rawQuery[alternative.member] !== undefined
  ) {
    value = {
      [alternative.member]:
        alternative.style === 'json'
          ? parseJsonMember(alternative.member, rawQuery[alternative.member])
          : rawQuery[alternative.member],
    };
  }
  if (absentOptionalBody(route, value)) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new Validation(
    result.error.issues.map((issue) => {
      const violation = toViolation(issue);
      const message = variantMessage(schema, value, issue.path, violation.message);
      return message === undefined ? violation : { ...violation, message };
    }),
  );
}

/**
 * A request without content (the parsers read an empty body as undefined), or with JSON null, on a route whose body
 * is optional.
 */
function absentOptionalBody(route: RouteMeta, body: unknown): boolean {
  return (body === undefined || body === null || body === '') && route.body !== undefined && !route.body.required;
}

/** Whether a request carries no content: no body at all, or Content-Length 0. */
function withoutContent(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0);
}

/** JSON text; a value already structured (the bracket spelling) is taken as it is. */
function parseJsonMember(member: string, text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return parseRequestJson(text);
  } catch (error) {
    if (error instanceof RefusedValue)
      throw refusedValueError('query', new RefusedValue(`/${member}${error.pointer}`, error.reason));
    throw new BadRequest({ params: { name: member }, detail: `The query parameter "${member}" is not JSON.` });
  }
}

function toViolation(issue: z.core.$ZodIssue): Violation {
  const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  if (unknownKeys.length > 0)
    return {
      pointer: jsonPointer([...issue.path, unknownKeys[0]!]),
      message: `unknown field ${unknownKeys.join(', ')}`,
    };
  return { pointer: jsonPointer(issue.path) || '/', message: issue.message };
}

/**
 * An error the service's code threw (a handler, a credential check) that is no ApiError: a server fault whatever it
 * carries. HTTP-client and ORM errors have a 4xx statusCode of their own, which must not make them the client's fault.
 */
class ServiceFault extends Error {
  readonly fault: unknown;

  constructor(fault: unknown) {
    super('the service failed', { cause: fault });
    this.fault = fault;
    this.name = 'ServiceFault';
  }
}

/** Runs the service's code; what it throws other than an ApiError or a storage error becomes a ServiceFault. */
async function serviceCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError || storageUnavailable(error)) throw error;
    throw new ServiceFault(error);
  }
}

function toApiError(error: unknown, request: FastifyRequest, options: InterfacePluginOptions): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ServiceFault) {
    options.onInternalError?.(error.fault, request);
    return new InternalError();
  }
  const unavailable = storageUnavailable(error);
  if (unavailable) return storageUnavailableError(unavailable);
  const fastifyError = error as { code?: string; statusCode?: number };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError('payloadTooLarge', { params: { limit: request.routeOptions.bodyLimit ?? 0 } });
  if (fastifyError.statusCode === 415)
    return new ApiError('unsupportedMediaType', {
      params: { type: request.headers['content-type'] ?? '(none)' },
      detail: `Unsupported content type ${request.headers['content-type'] ?? '(none)'}.`,
    });
  if (fastifyError.statusCode !== undefined && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new BadRequest({ params: { name: 'body' }, detail: 'The request body cannot be read.' });
  }
  options.onInternalError?.(error, request);
  if (error instanceof ResponseBreach && options.development === true) {
    request.log.error({ err: error }, error.message);
    return new InternalError(error.message);
  }
  return new InternalError();
}

/** A request the storage cannot take (full, or unreachable): 503 with Retry-After, in the interface's error shape. */
function storageUnavailableError(unavailable: { detail: string; retryAfterSeconds: number }): ApiError {
  return new ApiError('serviceUnavailable', {
    detail: unavailable.detail,
    headers: { 'retry-after': String(unavailable.retryAfterSeconds) },
  });
}

/** The session of a request, so that an error response names its current token (which a handler may have rotated). */
const requestSessions = new WeakMap<FastifyRequest, { readonly header: string; readonly token: string }>();

function sendError(meta: InterfaceMeta, error: ApiError, reply: FastifyReply): FastifyReply {
  const session = requestSessions.get(reply.request);
  if (session) reply.header(session.header, session.token);
  if (!(error instanceof InternalError)) return sendApiError(meta, error, reply);
  return sendApiError(meta, error, reply, {
    internal: true,
    ...(error.disclosed !== undefined && { detail: error.disclosed }),
  });
}
