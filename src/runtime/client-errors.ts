// Errors a generated client throws: the API said no (ApiClientError, with what it said), or the
// request never got an answer (NetworkError, TimeoutError). Callers can tell them apart.

export interface ClientViolation {
  readonly pointer: string | undefined;
  readonly message: string;
}

export class ApiClientError extends Error {
  readonly interfaceName: string;
  readonly status: number;
  /** The error code of the body (e.g. FRAMEWORK__RESOURCE_NOT_FOUND or invalid_grant), when it has one. */
  readonly code: string | undefined;
  readonly violations: readonly ClientViolation[];
  readonly body: unknown;

  constructor(options: {
    interfaceName: string;
    status: number;
    code: string | undefined;
    message: string;
    violations: readonly ClientViolation[];
    body: unknown;
  }) {
    super(options.message);
    this.name = 'ApiClientError';
    this.interfaceName = options.interfaceName;
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
    super(`no answer within ${milliseconds} ms`);
    this.name = 'TimeoutError';
  }
}

export class ResponseValidationError extends Error {
  readonly issues: readonly string[];
  constructor(route: string, issues: readonly string[]) {
    super(`${route}: the response does not match its schema: ${issues.slice(0, 3).join('; ')}`);
    this.name = 'ResponseValidationError';
    this.issues = issues;
  }
}

/** Reads any of the interfaces' error bodies: errors arrays, {success:false}, and RFC 6749 errors. */
export function errorFromBody(interfaceName: string, status: number, body: unknown): ApiClientError {
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
  return new ApiClientError({ interfaceName, status, code, message, violations, body });
}
