// Content negotiation for json:api interfaces: json:api by default, plain JSON on request.

export type Representation = 'jsonapi' | 'plain';

export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

/** The representation an Accept header asks for, or undefined when it accepts neither (406). */
export function negotiateRepresentation(accept: string | undefined): Representation | undefined {
  if (accept === undefined || accept.trim() === '') return 'jsonapi';
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((range) => range.q > 0 && !Number.isNaN(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { type } of ranges) {
    if (type === JSONAPI_MEDIA_TYPE || type === '*/*' || type === 'application/*') return 'jsonapi';
    if (type === 'application/json') return 'plain';
  }
  return undefined;
}
