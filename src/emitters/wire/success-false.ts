// The success-false error style as the emitters describe it: {success: false, message, errors?},
// plain JSON on any interface (the runtime's side: runtime/wire/error-styles/wire-success-false.ts).
import type { ErrorEmitterWire } from './index.js';

const REQUIRED_MEMBERS = ['message', 'success'];

export const successFalseEmitterWire: ErrorEmitterWire = {
  docs: '{success: false, message, errors?}.',
  requiredMembers: REQUIRED_MEMBERS,
  bodySchema: (components) =>
    components.define('schemas', { owner: 'error:success-false', preferred: 'FailureResponse' }, () => ({
      type: 'object',
      description: 'Body of every failure.',
      properties: {
        errors: { type: 'array', items: { type: 'string' }, description: 'The violations, as "<field>: <message>".' },
        message: { type: 'string' },
        success: { type: 'boolean', const: false },
      },
      required: [...REQUIRED_MEMBERS],
    })),
  example: (_heading, detail) => ({ success: false, message: detail }),
};
