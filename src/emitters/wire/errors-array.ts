// The errors-array error style as the emitters describe it: {errors: [...]}, one entry per problem,
// a json:api document where json:api was negotiated (the runtime's side:
// runtime/wire/error-styles/wire-errors-array.ts).
import type { Components } from '../openapi/components.js';
import type { ReferenceObject } from '../openapi/types.js';
import type { ErrorEmitterWire } from './index.js';

const REQUIRED_MEMBERS = ['errors'];

export const errorsArrayEmitterWire: ErrorEmitterWire = {
  docs: '{errors: [{status, code, title, detail, source: {pointer}}]}, one entry per problem.',
  requiredMembers: REQUIRED_MEMBERS,
  bodySchema(components) {
    const entry = errorEntrySchema(components);
    return components.define('schemas', { owner: 'error:errors-array', preferred: 'ErrorResponse' }, () => ({
      type: 'object',
      description: 'Body of every failure: one entry per problem.',
      properties: { errors: { type: 'array', items: entry, minItems: 1 } },
      required: [...REQUIRED_MEMBERS],
    }));
  },
  example: (heading, detail) => ({
    errors: [{ status: String(heading.status), code: heading.code, title: heading.title, detail }],
  }),
};

/** One entry of the platform's errors array (also part of the OAuth token errors). */
export function errorEntrySchema(components: Components): ReferenceObject {
  return components.define('schemas', { owner: 'error:entry', preferred: 'ErrorObject' }, () => ({
    type: 'object',
    properties: {
      code: { type: 'string', description: 'Stable error code, e.g. FRAMEWORK__RESOURCE_NOT_FOUND.' },
      detail: { type: 'string' },
      source: {
        type: 'object',
        description: 'The offending body member or query parameter, where there is one (JSON:API 1.0 error source).',
        properties: {
          parameter: { type: 'string', description: 'The offending query parameter, e.g. limit.' },
          pointer: { type: 'string', description: 'JSON pointer to the field, e.g. /stock.' },
        },
        minProperties: 1,
      },
      status: { type: 'string', pattern: '^[1-5][0-9]{2}$', description: 'The HTTP status, as a string.' },
      title: { type: 'string' },
    },
    required: ['code', 'detail', 'status', 'title'],
  }));
}
