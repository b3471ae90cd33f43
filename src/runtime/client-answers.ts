// Whether a success answer can be read: JSON text, and the envelope the interface's style
// promises. Checked on every answer, with or without validateResponses (which checks the records
// inside against their schemas), so that a bad answer is an UnreadableResponseError rather than
// undefined or a TypeError somewhere in the caller's code.
import { answersResources } from './union-variant.js';
import type { InterfaceMeta, ResponseMeta } from './interface-meta.js';

export type Reading = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

/** The JSON value of a body; an empty or non-JSON body (HTML, cut short) is a problem. */
export function readJson(text: string, contentType: string | undefined): Reading {
  if (text.trim() === '') return { ok: false, problem: 'the body is empty' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const kind = contentType?.split(';')[0]?.trim();
    return {
      ok: false,
      problem: `the body is not JSON${kind && !kind.includes('json') ? ` (${kind})` : ''}`,
    };
  }
}

/** What is wrong with the envelope of a parsed answer, or undefined when it is what the route promises. */
export function envelopeProblem(
  meta: InterfaceMeta,
  response: ResponseMeta,
  body: unknown,
  plainJsonApi: boolean,
): string | undefined {
  if (!response.envelope) return undefined;
  if (meta.style === 'api-alias' && response.list && Array.isArray(body)) return undefined;
  // api-alias answers are plain JSON: one that is not a record (a count, a string) needs no object.
  if (meta.style === 'api-alias' && response.record === undefined && !response.total) return undefined;
  if (!isObject(body)) return `expected a JSON object, got ${kindOf(body)}`;
  switch (meta.style) {
    case 'jsonapi': {
      if (!('data' in body)) return 'no "data" member';
      if (response.list)
        return Array.isArray(body['data']) ? undefined : `"data" is ${kindOf(body['data'])}, not a list`;
      // An answer that is not a record (a count, a list of strings) is plain JSON {"data": …} either way.
      if (plainJsonApi || !answersResources(response)) return undefined;
      return body['data'] === null || isObject(body['data']) ? undefined : `"data" is ${kindOf(body['data'])}`;
    }
    case 'success-envelope': {
      if (body['success'] !== true) return '"success" is not true';
      if (response.total && !Array.isArray(body['data'])) return `"data" is ${kindOf(body['data'])}, not a list`;
      if (response.total && typeof body['total'] !== 'number') return `"total" is ${kindOf(body['total'])}`;
      return response.hasBody && !('data' in body) ? 'no "data" member' : undefined;
    }
    case 'api-alias': {
      const alias = response.record === undefined ? undefined : meta.records[response.record]?.apiAlias;
      if (alias === undefined || response.list || body['apiAlias'] === alias) return undefined;
      return `"apiAlias" is ${JSON.stringify(body['apiAlias'])}, not "${alias}"`;
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A body as JSON when it is JSON, else its text (an error body of a proxy, say); empty is undefined. */
export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
