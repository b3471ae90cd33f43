// Whether a success response can be read: JSON text, and the envelope the interface's style
// promises. Checked on every response, with or without validateResponses (which checks the records
// inside against their schemas), so that a bad response is an UnreadableResponseError rather than
// undefined or a TypeError somewhere in the caller's code.
import type { InterfaceMeta, ResponseMeta } from '../core/interface-meta.js';
import { wireStyle } from '../wire/wire-styles.js';

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

/** What is wrong with the envelope of a parsed response, or undefined when it is what the route promises. */
export function envelopeProblem(
  meta: InterfaceMeta,
  response: ResponseMeta,
  body: unknown,
  plainJsonApi: boolean,
): string | undefined {
  return response.envelope ? wireStyle(meta).envelopeProblem(meta, response, body, plainJsonApi) : undefined;
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
