// The success-false error style: {success: false, message, errors?}, plain JSON on any interface;
// each problem of the request is one line of `errors`.
import type { ErrorWire } from '../wire-error-styles.js';

export const successFalseWire: ErrorWire = {
  jsonApiDocument: false,
  body(_heading, message, violations) {
    if (violations.length === 0) return { success: false, message };
    return {
      success: false,
      message,
      errors: violations.map((violation) =>
        violation.parameter === undefined
          ? `${pointerToPath(violation.pointer)}: ${violation.message}`
          : violation.message,
      ),
    };
  },
};

function pointerToPath(pointer: string): string {
  const names = pointer.split('/').filter(Boolean);
  return names.map((name) => name.replace(/~1/g, '/').replace(/~0/g, '~')).join('.') || '(body)';
}
