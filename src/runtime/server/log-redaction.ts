// Request logs without secrets: query parameters whose names look secret (access_token, token, key,
// secret, password, …) or carry an interface's API key, and credential headers (the generic ones and
// those an interface's auth schemes declare) are replaced by "[redacted]" in every log line.
// Use the pieces with Fastify's pino logger, naming the interfaces served:
//   Fastify({ logger: { level: 'info', ...redactingLoggerFor(credentialNames(libraryApiMeta)) } })
import type { InterfaceMeta } from '../core/interface-meta.js';
import { decodeQueryText, queryOf } from '../core/query-string.js';

const REDACTED = '[redacted]';

/** Query parameter names whose values are never logged: any that mentions a token, key, secret, … */
const SECRET_NAME = /token|secret|passw|pwd|key|auth|signature|credential|session|nonce|^code$|^sig$/i;

/** Headers that carry credentials in any API; an interface's own come from its auth schemes (credentialNames). */
export const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'] as const;

/** The names that carry credentials: headers (lower-cased), query parameters and cookies. */
export interface CredentialNames {
  readonly headers: readonly string[];
  readonly query: readonly string[];
  readonly cookies: readonly string[];
}

/**
 * What the auth schemes of these interfaces read credentials from: API keys (header, query parameter
 * or cookie) and session headers. Bearer, Basic, Digest and OAuth use Authorization, always redacted.
 */
export function credentialNames(...interfaces: readonly Pick<InterfaceMeta, 'auth'>[]): CredentialNames {
  const names = { headers: new Set<string>(), query: new Set<string>(), cookies: new Set<string>() };
  for (const scheme of interfaces.flatMap((meta) => Object.values(meta.auth))) {
    if (scheme.type !== 'apiKey') continue;
    const place = { header: names.headers, query: names.query, cookie: names.cookies }[scheme.in];
    place.add(scheme.in === 'header' ? scheme.name.toLowerCase() : scheme.name);
    if (scheme.session) names.headers.add(scheme.session.header.toLowerCase());
  }
  return { headers: [...names.headers], query: [...names.query], cookies: [...names.cookies] };
}

/** Whether a query parameter name (as written, percent-encoded or not) looks secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(decodeQueryText(name) ?? name);
}

/**
 * Whether the value of the parameter written `name` is kept out of logs: its name looks secret or, decoded as the
 * server decodes it (query-string.ts), is one of `secretNames` (`li%62` is `lib`).
 */
function isSecretParameter(name: string, secretNames: readonly string[]): boolean {
  const decoded = decodeQueryText(name);
  return SECRET_NAME.test(decoded ?? name) || secretNames.includes(decoded ?? name);
}

/**
 * The URL with the values of secret-looking query parameters, and of those in `secretNames`, replaced. The query is
 * the one the server reads (queryOf): all of it after the first "?", a "#" included.
 */
export function redactUrl(url: string, secretNames: readonly string[] = []): string {
  if (!url.includes('?')) return url;
  const query = queryOf(url)
    .split('&')
    .map((raw) => {
      const equals = raw.indexOf('=');
      if (equals === -1) return raw;
      const name = raw.slice(0, equals);
      return isSecretParameter(name, secretNames) ? `${name}=${REDACTED}` : raw;
    })
    .join('&');
  return `${url.slice(0, url.length - queryOf(url).length)}${query}`;
}

/**
 * Redacts secret-looking query parameters, and those named in `query`, wherever a URL appears in free
 * text (e.g. an error message). A value runs to the next "&", space or quote ("#" included, as in redactUrl).
 */
export function redactText(text: string, query: readonly string[] = []): string {
  return text.replace(/([?&])([^=&\s"']+)=([^&\s"']*)/g, (whole, separator: string, name: string) =>
    isSecretParameter(name, query) ? `${separator}${name}=${REDACTED}` : whole,
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

/** A copy of the headers with the credential ones (the generic ones and those named in `names`) replaced. */
export function redactHeaders(
  headers: Record<string, unknown> | undefined,
  names: readonly string[] = [],
): Record<string, unknown> | undefined {
  if (headers === undefined) return undefined;
  const secret = new Set<string>([...CREDENTIAL_HEADERS, ...names.map((name) => name.toLowerCase())]);
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) safe[name] = secret.has(name.toLowerCase()) ? REDACTED : value;
  return safe;
}

/**
 * Pino options for Fastify's logger: the request serializer logs the redacted URL and no header, the
 * credential headers (generic and `names.headers`) are redacted wherever a logged object carries
 * headers, and every string argument of every log call is scrubbed of secret query parameters.
 * Cookies go in the Cookie header, which is redacted whole.
 */
export function redactingLoggerFor(names: Partial<CredentialNames> = {}) {
  const query = names.query ?? [];
  const headers = [...new Set([...CREDENTIAL_HEADERS, ...(names.headers ?? []).map((name) => name.toLowerCase())])];
  return {
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method ?? '',
          url: redactUrl(request.url ?? '', query),
          hostname: request.hostname ?? '',
          remoteAddress: request.ip ?? '',
          remotePort: request.socket?.remotePort ?? 0,
        };
      },
    },
    redact: {
      // `*.headers`: headers one level down in any logged object, such as the options @fastify/multipart logs at
      // trace level (`busboyOptions.headers`, the request's headers whole) or an HTTP client's error.
      paths: headers.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`, `*.headers["${name}"]`]),
      censor: REDACTED,
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg, query) : arg)),
        );
      },
    },
  };
}

/** The options of redactingLoggerFor for the generic credential names only. */
export const redactingLogger = redactingLoggerFor();
