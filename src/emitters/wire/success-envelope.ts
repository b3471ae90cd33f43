// The success-envelope style as the emitters describe it: {success: true, data, total?} around every
// response, {success: true} for one without data (a 204 has no body at all).
import type { TypeIr } from '../../ir/types.js';
import { typeSchema, type SchemaContext } from '../openapi/json-schema.js';
import { TOTAL } from '../openapi/plain-body.js';
import { JSON_MEDIA, sortedObject, type Schema, type SchemaObject } from '../openapi/types.js';
import type { EmitterWire } from './index.js';

export const successEnvelopeEmitterWire: EmitterWire = {
  docs: '{success: true, data} around every response; lists add total.',
  envelopedContent: (body, response, ctx) =>
    !body && response.status === 204
      ? undefined
      : { [JSON_MEDIA]: { schema: successEnvelope(body, response.total, ctx) } },
};

function successEnvelope(body: TypeIr | undefined, total: boolean, ctx: SchemaContext): SchemaObject {
  const properties: [string, Schema][] = [['success', { type: 'boolean', const: true }]];
  if (body) properties.push(['data', typeSchema(body, ctx)]);
  if (total) properties.push(['total', TOTAL]);
  return { type: 'object', properties: sortedObject(properties), required: properties.map(([name]) => name).sort() };
}
