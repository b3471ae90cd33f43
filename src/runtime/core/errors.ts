// Typed errors a handler throws. The generated server turns each into the interface's error body;
// handlers never build error bodies themselves.
import type { ErrorKind } from './interface-meta.js';

export interface Violation {
  /** JSON pointer of the offending member, e.g. "/stock" or "/prices/2/from". */
  readonly pointer: string;
  /** The path, query, header or cookie parameter at fault, for violations of parameters rather than of the body. */
  readonly parameter?: string;
  readonly message: string;
}

/**
 * The RFC 6901 pointer of a path of member names and item indexes: "~" and "/" in a name are escaped
 * ("a/b" is "/a~1b"), since a member may be named anything JSON allows.
 */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export interface ApiErrorOptions {
  /** A catalog entry of this kind to respond with, when the kind has several (e.g. "badCredentials"). */
  readonly entry?: string;
  /** Values for the message template's {placeholders}. */
  readonly params?: Readonly<Record<string, string | number>>;
  readonly violations?: readonly Violation[];
  readonly detail?: string;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
}

export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly entry: string | undefined;
  readonly params: Readonly<Record<string, string | number>>;
  readonly violations: readonly Violation[];
  readonly detail: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[]>>;

  constructor(kind: ErrorKind, options: ApiErrorOptions = {}) {
    super(options.detail ?? kind);
    this.name = 'ApiError';
    this.kind = kind;
    this.entry = options.entry;
    this.params = options.params ?? {};
    this.violations = options.violations ?? [];
    this.detail = options.detail;
    this.headers = options.headers ?? {};
  }
}

export class NotFound extends ApiError {
  constructor(options: ApiErrorOptions = {}) {
    super('notFound', options);
  }
}

export class Validation extends ApiError {
  constructor(violations: readonly Violation[], options: ApiErrorOptions = {}) {
    super('validation', { ...options, violations });
  }
}

export class ParameterMissing extends ApiError {
  constructor(name: string, options: ApiErrorOptions = {}) {
    super('parameterMissing', {
      ...options,
      params: { name, ...options.params },
    });
  }
}

export class Forbidden extends ApiError {
  constructor(options: ApiErrorOptions = {}) {
    super('forbidden', options);
  }
}

export class Unauthorized extends ApiError {
  constructor(options: ApiErrorOptions = {}) {
    super('unauthorized', options);
  }
}

export class Conflict extends ApiError {
  constructor(options: ApiErrorOptions = {}) {
    super('conflict', options);
  }
}

export class BadRequest extends ApiError {
  constructor(options: ApiErrorOptions = {}) {
    super('badRequest', options);
  }
}

/**
 * What a stub written by `svcgen scaffold` throws until the route is implemented: 501 in the
 * interface's error shape, naming the handler method.
 */
export class NotImplemented extends ApiError {
  constructor(handler: string, options: ApiErrorOptions = {}) {
    super('notImplemented', { detail: `${handler} is not implemented yet`, ...options });
  }
}
