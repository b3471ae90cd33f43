// Errors a generated client throws: the API said no (ApiClientError, with what it said), the
// request never got a response (NetworkError, TimeoutError), the response could not be read
// (UnreadableResponseError) or was larger than the client takes (ResponseTooLargeError), the service
// redirected somewhere the client will not follow (RedirectError), or the call was refused before
// anything was sent (RequestNotSentError). Callers can tell them apart. None of them carries a credential.

export interface ClientViolation {
  readonly pointer: string | undefined;
  readonly message: string;
}

export class ApiClientError extends Error {
  readonly interfaceName: string;
  /** The route called, by name (undefined for an OAuth token request, which is no route). */
  readonly route: string | undefined;
  readonly status: number;
  /** The error code of the body (e.g. FRAMEWORK__RESOURCE_NOT_FOUND or invalid_grant), when it has one. */
  readonly code: string | undefined;
  readonly violations: readonly ClientViolation[];
  readonly body: unknown;

  constructor(options: {
    interfaceName: string;
    route?: string | undefined;
    status: number;
    code: string | undefined;
    message: string;
    violations: readonly ClientViolation[];
    body: unknown;
  }) {
    super(options.message);
    this.name = 'ApiClientError';
    this.interfaceName = options.interfaceName;
    this.route = options.route;
    this.status = options.status;
    this.code = options.code;
    this.violations = options.violations;
    this.body = options.body;
  }
}

export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

export class TimeoutError extends NetworkError {
  constructor(milliseconds: number) {
    super(`no response within ${milliseconds} ms`);
    this.name = 'TimeoutError';
  }
}

/** Why a redirect was not followed. */
export type RedirectRefusal = 'cross-origin' | 'too-many' | 'bad-location' | 'hidden';

/**
 * The service responded with a redirect the client does not follow: to another origin (credentials,
 * tokens and bodies never leave the service's origin), one too many, or one it cannot read.
 */
export class RedirectError extends Error {
  readonly interfaceName: string;
  readonly status: number;
  readonly reason: RedirectRefusal;
  /** The origin the redirect pointed to, when it could be read (never its path or query). */
  readonly targetOrigin: string | undefined;

  constructor(options: {
    interfaceName: string;
    status: number;
    reason: RedirectRefusal;
    targetOrigin?: string | undefined;
  }) {
    super(`${options.interfaceName}: HTTP ${options.status} redirect not followed: ${REFUSALS[options.reason]}`);
    this.name = 'RedirectError';
    this.interfaceName = options.interfaceName;
    this.status = options.status;
    this.reason = options.reason;
    this.targetOrigin = options.targetOrigin;
    if (options.targetOrigin !== undefined) this.message += ` (${options.targetOrigin})`;
  }
}

const REFUSALS: Readonly<Record<RedirectRefusal, string>> = {
  'cross-origin': 'it leads to another origin, which never gets credentials, tokens or bodies',
  'too-many': 'too many redirects in a row',
  'bad-location': 'its Location header is missing or not a URL',
  hidden: 'this fetch hides redirects (opaque or already followed), so their origin cannot be checked',
};

/** Why a call was refused before anything was sent. */
export type RequestRefusal =
  'no-credentials' | 'missing-parameter' | 'dot-segment' | 'misread-parameter' | 'unsendable-header';

/**
 * A call refused before anything was sent: the route's auth scheme has no credentials in this client,
 * a path parameter is missing or is a whole "." or ".." segment (which URL parsers, fetch's among
 * them, resolve against the path, so the request would reach another route) or holds text the server would
 * read as the template's own ({name}.{ext} with an ext holding "."), or a header parameter
 * holds text no header line carries (fetch would fail with an error that names no parameter).
 */
export class RequestNotSentError extends Error {
  readonly interfaceName: string;
  /** The route called, by name. */
  readonly route: string;
  readonly reason: RequestRefusal;
  /** The auth scheme without credentials (no-credentials), or the path or header parameter at fault. */
  readonly subject: string;

  constructor(options: {
    interfaceName: string;
    route: string;
    reason: RequestRefusal;
    subject: string;
    /** What is wrong with the parameter's value (unsendable-header); the value itself is left out. */
    detail?: string | undefined;
  }) {
    const why = REQUEST_REFUSALS[options.reason](options.subject, options.detail ?? '');
    super(`${options.interfaceName}: ${options.route} not sent: ${why}`);
    this.name = 'RequestNotSentError';
    this.interfaceName = options.interfaceName;
    this.route = options.route;
    this.reason = options.reason;
    this.subject = options.subject;
  }
}

const REQUEST_REFUSALS: Readonly<Record<RequestRefusal, (subject: string, detail: string) => string>> = {
  'no-credentials': (scheme) => `the client has no credentials for its auth scheme "${scheme}"`,
  'missing-parameter': (name) => `path parameter "${name}" is missing`,
  'dot-segment': (name) => `path parameter "${name}" is "." or "..", which would name another path`,
  'misread-parameter': (name) =>
    `path parameter "${name}" holds the text before it in its segment, so the server would split the segment elsewhere and read another value`,
  'unsendable-header': (name, detail) =>
    `header "${name}" ${detail} (RFC 9110 section 5.5: visible ASCII, space and tab within, and U+0080-U+00FF)`,
};

/** A response longer than the client's maxResponseBytes: reading stopped there and the connection was dropped. */
export class ResponseTooLargeError extends Error {
  readonly status: number;
  /** The limit in bytes (maxResponseBytes). */
  readonly limit: number;

  constructor(status: number, limit: number) {
    super(`the HTTP ${status} response is longer than maxResponseBytes (${limit} bytes)`);
    this.name = 'ResponseTooLargeError';
    this.status = status;
    this.limit = limit;
  }
}

/**
 * A success response the client cannot read: not JSON, cut short, or not the envelope the interface
 * promises. Carries the status and a short excerpt of the body, with the credentials sent removed.
 */
export class UnreadableResponseError extends Error {
  readonly interfaceName: string;
  readonly status: number;
  /** What was wrong, e.g. "the body is not JSON". */
  readonly problem: string;
  /** The start of the body (at most 200 characters), credentials replaced by [redacted]. */
  readonly excerpt: string;

  constructor(options: {
    interfaceName: string;
    status: number;
    problem: string;
    text: string;
    secrets: readonly string[];
  }) {
    const excerpt = excerptOf(options.text, options.secrets);
    super(`${options.interfaceName}: unreadable HTTP ${options.status} response: ${options.problem}: ${excerpt}`);
    this.name = 'UnreadableResponseError';
    this.interfaceName = options.interfaceName;
    this.status = options.status;
    this.problem = options.problem;
    this.excerpt = excerpt;
  }
}

const EXCERPT_LENGTH = 200;

/** The start of a body on one line, every secret replaced (a hostile server may echo them back). */
function excerptOf(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) if (secret.length >= 4) clean = clean.split(secret).join('[redacted]');
  const line = clean.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH)}…` : line || '(empty)';
}

export class ResponseValidationError extends Error {
  readonly issues: readonly string[];
  constructor(route: string, issues: readonly string[]) {
    super(`${route}: the response does not match its schema: ${issues.slice(0, 3).join('; ')}`);
    this.name = 'ResponseValidationError';
    this.issues = issues;
  }
}

/**
 * Reads any of the interfaces' error bodies: errors arrays, {success:false}, and RFC 6749 errors. The body stays as
 * it came: `isDeclaredError` of a generated client reads it as the response the route declares at its status.
 */
export function errorFromBody(
  interfaceName: string,
  status: number,
  body: unknown,
  route?: string | undefined,
): ApiClientError {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors = Array.isArray(value['errors']) ? (value['errors'] as unknown[]) : [];
  const first = (errors[0] ?? {}) as Record<string, unknown>;
  const code =
    typeof value['error'] === 'string' ? value['error'] : typeof first['code'] === 'string' ? first['code'] : undefined;
  const message =
    (typeof value['error_description'] === 'string' && value['error_description']) ||
    (typeof value['message'] === 'string' && value['message']) ||
    (typeof first['detail'] === 'string' && first['detail']) ||
    (typeof first['title'] === 'string' && first['title']) ||
    `HTTP ${status}`;
  const violations = errors.map((entry): ClientViolation => {
    if (typeof entry === 'string') return { pointer: undefined, message: entry };
    const item = (entry ?? {}) as Record<string, unknown>;
    const source = (item['source'] ?? {}) as Record<string, unknown>;
    return {
      pointer: typeof source['pointer'] === 'string' ? source['pointer'] : undefined,
      message: String(item['detail'] ?? item['title'] ?? ''),
    };
  });
  return new ApiClientError({
    interfaceName,
    route,
    status,
    code,
    message,
    violations,
    body,
  });
}
