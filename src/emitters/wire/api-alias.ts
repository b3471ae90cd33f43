// The api-alias style as the emitters describe it: the records themselves, each object carrying its
// apiAlias, and the fields `includes` may keep (openapi/includes.ts).
import { includesResponseSchema } from '../openapi/includes.js';
import { plainBody } from '../openapi/plain-body.js';
import { JSON_MEDIA } from '../openapi/types.js';
import type { EmitterWire } from './index.js';

export const apiAliasEmitterWire: EmitterWire = {
  docs: 'The record itself, each object carrying its apiAlias.',
  envelopedContent: (body, response, ctx) =>
    body
      ? { [JSON_MEDIA]: { schema: includesResponseSchema(body, ctx, (view) => plainBody(body, response.total, view)) } }
      : undefined,
};
