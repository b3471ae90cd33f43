// The success-envelope style: {success: true, data} around every answer, lists add total; an
// answer without data is {success: true} (a 204 stays empty).
import { isObject, kindOf } from './json-kinds.js';
import { COUNT, counted, object } from './wire-json-schema.js';
import type { ListResult, WireStyle } from './wire-styles.js';

export const successEnvelopeWire: WireStyle = {
  accept: 'application/json',
  negotiated: false,
  countsEnvelopedLists: false,
  takesIncludes: false,
  handedIn: false,
  emptyAnswer: (response) =>
    response.envelope && response.status !== 204
      ? { body: { success: true }, schema: object({ success: { type: 'boolean' } }, ['success']) }
      : undefined,
  render(_ctx, response, sent) {
    return {
      contentType: 'application/json; charset=utf-8',
      body: response.envelope ? successEnvelope(response.total, sent) : sent,
    };
  },
  answerSchema({ response }, value) {
    if (!response.envelope) return response.total ? counted(value) : value;
    return response.total
      ? object({ success: { type: 'boolean' }, data: value, total: COUNT }, ['success', 'data', 'total'])
      : object({ success: { type: 'boolean' }, data: value }, ['success']);
  },
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

function successEnvelope(total: boolean, result: unknown): unknown {
  if (total) {
    const list = result as ListResult<unknown>;
    return { success: true, data: list.items, total: list.total };
  }
  return result === undefined ? { success: true } : { success: true, data: result };
}
