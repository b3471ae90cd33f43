// The declared headers of a response, read by their declared types, beside its status and body: what a call
// of a route whose responses declare headers resolves to (`{ status, body, headers }`; `{ status, headers }`
// without a body).
import type { HeaderMeta, ResponseMeta } from '../core/interface-meta.js';

export interface ResponseWithHeaders {
  readonly status: number;
  readonly body?: unknown;
  readonly headers: Record<string, unknown>;
}

/**
 * The response, or the problem of a header the client cannot read as declared (an UnreadableResponseError): of the
 * wrong type, or required and missing, so that a caller never holds undefined typed as its declared type.
 */
export function withHeaders(
  response: ResponseMeta | undefined,
  status: number,
  body: unknown,
  header: (name: string) => string | undefined,
): ResponseWithHeaders | { readonly problem: string } {
  const headers: Record<string, unknown> = {};
  for (const [name, declared] of Object.entries(response?.headers ?? {})) {
    const text = header(name);
    if (text === undefined && declared.required) return { problem: `header ${name}: required, but missing` };
    if (text === undefined) continue;
    const values = declared.list ? text.split(',').map((item) => item.trim()) : [text];
    const parsed = values.map((value) => headerValue(declared, value));
    const bad = values.find((_, index) => parsed[index] === undefined);
    if (bad !== undefined) return { problem: `header ${name}: expected a ${declared.type}, got "${bad}"` };
    headers[name] = declared.list ? parsed : parsed[0];
  }
  return body === undefined ? { status, headers } : { status, body, headers };
}

function headerValue(declared: HeaderMeta, text: string): unknown {
  if (declared.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (declared.type !== 'number') return text;
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}
