// The errors the generated server sends for a route on its own, whatever the route lists: a body
// that cannot be read (400), is too large (413) or is in a media type the route does not read (415)
// on every route, since Fastify reads a body sent with any method; a body that breaks the schema
// (the validation entry) on routes with a body; 406 on json:api interfaces (negotiation); 401 on
// routes with auth, 403 where scopes or a Digest privilege are needed, 429 where the runtime counts
// failed logins (Basic, Digest); 503 on every route, since any handler's store may find its disk
// full (src/runtime/server/server.ts, negotiate.ts, server-auth.ts, login-guard.ts). Each resolves to the
// catalog entry the runtime picks (error-bodies.ts, findErrorEntry), or to the runtime's default
// entry, so the document describes exactly what is sent. thrownErrors: what a handler can throw, for the
// responses a route declares itself at the statuses those errors go out with (beside-own.ts).
import { DEFAULT_ERRORS } from '../../runtime/core/error-bodies.js';
import type { ErrorIr, ErrorKind, ModuleIr, Origin, RouteIr } from '../../ir/types.js';
import { WIRE_STYLES } from '../../runtime/wire/wire-styles.js';
import { routeScheme } from './security.js';

/** What the default entry of each kind the runtime sends means, for the response's description. */
const DEFAULT_DESCRIPTIONS: Partial<Record<ErrorKind, string>> = {
  badRequest: 'The request cannot be read: its body is not valid JSON, or a parameter is missing or invalid.',
  validation: 'The request body does not match the schema; one entry per violation, with its place.',
  unauthorized: 'The credentials are missing or not valid.',
  forbidden: 'The caller is known but lacks a scope or privilege the route needs.',
  notAcceptable: 'The Accept header names no representation the interface can send.',
  payloadTooLarge: 'The request body is larger than the interface allows.',
  unsupportedMediaType: 'The request body has a media type the route does not read.',
  tooManyRequests: 'Too many failed logins from this address; Retry-After says when to try again.',
  serviceUnavailable: 'The service cannot store data right now (its storage is full); Retry-After says when to retry.',
};

/** The catalog entry the runtime sends for each kind it sends for the route on its own, or its default entry. */
export function runtimeErrors(module: ModuleIr, route: RouteIr): ErrorIr[] {
  const scheme = routeScheme(module, route);
  const kinds: (ErrorKind | false)[] = [
    'badRequest',
    route.body !== undefined && 'validation',
    route.auth !== undefined && 'unauthorized',
    (route.scopes.length > 0 || (scheme?.type === 'digest' && route.privilege !== undefined)) && 'forbidden',
    module.interface !== undefined && WIRE_STYLES[module.interface.style].negotiated && 'notAcceptable',
    'payloadTooLarge',
    'unsupportedMediaType',
    (scheme?.type === 'basic' || scheme?.type === 'digest') && 'tooManyRequests',
    'serviceUnavailable',
  ];
  return kinds.filter((kind): kind is ErrorKind => kind !== false).map((kind) => entryOfKind(module, route, kind));
}

/**
 * What a handler can throw, each with the status it goes out with: every catalog entry (by its name, `entry`), and
 * the runtime's default entry of each kind the catalog has none of (`new NotFound()`, `new ApiError('conflict')`).
 * Sorted by status, the catalog's order kept within one.
 */
export function thrownErrors(module: ModuleIr, route: RouteIr): ErrorIr[] {
  const kinds = Object.keys(DEFAULT_ERRORS) as ErrorKind[];
  const defaults = kinds.map((kind) => entryOfKind(module, route, kind)).filter((e) => !module.errors.includes(e));
  return [...module.errors, ...defaults].sort((a, b) => a.status - b.status);
}

/** The catalog entry the runtime picks for an error of `kind` (error-bodies.ts, findErrorEntry), or its default. */
function entryOfKind(module: ModuleIr, route: RouteIr, kind: ErrorKind): ErrorIr {
  return (
    module.errors.find((error) => error.name === kind) ??
    module.errors.find((error) => error.kind === kind) ??
    defaultError(kind, route, module.recordsOrigins ? 'convention' : 'spec')
  );
}

/** `origin`: convention (svcgen's choice) where the definitions record origins; else nothing is marked. */
function defaultError(kind: ErrorKind, route: RouteIr, origin: Origin): ErrorIr {
  const { status, code, title, message } = DEFAULT_ERRORS[kind];
  return {
    name: kind,
    kind,
    status,
    code,
    title,
    message,
    description: DEFAULT_DESCRIPTIONS[kind],
    origin,
    location: route.location,
  };
}
