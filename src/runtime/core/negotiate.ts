// Content negotiation: the response's representation for json:api interfaces (json:api by default, plain
// JSON on request), and whether a request body comes in a media type the route reads.
import { ApiError } from './errors.js';
import { mediaTypeOf } from './media-types.js';
import type { BodyFormat } from './vocabulary.js';
import { JSONAPI_MEDIA_TYPE } from '../wire/jsonapi/wire-jsonapi.js';

export type Representation = 'jsonapi' | 'plain';

export { JSONAPI_MEDIA_TYPE };

const BODY_MEDIA_TYPES: Record<BodyFormat, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** The representation an Accept header asks for, or undefined when it accepts neither (406). */
export function negotiateRepresentation(accept: string | undefined): Representation | undefined {
  if (accept === undefined || accept.trim() === '') return 'jsonapi';
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      const others = params.filter((param) => param !== '' && !param.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1, modified: others.length > 0, index };
    })
    .filter((range) => range.q > 0 && !Number.isNaN(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { type, modified } of ranges) {
    // JSON:API 1.0: an instance of its media type with parameters (e.g. ext="…") cannot be served.
    if (type === JSONAPI_MEDIA_TYPE && modified) continue;
    if (type === JSONAPI_MEDIA_TYPE || type === '*/*' || type === 'application/*') return 'jsonapi';
    if (type === 'application/json') return 'plain';
  }
  return undefined;
}

/**
 * Whether a request body may be read in the given formats: no body at all, or one whose media type is
 * one of them. A body without Content-Type is refused, since it cannot be told what it is.
 */
export function bodyMediaTypeAccepted(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  formats: readonly BodyFormat[],
): boolean {
  const length = headers['content-length'];
  const hasBody = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return true;
  const type = mediaTypeOf(typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined);
  return formats.some((format) => BODY_MEDIA_TYPES[format] === type);
}

/** Whether a request's body is a form (application/x-www-form-urlencoded). */
export function sentAsForm(headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  const type = headers['content-type'];
  return mediaTypeOf(typeof type === 'string' ? type : undefined) === BODY_MEDIA_TYPES.form;
}

/** The media types of the given formats, for a 415's message. */
export function bodyMediaTypes(formats: readonly BodyFormat[]): string {
  return formats.map((format) => BODY_MEDIA_TYPES[format]).join(', ');
}

/** A body in a media type the route does not read is a 415, before anything reads it. */
export function requireBodyMediaType(
  request: { readonly headers: Readonly<Record<string, string | string[] | undefined>> },
  formats: readonly BodyFormat[],
): void {
  if (bodyMediaTypeAccepted(request.headers, formats)) return;
  const type = request.headers['content-type'];
  throw new ApiError('unsupportedMediaType', {
    params: { type: typeof type === 'string' ? type : '(none)' },
    detail: `The request body must be ${bodyMediaTypes(formats)}; got ${typeof type === 'string' ? type : 'no Content-Type'}.`,
  });
}
