// The headers a handler sets on its response: `{ body, headers }` (or `{ headers }` for a response without a body)
// where the response declares headers of its own. Only declared ones leave the server, written as HTTP text by the
// type of their value; the headers the runtime owns (the body's framing, cookies, Location, anything already on
// the reply such as a session's token or CORS) are never the handler's to set.
import { UNSENDABLE_HEADER_CHARACTER } from '../core/header-text.js';
import { ResponseBreach } from '../core/response-check.js';
import type { ResponseMeta, RouteMeta } from '../core/interface-meta.js';

/** Written by the runtime alone, whatever the definitions declare. */
const OWNED = new Set(['content-type', 'content-length', 'transfer-encoding', 'connection', 'set-cookie', 'location']);

/** The body and the headers of a handler's result on such a route. */
export function splitResult(result: unknown): { body: unknown; headers: Record<string, unknown> } {
  const value = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const headers = value['headers'];
  return { body: value['body'], headers: (typeof headers === 'object' && headers !== null ? headers : {}) as never };
}

/**
 * The declared headers as they go out (lower-case names). `strict` (development): an undeclared header is a breach,
 * as an undeclared body member is; else it is dropped. `judge` (validateResponses): a missing required one is.
 */
export function responseHeaders(
  route: RouteMeta,
  response: ResponseMeta,
  set: Readonly<Record<string, unknown>>,
  options: { readonly judge: boolean; readonly strict: boolean },
): Record<string, string> {
  const declared = response.headers ?? {};
  const violations: string[] = [];
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(set)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(declared, name)) {
      if (options.strict) violations.push(`header ${name}: not declared by the definitions`);
      continue;
    }
    if (!OWNED.has(name.toLowerCase())) out[name.toLowerCase()] = headerText(value);
  }
  if (options.judge)
    for (const [name, { required }] of Object.entries(declared))
      if (required && set[name] === undefined) violations.push(`header ${name}: required, missing`);
  if (violations.length > 0) throw new ResponseBreach(route.name, response.status, violations);
  return out;
}

/**
 * A breach for each header value that cannot go out (a handler's header or `location` member holding a line break):
 * the interface's 500, where Node's refusal while writing would be Fastify's own error body.
 */
export function checkSendable(route: RouteMeta, status: number, headers: Readonly<Record<string, string>>): void {
  const violations = Object.entries(headers)
    .filter(([, value]) => UNSENDABLE_HEADER_CHARACTER.test(value))
    .map(([name]) => `header ${name}: holds a line break, a control character or a character past U+00FF`);
  if (violations.length > 0) throw new ResponseBreach(route.name, status, violations);
}

/** A value as header text: a list comma-separated (RFC 9110 §5.3), a number or boolean as its text. */
function headerText(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}
