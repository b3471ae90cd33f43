// An ApiError → status and body in the interface's error style (wire-error-styles.ts), from its error
// catalog.
import type { ApiError } from './errors.js';
import type { ErrorKind, ErrorMeta, ErrorStyle } from './interface-meta.js';
import { ERROR_WIRES } from '../wire/wire-error-styles.js';

/**
 * The entry an error gets when the catalog has none of its kind: written for the people who read a
 * client's error log, never the bare kind name. The OpenAPI emitter describes these same entries for
 * the statuses the runtime sends on its own (src/emitters/openapi/runtime-errors.ts).
 */
export const DEFAULT_ERRORS: Readonly<Record<ErrorKind, Required<ErrorMeta>>> = {
  badRequest: entry('badRequest', 400, 'BAD_REQUEST', 'Bad Request', 'The request cannot be read.'),
  validation: entry('validation', 400, 'VALIDATION_FAILED', 'Invalid Request', 'The request body is invalid.'),
  parameterMissing: entry(
    'parameterMissing',
    400,
    'PARAMETER_MISSING',
    'Missing Parameter',
    'The parameter {name} is missing.',
  ),
  unauthorized: entry('unauthorized', 401, 'UNAUTHORIZED', 'Unauthorized', 'Authentication is required.'),
  forbidden: entry('forbidden', 403, 'FORBIDDEN', 'Forbidden', 'The caller may not do this.'),
  notFound: entry('notFound', 404, 'NOT_FOUND', 'Not Found', 'Nothing was found here.'),
  methodNotAllowed: entry(
    'methodNotAllowed',
    405,
    'METHOD_NOT_ALLOWED',
    'Method Not Allowed',
    'The method {method} is not allowed here.',
  ),
  notAcceptable: entry(
    'notAcceptable',
    406,
    'NOT_ACCEPTABLE',
    'Not Acceptable',
    'No representation the request accepts can be sent.',
  ),
  conflict: entry('conflict', 409, 'CONFLICT', 'Conflict', 'The request conflicts with the current state.'),
  payloadTooLarge: entry(
    'payloadTooLarge',
    413,
    'PAYLOAD_TOO_LARGE',
    'Payload Too Large',
    'The request body is larger than {limit} bytes.',
  ),
  unsupportedMediaType: entry(
    'unsupportedMediaType',
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Unsupported Media Type',
    'The request body has a media type this route does not read ({type}).',
  ),
  tooManyRequests: entry(
    'tooManyRequests',
    429,
    'TOO_MANY_REQUESTS',
    'Too Many Requests',
    'Too many attempts; try again later.',
  ),
  serviceUnavailable: entry(
    'serviceUnavailable',
    503,
    'SERVICE_UNAVAILABLE',
    'Service Unavailable',
    'The service cannot respond right now; try again later.',
  ),
  notImplemented: entry(
    'notImplemented',
    501,
    'NOT_IMPLEMENTED',
    'Not Implemented',
    'This route is not implemented yet.',
  ),
};

function entry(kind: ErrorKind, status: number, code: string, title: string, message: string): Required<ErrorMeta> {
  return { kind, status, code, title, message };
}

export interface ErrorResponse {
  readonly status: number;
  readonly body: unknown;
}

export function findErrorEntry(catalog: Readonly<Record<string, ErrorMeta>>, error: ApiError): ErrorMeta {
  const named = error.entry !== undefined ? catalog[error.entry] : undefined;
  if (named) return named;
  const direct = catalog[error.kind];
  if (direct) return direct;
  const byKind = Object.values(catalog).find((entry) => entry.kind === error.kind);
  return byKind ?? DEFAULT_ERRORS[error.kind];
}

export function fillTemplate(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function errorResponse(
  style: ErrorStyle,
  catalog: Readonly<Record<string, ErrorMeta>>,
  error: ApiError,
): ErrorResponse {
  const entry = findErrorEntry(catalog, error);
  const message =
    error.detail ?? fillTemplate(entry.message ?? entry.title ?? DEFAULT_ERRORS[error.kind].message, error.params);
  // A catalog entry that leaves them out takes the default entry's: a code and a title for people, not the kind.
  const heading = {
    status: entry.status,
    code: entry.code ?? DEFAULT_ERRORS[error.kind].code,
    title: entry.title ?? DEFAULT_ERRORS[error.kind].title,
  };
  return { status: entry.status, body: ERROR_WIRES[style].body(heading, message, error.violations) };
}

/**
 * The response to an error that is not the client's fault: 500, from the catalog's 500 entry when it
 * has one, and never with the error's own message (`detail` is given in development only).
 */
export function internalErrorResponse(
  style: ErrorStyle,
  catalog: Readonly<Record<string, ErrorMeta>>,
  detail?: string,
): ErrorResponse {
  const entry = Object.values(catalog).find((candidate) => candidate.status === 500);
  const message = detail ?? entry?.message ?? INTERNAL_ERROR.message;
  const heading = {
    status: 500,
    code: entry?.code ?? INTERNAL_ERROR.code,
    title: entry?.title ?? INTERNAL_ERROR.title,
  };
  return { status: 500, body: ERROR_WIRES[style].body(heading, message, []) };
}

const INTERNAL_ERROR = {
  code: 'INTERNAL_ERROR',
  title: 'Internal Server Error',
  message: 'Internal error.',
} as const;
