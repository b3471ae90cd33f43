// The success-envelope style, as a server sends it: {success: true, data} around every response, lists
// add total; a response without data is {success: true} (a 204 stays empty).
import { COUNT, counted, object } from '../wire-json-schema.js';
import type { ServerWire } from '../wire-server-styles.js';
import type { ListResult } from '../wire-styles.js';

export const successEnvelopeServerWire: ServerWire = {
  emptyResponse: (response) =>
    response.envelope && response.status !== 204
      ? { body: { success: true }, schema: object({ success: { type: 'boolean' } }, ['success']) }
      : undefined,
  render(_ctx, response, sent) {
    return {
      contentType: 'application/json; charset=utf-8',
      body: response.envelope ? successEnvelope(response.total, sent) : sent,
    };
  },
  responseBodySchema({ response }, value) {
    if (!response.envelope) return response.total ? counted(value) : value;
    return response.total
      ? object({ success: { type: 'boolean' }, data: value, total: COUNT }, ['success', 'data', 'total'])
      : object({ success: { type: 'boolean' }, data: value }, ['success']);
  },
};

function successEnvelope(total: boolean, result: unknown): unknown {
  if (total) {
    const list = result as ListResult<unknown>;
    return { success: true, data: list.items, total: list.total };
  }
  return result === undefined ? { success: true } : { success: true, data: result };
}
