// The query reading every route shares (src/runtime/core/query-string.ts): decoding and names with and
// without brackets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQueryText, flatQuery, parseQueryString } from '../../src/runtime/core/query-string.js';
import { flatQueryNames } from '../../src/runtime/server/query-schema.js';
import { z } from 'zod';

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

  it('reads a flat query as the full reading does, or leaves it to that reading', () => {
    const names = new Set(['limit', 'offset', 'q']);
    // Names and values that the full reading treats specially sit beside plain ones, so that both paths are drawn.
    const name = fc.constantFrom('limit', 'offset', 'q', 'other', '', '0', 'a[b]', '%6Cimit', 'li+mit');
    const value = fc.option(fc.constantFrom('', '25', 'a=b', '%20', '+', 'x~y.z-'));
    const pair = fc.tuple(name, value).map(([key, text]) => (text === null ? key : `${key}=${text}`));
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 6 }), (pairs) => {
        const query = pairs.join('&');
        const flat = flatQuery(query, names);
        if (flat === undefined) return;
        expect(Object.getPrototypeOf(flat)).toBe(Object.prototype);
        expect(flat).toEqual({ ...parseQueryString(query) });
      }),
    );
  });

  it('reads flat only where every parameter is a plain scalar that no object inherits', () => {
    const integerText = z
      .string()
      .regex(/^[0-9]+$/)
      .transform(Number);
    const scalars = z.object({ limit: integerText.pipe(z.int()).default(25), q: z.string().optional() });
    expect(flatQueryNames(scalars)).toEqual(new Set(['limit', 'q']));
    expect(flatQueryNames(scalars, { q: 'json' })).toBeUndefined();
    expect(flatQueryNames(z.object({ tag: z.array(z.string()) }))).toBeUndefined();
    expect(flatQueryNames(z.object({ span: z.object({ from: z.string() }) }))).toBeUndefined();
    expect(flatQueryNames(z.object({ constructor: z.string().optional() }))).toBeUndefined();
    expect(flatQueryNames(z.object({ 0: z.string().optional() }))).toBeUndefined();
    expect(flatQuery('limit=1&limit=2', new Set(['limit']))).toBeUndefined();
    expect(flatQuery('limit=1&x=2', new Set(['limit']))).toBeUndefined();
    expect(flatQuery('limit=1&&q', new Set(['limit', 'q']))).toEqual({ limit: '1', q: '' });
    // An empty name is an index to the full reading (=x is a list of one), never a parameter.
    expect(flatQuery('=', new Set(['limit']))).toBeUndefined();
    expect(flatQuery('limit=1&=x', new Set(['limit']))).toBeUndefined();
  });
});
