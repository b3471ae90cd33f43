// The query reading every route shares (src/runtime/query-string.ts): decoding and names with and without brackets.
import { describe, expect, it } from 'vitest';
import { decodeQueryText, nestedQuery, parseQueryString } from '../../src/runtime/query-string.js';

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
  it('reads a query without brackets as the general reading does, whatever its names', () => {
    const parts = ['a', 'tag', '0', '7', '', '=', '&', '+', '%5B', '%5D', '%zz', '%20', '__proto__', 'x=1', 'tag=2'];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return parts[seed % parts.length] as string;
    };
    const lists = new Set(['tag']);
    for (let run = 0; run < 2000; run += 1) {
      const query = Array.from({ length: 1 + (run % 9) }, pick).join('');
      const plain = (value: unknown) => JSON.stringify(value);
      expect(plain(parseQueryString(query, lists)), query).toBe(plain(nestedQuery(query, lists)));
      expect(Object.getPrototypeOf(parseQueryString(query, lists)), query).toBe(
        Object.getPrototypeOf(nestedQuery(query, lists)),
      );
    }
  });
});
