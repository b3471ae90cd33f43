// The errors-array error style: {errors: [{status, code, title, detail, source}]}, one entry per
// problem; a json:api document where json:api was negotiated.
import type { ErrorWire } from '../wire-error-styles.js';

export const errorsArrayWire: ErrorWire = {
  jsonApiDocument: true,
  body(heading, message, violations) {
    const base = { status: String(heading.status), code: heading.code, title: heading.title };
    if (violations.length === 0) return { errors: [{ ...base, detail: message }] };
    return {
      errors: violations.map((violation) => ({
        ...base,
        detail: violation.message,
        source: violation.parameter === undefined ? { pointer: violation.pointer } : { parameter: violation.parameter },
      })),
    };
  },
};
