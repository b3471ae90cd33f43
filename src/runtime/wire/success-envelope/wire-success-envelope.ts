// The success-envelope style, as a client reads it: {success: true, data} around every response, lists
// add total. The server's side is wire-success-envelope-server.ts.
import { isObject, kindOf } from '../../core/json-kinds.js';
import type { WireStyle } from '../wire-styles.js';

export const successEnvelopeWire: WireStyle = {
  accept: 'application/json',
  negotiated: false,
  countsEnvelopedLists: false,
  takesIncludes: false,
  handedIn: false,
  envelopeProblem(_meta, response, body) {
    if (!isObject(body)) return `expected a JSON object, got ${kindOf(body)}`;
    if (body['success'] !== true) return '"success" is not true';
    if (response.total && !Array.isArray(body['data'])) return `"data" is ${kindOf(body['data'])}, not a list`;
    if (response.total && typeof body['total'] !== 'number') return `"total" is ${kindOf(body['total'])}`;
    return response.hasBody && !('data' in body) ? 'no "data" member' : undefined;
  },
  unwrap({ response, body }) {
    if (!response.envelope) return body;
    const value = body as Record<string, unknown>;
    return response.total ? { items: value['data'], total: value['total'] } : value['data'];
  },
};
