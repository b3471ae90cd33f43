// Request logs without secrets: query parameters whose names look secret (access_token, token, key,
// secret, password, …) and credential headers are replaced by "[redacted]" in every log line.
// Use the pieces with Fastify's pino logger:
//   Fastify({ logger: { level: 'info', ...redactingLogger } })

const REDACTED = '[redacted]';

/** Query parameter names whose values are never logged: any that mentions a token, key, secret, … */
const SECRET_NAME = /token|secret|passw|pwd|key|auth|signature|credential|session|nonce|^code$|^sig$/i;

/** Headers that carry credentials. */
export const CREDENTIAL_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'svc-access-key',
  'svc-context-token',
  'x-api-key',
] as const;

export function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the raw name.
  }
  return SECRET_NAME.test(decoded);
}

/** The URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart === -1 ? url.length : hashStart;
  const query = url
    .slice(queryStart + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretName(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart + 1)}${query}${url.slice(end)}`;
}

/** Redacts secret-looking query parameters wherever a URL appears in free text (e.g. an error message). */
export function redactText(text: string): string {
  return text.replace(/([?&])([^=&\s#"']+)=([^&\s#"']*)/g, (whole, separator: string, name: string) =>
    isSecretName(name) ? `${separator}${name}=${REDACTED}` : whole,
  );
}

interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  ip?: string;
  hostname?: string;
  socket?: { remotePort?: number | undefined };
}

/** A copy of the headers with the credential ones replaced. */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (headers === undefined) return undefined;
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    safe[name] = (CREDENTIAL_HEADERS as readonly string[]).includes(name.toLowerCase()) ? REDACTED : value;
  }
  return safe;
}

/**
 * Pino options for Fastify's logger: the request serializer logs the redacted URL and no credential
 * header, and every string argument of every log call is scrubbed of secret query parameters.
 */
export const redactingLogger = {
  serializers: {
    req(request: LoggedRequest) {
      return {
        method: request.method ?? '',
        url: redactUrl(request.url ?? ''),
        hostname: request.hostname ?? '',
        remoteAddress: request.ip ?? '',
        remotePort: request.socket?.remotePort ?? 0,
      };
    },
  },
  redact: {
    paths: CREDENTIAL_HEADERS.flatMap((name) => [
      `req.headers["${name}"]`,
      `headers["${name}"]`,
      `res.headers["${name}"]`,
    ]),
    censor: REDACTED,
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
      );
    },
  },
};
