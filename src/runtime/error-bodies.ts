// An ApiError → status and body in the interface's error style, from its error catalog.
import type { ApiError } from './errors.js';
import type { ErrorKind, ErrorMeta, ErrorStyle } from './interface-meta.js';

const DEFAULT_STATUS: Record<ErrorKind, number> = {
  badRequest: 400,
  validation: 400,
  parameterMissing: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  notAcceptable: 406,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  serviceUnavailable: 503,
  notImplemented: 501,
};

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
  return byKind ?? { kind: error.kind, status: DEFAULT_STATUS[error.kind] };
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
    error.detail ?? (entry.message ? fillTemplate(entry.message, error.params) : (entry.title ?? error.kind));
  return {
    status: entry.status,
    body: style === 'errors-array' ? errorsArrayBody(entry, message, error) : successFalseBody(message, error),
  };
}

/**
 * The answer to an error that is not the client's fault: 500, from the catalog's 500 entry when it
 * has one, and never with the error's own message (`detail` is given in development only).
 */
export function internalErrorResponse(
  style: ErrorStyle,
  catalog: Readonly<Record<string, ErrorMeta>>,
  detail?: string,
): ErrorResponse {
  const entry = Object.values(catalog).find((candidate) => candidate.status === 500);
  const message = detail ?? entry?.message ?? INTERNAL_ERROR.message;
  if (style === 'success-false') return { status: 500, body: { success: false, message } };
  const code = entry?.code ?? INTERNAL_ERROR.code;
  const title = entry?.title ?? INTERNAL_ERROR.title;
  return {
    status: 500,
    body: { errors: [{ status: '500', code, title, detail: message }] },
  };
}

const INTERNAL_ERROR = {
  code: 'INTERNAL_ERROR',
  title: 'Internal Server Error',
  message: 'Internal error.',
} as const;

function errorsArrayBody(entry: ErrorMeta, message: string, error: ApiError): unknown {
  const base = {
    status: String(entry.status),
    code: entry.code ?? error.kind,
    title: entry.title ?? error.kind,
  };
  if (error.violations.length === 0) return { errors: [{ ...base, detail: message }] };
  return {
    errors: error.violations.map((violation) => ({
      ...base,
      detail: violation.message,
      source: violation.parameter === undefined ? { pointer: violation.pointer } : { parameter: violation.parameter },
    })),
  };
}

function successFalseBody(message: string, error: ApiError): unknown {
  if (error.violations.length === 0) return { success: false, message };
  return {
    success: false,
    message,
    errors: error.violations.map((violation) =>
      violation.parameter === undefined
        ? `${pointerToPath(violation.pointer)}: ${violation.message}`
        : violation.message,
    ),
  };
}

function pointerToPath(pointer: string): string {
  return pointer.split('/').filter(Boolean).join('.') || '(body)';
}
