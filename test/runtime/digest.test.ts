import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeDigestResponse,
  computeHa1,
  formatAuthorization,
  formatChallenge,
  formatNonceCount,
  normalizeAlgorithm,
  parseAuthList,
  parseDigestAuthorization,
  parseDigestChallenges,
  quoteString,
  safeEqual,
} from '../../src/runtime/auth/digest/digest.js';

// RFC 7616 section 3.9.1
const RFC = {
  username: 'Mufasa',
  password: 'Circle of Life',
  realm: 'http-auth@example.org',
  method: 'GET',
  uri: '/dir/index.html',
  nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
  nc: '00000001',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
};

describe('RFC 7616 section 3.9.1 example', () => {
  it('reproduces the MD5 response', () => {
    expect(computeDigestResponse({ ...RFC, algorithm: 'MD5' })).toBe('8ca523f5e9506fed4657c9700eebdbec');
  });

  it('reproduces the SHA-256 response', () => {
    expect(computeDigestResponse({ ...RFC, algorithm: 'SHA-256' })).toBe(
      '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
    );
  });

  it('parses the example Authorization header', () => {
    const header =
      'Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=SHA-256, ' +
      'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, ' +
      'cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, ' +
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1", ' +
      'opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"';
    expect(parseDigestAuthorization(header)).toEqual({
      username: 'Mufasa',
      realm: RFC.realm,
      uri: RFC.uri,
      algorithm: 'SHA-256',
      nonce: RFC.nonce,
      nc: RFC.nc,
      cnonce: RFC.cnonce,
      qop: 'auth',
      response: '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
      opaque: RFC.opaque,
      userhash: false,
    });
  });

  it('parses the example challenges, also when joined into one header value', () => {
    const sha = `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="${RFC.nonce}", opaque="${RFC.opaque}"`;
    const md5 = `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="${RFC.nonce}", opaque="${RFC.opaque}"`;
    for (const headers of [[sha, md5], `${sha}, ${md5}`]) {
      const challenges = parseDigestChallenges(headers);
      expect(challenges.map((c) => c.algorithm)).toEqual(['SHA-256', 'MD5']);
      expect(challenges[0]).toEqual({
        realm: RFC.realm,
        nonce: RFC.nonce,
        opaque: RFC.opaque,
        algorithm: 'SHA-256',
        qop: ['auth', 'auth-int'],
        stale: false,
        userhash: false,
      });
    }
  });
});

describe('parseAuthList', () => {
  it('keeps commas and escaped quotes inside quoted strings', () => {
    const list = parseAuthList('Digest realm="a, b", nonce="say \\"hi\\" \\\\ there", qop=auth');
    expect(list).toHaveLength(1);
    expect(list?.[0]?.params.get('realm')).toBe('a, b');
    expect(list?.[0]?.params.get('nonce')).toBe('say "hi" \\ there');
    expect(list?.[0]?.params.get('qop')).toBe('auth');
  });

  it('reads a lone name= after a scheme as token68, as RFC 9110 does', () => {
    expect(parseAuthList('Digest realm=')?.[0]?.token68).toBe('realm=');
    expect(parseDigestAuthorization('Digest realm=')).toBeUndefined();
  });

  it('reads several challenges, token68 and empty list elements', () => {
    const list = parseAuthList('Basic realm="x", , Newauth abc123==, Digest realm="r" , nonce=n');
    expect(list?.map((item) => item.scheme)).toEqual(['Basic', 'Newauth', 'Digest']);
    expect(list?.[1]?.token68).toBe('abc123==');
    expect(list?.[2]?.params.get('nonce')).toBe('n');
  });

  it('treats parameter names case-insensitively and refuses duplicates', () => {
    expect(parseAuthList('Digest REALM="x"')?.[0]?.params.get('realm')).toBe('x');
    expect(parseAuthList('Digest realm="x", Realm="y"')).toBeUndefined();
  });

  it.each([
    '=',
    '"Digest"',
    'Digest realm="unterminated',
    'Digest realm="x" nonce="y"', // missing comma
    'Digest nonce="n", realm=', // empty value
    'Digest nonce="n", realm=,',
    'Digest realm="a\r\nb"',
    'Digest realm="a"\r\n, nonce="b"',
    'Digest realm="\u0000"',
    'Digest realm="x\\',
    'realm="x"', // parameter without a scheme
    'Basic abc==, realm="x"', // parameter after a token68
    'Digest\trealm="x", "y"',
    'Digest"x"',
    'x'.repeat(20_000),
  ])('returns undefined for %j', (input) => {
    expect(parseAuthList(input)).toBeUndefined();
  });
});

describe('parseDigestAuthorization', () => {
  const base = {
    username: 'bob',
    realm: 'r',
    uri: '/x',
    algorithm: 'SHA-256' as const,
    nonce: 'n',
    nc: '00000001',
    cnonce: 'c',
    response: 'ab'.repeat(32),
  };

  it('round-trips formatAuthorization, including quotes and backslashes', () => {
    const header = formatAuthorization({ ...base, username: 'bob "the" \\builder', uri: '/a?b=1,2' });
    expect(parseDigestAuthorization(header)).toMatchObject({ username: 'bob "the" \\builder', uri: '/a?b=1,2' });
  });

  it('sends and reads non-ASCII names as username* (RFC 8187)', () => {
    const header = formatAuthorization({ ...base, username: 'Jäsøn Doe\u{1F600}' });
    expect(header).toContain("username*=UTF-8''J%C3%A4s%C3%B8n%20Doe%F0%9F%98%80");
    expect(parseDigestAuthorization(header)?.username).toBe('Jäsøn Doe\u{1F600}');
  });

  it('defaults the algorithm to MD5 and lower-cases the response', () => {
    const parsed = parseDigestAuthorization(
      'Digest username="u", realm="r", nonce="n", uri="/", response="ABCDEF", qop=auth, nc=00000001, cnonce="c"',
    );
    expect(parsed?.algorithm).toBe('MD5');
    expect(parsed?.response).toBe('abcdef');
  });

  it.each([
    ['no username', 'Digest realm="r", nonce="n", uri="/", response="ab"'],
    ['no realm', 'Digest username="u", nonce="n", uri="/", response="ab"'],
    ['no nonce', 'Digest username="u", realm="r", uri="/", response="ab"'],
    ['no uri', 'Digest username="u", realm="r", nonce="n", response="ab"'],
    ['no response', 'Digest username="u", realm="r", nonce="n", uri="/"'],
    ['non-hex response', 'Digest username="u", realm="r", nonce="n", uri="/", response="xyz"'],
    ['qop without nc', 'Digest username="u", realm="r", nonce="n", uri="/", response="ab", qop=auth, cnonce="c"'],
    ['qop without cnonce', 'Digest username="u", realm="r", nonce="n", uri="/", response="ab", qop=auth, nc=00000001'],
    ['short nc', 'Digest username="u", realm="r", nonce="n", uri="/", response="ab", qop=auth, nc=1, cnonce="c"'],
    ['username and username*', `Digest username="u", username*=UTF-8''u, realm="r", nonce="n", uri="/", response="ab"`],
    ['bad username* charset', `Digest username*=ISO-8859-1''u, realm="r", nonce="n", uri="/", response="ab"`],
    ['bad username* UTF-8', `Digest username*=UTF-8''%C3, realm="r", nonce="n", uri="/", response="ab"`],
    ['bad userhash', 'Digest username="u", realm="r", nonce="n", uri="/", response="ab", userhash=maybe'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['two credentials', 'Digest username="u", realm="r", nonce="n", uri="/", response="ab", Basic abc'],
  ])('returns undefined with %s', (_name, header) => {
    expect(parseDigestAuthorization(header)).toBeUndefined();
  });

  it('never throws on random input', () => {
    const alphabet = 'Digest usernamrlc=",\\ \t*\'%\r\n\u0000ä\u{1F600}';
    for (let i = 0; i < 1000; i++) {
      const bytes = randomBytes(60);
      const input =
        i % 2 === 0 ? [...bytes].map((b) => alphabet[b % alphabet.length]).join('') : bytes.toString('latin1');
      expect(() => parseDigestAuthorization(input)).not.toThrow();
      expect(() => parseDigestChallenges(input)).not.toThrow();
    }
    expect(parseDigestAuthorization(undefined)).toBeUndefined();
    expect(parseDigestAuthorization(42 as unknown as string)).toBeUndefined();
    expect(parseDigestChallenges([42 as unknown as string, 'garbage "'])).toEqual([]);
  });
});

describe('challenges', () => {
  it('round-trips formatChallenge', () => {
    const header = formatChallenge({
      realm: 'svc REST-API',
      nonce: 'abc',
      algorithm: 'SHA-256',
      opaque: 'op',
      charset: 'UTF-8',
      stale: true,
    });
    expect(header).toBe(
      'Digest realm="svc REST-API", qop="auth", algorithm=SHA-256, nonce="abc", opaque="op", charset=UTF-8, stale=true',
    );
    expect(parseDigestChallenges(header)).toEqual([
      {
        realm: 'svc REST-API',
        nonce: 'abc',
        algorithm: 'SHA-256',
        qop: ['auth'],
        stale: true,
        userhash: false,
        opaque: 'op',
        charset: 'UTF-8',
      },
    ]);
  });

  it('skips other schemes and challenges without realm or nonce', () => {
    const challenges = parseDigestChallenges([
      'Basic realm="x"',
      'Digest realm="only"',
      'Digest nonce="only"',
      'Digest realm="r", nonce="n", stale=TRUE',
    ]);
    expect(challenges).toHaveLength(1);
    expect(challenges[0]).toMatchObject({ realm: 'r', nonce: 'n', algorithm: 'MD5', qop: [], stale: true });
  });
});

describe('helpers', () => {
  it('normalizes algorithm names', () => {
    expect(normalizeAlgorithm('sha-256')).toBe('SHA-256');
    expect(normalizeAlgorithm('md5')).toBe('MD5');
    expect(normalizeAlgorithm('MD5-sess')).toBeUndefined();
    expect(normalizeAlgorithm('SHA-512-256')).toBeUndefined();
  });

  it('formats nonce counts as eight hex digits', () => {
    expect(formatNonceCount(1)).toBe('00000001');
    expect(formatNonceCount(0xabc)).toBe('00000abc');
  });

  it('hashes A1 over UTF-8', () => {
    expect(computeHa1('MD5', 'Mufasa', 'http-auth@example.org', 'Circle of Life')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('compares strings of any length safely', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });

  it('refuses to quote control characters', () => {
    expect(quoteString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(() => quoteString('a\r\nSet-Cookie: x')).toThrow(TypeError);
  });
});
