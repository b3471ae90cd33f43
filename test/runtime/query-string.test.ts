// The query reading every route shares (src/runtime/core/query-string.ts): decoding and names with and
// without brackets.
import { describe, expect, it } from 'vitest';
import { decodeQueryText, parseQueryString } from '../../src/runtime/core/query-string.js';

describe('query string reading', () => {
  it('decodes "+" and escapes, and passes text without either as it is', () => {
    expect(decodeQueryText('a+b%20c')).toBe('a b c');
    expect(decodeQueryText('limit')).toBe('limit');
    expect(decodeQueryText('%zz')).toBeUndefined();
  });

  it('reads plain names beside bracket names, lists and repeats', () => {
    const query = parseQueryString('limit=25&offset=0&span[from]=1&tag=a&tag=b&name=x&name=y&q=a+b', new Set(['tag']));
    expect({ ...query, span: { ...(query['span'] as object) } }).toEqual({
      limit: '25',
      offset: '0',
      span: { from: '1' },
      tag: ['a', 'b'],
      name: 'x',
      q: 'a b',
    });
  });

  it('keeps a name with a closing bracket only as written', () => {
    expect(Object.keys(parseQueryString('a]b=1'))).toEqual(['a]b']);
  });
});
