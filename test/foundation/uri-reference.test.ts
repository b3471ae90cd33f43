// The `uri-reference` format is RFC 3986's URI-reference (src/ir/uri-reference.ts): the examples of
// RFC 3986 sections 1.1.2, 3 and 5.4 are judged alike by svcgen's pattern and by ajv-formats, which
// contract testers check the OpenAPI document with. Where ajv-formats is looser than the RFC, svcgen
// keeps to the RFC: the document carries the pattern, so a client that follows it never sends those.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backtracking } from '../../src/ir/pattern-backtracking.js';
import { backtrackingProblem } from '../../src/ir/pattern-safety.js';
import { URI, URI_REFERENCE } from '../../src/runtime/core/uri-grammar.js';

const applyFormats = addFormats.default ?? (addFormats as unknown as typeof addFormats.default);
const ajv = new Ajv2020({ strict: false });
applyFormats(ajv);
const ajvFormat = ajv.compile({ type: 'string', format: 'uri-reference' });
const svcgen = new RegExp(URI_REFERENCE);

const RFC_EXAMPLES = [
  // Section 1.1.2.
  'ftp://ftp.is.co.za/rfc/rfc1808.txt',
  'http://www.ietf.org/rfc/rfc2396.txt',
  'ldap://[2001:db8::7]/c=GB?objectClass?one',
  'mailto:John.Doe@example.com',
  'news:comp.infosystems.www.servers.unix',
  'tel:+1-816-555-1212',
  'telnet://192.0.2.16:80/',
  'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
  // Section 3, and the base URI of section 5.4.
  'foo://example.com:8042/over/there?name=ferret#nose',
  'http://a/b/c/d;p?q',
  // Section 5.4.1 and 5.4.2: the references resolved against that base.
  ...['g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', ''],
  ...['.', './', '..', '../', '../g', '../..', '../../', '../../g', '../../../g', '../../../../g'],
  ...['/./g', '/../g', 'g.', '.g', 'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h'],
  ...['g;x=1/./y', 'g;x=1/../y', 'g?y/./x', 'g?y/../x', 'g#s/./x', 'g#s/../x', 'http:g'],
];

const MORE_VALID = [
  'HTTP://User:Pw@Host:/%7Euser',
  'http://[::ffff:192.0.2.1]/',
  'http://[::]/',
  'http://[1:2:3:4:5:6:7:8]/',
  'http://[v7.x:y]/',
  's:///x',
  '/orders/7?expand=lines#top',
  'a%20b',
];

const INVALID = [
  '&]',
  ']',
  '[',
  'a b',
  '%zz',
  '%4',
  'a\\b',
  '<a>',
  'a|b',
  '{x}',
  '#a#b',
  'é',
  'http://[::1',
  'http://[1:2:3:4:5:6:7:8:9]/',
  'http://[1:::2]/',
  'http://[12345::]/',
  'http://[v1]/',
  'http://[::1]x',
  'http://a b',
];

/** Values ajv-formats accepts that RFC 3986 does not: the RFC rule that refuses each is named. */
const LOOSER_IN_AJV = [
  { value: 'a"b', because: '" is not a URI character' },
  { value: '1a:b', because: 'a relative path whose first segment holds ":" (section 4.2)' },
  { value: ':a', because: 'a scheme is not empty' },
  { value: '/[::1]', because: '[ is not a path character' },
  { value: 'http://user@host@x', because: 'a host holds no "@"' },
  { value: '//a:1:2', because: 'a port is digits' },
];

describe('uri-reference is RFC 3986 and agrees with ajv-formats', () => {
  it.each([...RFC_EXAMPLES, ...MORE_VALID])('accepts %j', (value) => {
    expect({ svcgen: svcgen.test(value), ajv: ajvFormat(value) }).toEqual({ svcgen: true, ajv: true });
  });

  it.each(INVALID)('refuses %j', (value) => {
    expect({ svcgen: svcgen.test(value), ajv: ajvFormat(value) }).toEqual({ svcgen: false, ajv: false });
  });

  it.each(LOOSER_IN_AJV)('refuses $value, which ajv-formats accepts: $because', ({ value }) => {
    expect({ svcgen: svcgen.test(value), ajv: ajvFormat(value) }).toEqual({ svcgen: false, ajv: true });
  });

  it('accepts nothing ajv-formats refuses, on values drawn from the pattern (as the fuzzers draw them)', () => {
    const drawn = fc.sample(fc.stringMatching(svcgen), { numRuns: 2000 });
    expect(drawn.filter((value) => !ajvFormat(value))).toEqual([]);
  });
});

describe('uri is RFC 3986 and agrees with ajv-formats', () => {
  const ajvUri = ajv.compile({ type: 'string', format: 'uri' });
  const uri = new RegExp(URI);
  const absolute = RFC_EXAMPLES.filter((value) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value));

  it.each([...absolute, 'HTTP://User:Pw@Host:/%7Euser', 'http://[::ffff:192.0.2.1]/', 's:///x'])(
    'accepts %j',
    (value) => {
      expect({ svcgen: uri.test(value), ajv: ajvUri(value) }).toEqual({ svcgen: true, ajv: true });
    },
  );

  it.each([
    'g',
    '/g',
    '//g',
    '?y',
    '#s',
    '',
    'http://x/a b',
    'http://x/%zz',
    'http://ex.test/é',
    'http://x/<a>',
    'http://[::1',
  ])("refuses %j: a relative reference, no URI, or an empty path (which JSON Schema's uri refuses)", (value) => {
    expect({ svcgen: uri.test(value), ajv: ajvUri(value) }).toEqual({ svcgen: false, ajv: false });
  });

  it('accepts nothing ajv-formats refuses, on values drawn from the pattern', () => {
    const drawn = fc.sample(fc.stringMatching(uri), { numRuns: 2000 });
    expect(drawn.filter((value) => !ajvUri(value))).toEqual([]);
  });

  it('is linear by the same analysis', () => {
    expect(backtracking(URI).kind).toBe('linear');
  });
});

describe('uri-reference cannot backtrack catastrophically', () => {
  it("is linear by SVC108's analysis, whatever the maxLength", () => {
    expect(backtracking(URI_REFERENCE).kind).toBe('linear');
    expect(backtrackingProblem(URI_REFERENCE, undefined)).toBeUndefined();
  });

  it('would be refused if a path character could be "/": segments could then split a path many ways', () => {
    const slashInSegments = URI_REFERENCE.replaceAll(':@]|%', ':@/]|%');
    expect(slashInSegments).not.toBe(URI_REFERENCE);
    expect(backtracking(slashInSegments).kind).toBe('exponential');
  });

  it('answers on 50,000-character near misses (a catastrophic pattern would not return)', () => {
    const nearMisses = [
      '/a'.repeat(25_000) + ' ',
      'a:'.repeat(25_000) + '#[',
      '//' + 'a@'.repeat(25_000),
      '?' + '%a'.repeat(25_000),
    ];
    expect(nearMisses.map((text) => svcgen.test(text))).toEqual([false, false, false, false]);
  });
});
