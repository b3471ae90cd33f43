// HTTP Digest authentication (RFC 7616): header parsing, hashing and header
// building shared by the Digest verifier (digest-server.ts) and the client
// (digest-client.ts). Parsers take hostile input: they return undefined (or
// skip the bad part) and never throw.

import { Buffer } from 'node:buffer';
import { createHash, timingSafeEqual } from 'node:crypto';

import { DIGEST_ALGORITHMS, type DigestAlgorithm } from '../../core/vocabulary.js';

/** One challenge or credentials value: `<scheme> param=value, …` or `<scheme> <token68>`. */
export interface AuthHeaderEntry {
  scheme: string;
  /** Parameter names lower-cased (they are case-insensitive); values unquoted. */
  params: Map<string, string>;
  token68?: string;
}

/** Credentials from an `Authorization: Digest …` header (RFC 7616 section 3.4). */
export interface DigestAuthorization {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  /** Lower-case hex. */
  response: string;
  /** As sent; RFC 7616 says a missing algorithm means MD5. */
  algorithm: string;
  qop?: string;
  /** Eight hex digits, as sent. */
  nc?: string;
  cnonce?: string;
  opaque?: string;
  userhash: boolean;
}

/** One `WWW-Authenticate: Digest …` challenge (RFC 7616 section 3.3). */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  /** As sent; a missing algorithm means MD5. */
  algorithm: string;
  /** Lower-cased qop options, e.g. ['auth']; empty when the server sent none. */
  qop: string[];
  stale: boolean;
  userhash: boolean;
  opaque?: string;
  domain?: string;
  charset?: string;
}

// Longer header values are refused outright, so hostile input costs little.
const MAX_HEADER_LENGTH = 16 * 1024;

const TOKEN68 = /[A-Za-z0-9\-._~+/]+=*(?=[ \t]*(?:,|$))/y;
const HEX = /^[0-9a-fA-F]+$/;
const NONCE_COUNT = /^[0-9a-fA-F]{8}$/;

function isTchar(code: number): boolean {
  // token characters of RFC 9110 section 5.6.2
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    "!#$%&'*+-.^_`|~".includes(String.fromCharCode(code))
  );
}

function isQdtext(code: number): boolean {
  // HTAB / SP / VCHAR except '"' and '\' / obs-text
  return (
    code === 0x09 ||
    code === 0x20 ||
    code === 0x21 ||
    (code >= 0x23 && code <= 0x7e && code !== 0x5c) ||
    (code >= 0x80 && code <= 0xff)
  );
}

function isQuotedPairChar(code: number): boolean {
  return code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff);
}

/**
 * Parses a comma list of challenges (WWW-Authenticate) or one credentials value
 * (Authorization) per RFC 9110 section 11. Returns undefined on any syntax error,
 * on a repeated parameter name (RFC 9110 forbids it) or on an over-long value.
 */
export function parseAuthList(input: string): AuthHeaderEntry[] | undefined {
  if (typeof input !== 'string' || input.length > MAX_HEADER_LENGTH) return undefined;
  const items: AuthHeaderEntry[] = [];
  let pos = 0;
  let current: AuthHeaderEntry | undefined;

  const atEnd = (): boolean => pos >= input.length;
  const skipOws = (): void => {
    while (input[pos] === ' ' || input[pos] === '\t') pos++;
  };
  const readToken = (): string => {
    const start = pos;
    while (pos < input.length && isTchar(input.charCodeAt(pos))) pos++;
    return input.slice(start, pos);
  };
  const readQuoted = (): string | undefined => {
    pos++; // opening quote
    let out = '';
    while (pos < input.length) {
      const code = input.charCodeAt(pos);
      if (code === 0x22) {
        pos++;
        return out;
      }
      if (code === 0x5c) {
        if (pos + 1 >= input.length || !isQuotedPairChar(input.charCodeAt(pos + 1))) return undefined;
        out += input[pos + 1];
        pos += 2;
        continue;
      }
      if (!isQdtext(code)) return undefined;
      out += input[pos];
      pos++;
    }
    return undefined; // unterminated
  };
  // Called with pos on '='; reads the value and the end of the list element.
  const readParamInto = (target: AuthHeaderEntry, name: string): boolean => {
    pos++;
    skipOws();
    const value = input[pos] === '"' ? readQuoted() : readToken() || undefined;
    const key = name.toLowerCase();
    if (value === undefined || target.params.has(key)) return false;
    target.params.set(key, value);
    skipOws();
    return atEnd() || input[pos] === ',';
  };

  for (;;) {
    // Empty list elements are allowed (RFC 9110 section 5.6.1).
    skipOws();
    while (input[pos] === ',') {
      pos++;
      skipOws();
    }
    if (atEnd()) break;

    const name = readToken();
    if (name === '') return undefined;
    const afterName = pos;
    skipOws();
    if (input[pos] === '=') {
      // A further auth-param of the current challenge.
      if (current === undefined || current.token68 !== undefined || !readParamInto(current, name)) return undefined;
      continue;
    }

    // A new scheme, optionally followed by a token68 or its first auth-param.
    current = { scheme: name, params: new Map() };
    items.push(current);
    if (atEnd() || input[pos] === ',') continue;
    if (pos === afterName) return undefined; // the scheme must be followed by a space
    TOKEN68.lastIndex = pos;
    const token68 = TOKEN68.exec(input);
    if (token68 !== null) {
      current.token68 = token68[0];
      pos += token68[0].length;
      continue;
    }
    const first = readToken();
    skipOws();
    if (first === '' || input[pos] !== '=' || !readParamInto(current, first)) return undefined;
  }
  return items;
}

/** Maps an algorithm name (case-insensitive) to a supported algorithm. */
export function normalizeAlgorithm(name: string): DigestAlgorithm | undefined {
  return DIGEST_ALGORITHMS.find((algorithm) => algorithm.toLowerCase() === name.toLowerCase());
}

/** Decodes an RFC 8187 ext-value such as `UTF-8''J%C3%A4s%C3%B8n` (only UTF-8). */
function decodeExtValue(value: string): string | undefined {
  const match = /^([^']*)'[A-Za-z0-9-]*'((?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-Fa-f]{2})*)$/.exec(value);
  if (match === null || match[1]?.toLowerCase() !== 'utf-8') return undefined;
  try {
    return decodeURIComponent(match[2] ?? '');
  } catch {
    return undefined; // invalid UTF-8
  }
}

function parseBooleanFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

/** Parses `Digest …` credentials; undefined when absent, not Digest or malformed. */
export function parseDigestAuthorization(header: string | undefined): DigestAuthorization | undefined {
  if (typeof header !== 'string') return undefined;
  const list = parseAuthList(header);
  const only = list?.length === 1 ? list[0] : undefined;
  if (only === undefined || only.scheme.toLowerCase() !== 'digest') return undefined;
  const p = only.params;

  // username and username* together are an error (RFC 7616 section 3.4.4).
  const plainName = p.get('username');
  const extName = p.get('username*');
  if (plainName !== undefined && extName !== undefined) return undefined;
  const username = extName !== undefined ? decodeExtValue(extName) : plainName;

  const realm = p.get('realm');
  const nonce = p.get('nonce');
  const uri = p.get('uri');
  const response = p.get('response');
  const userhash = parseBooleanFlag(p.get('userhash'));
  if (username === undefined || realm === undefined || nonce === undefined || uri === undefined) return undefined;
  if (response === undefined || !HEX.test(response) || userhash === undefined) return undefined;

  const credentials: DigestAuthorization = {
    username,
    realm,
    nonce,
    uri,
    response: response.toLowerCase(),
    algorithm: p.get('algorithm') ?? 'MD5',
    userhash,
  };
  const qop = p.get('qop');
  if (qop !== undefined) {
    // With qop, nc and cnonce are required (RFC 7616 section 3.4).
    const nc = p.get('nc');
    const cnonce = p.get('cnonce');
    if (nc === undefined || !NONCE_COUNT.test(nc) || cnonce === undefined || cnonce === '') return undefined;
    credentials.qop = qop.toLowerCase();
    credentials.nc = nc;
    credentials.cnonce = cnonce;
  }
  const opaque = p.get('opaque');
  if (opaque !== undefined) credentials.opaque = opaque;
  return credentials;
}

/**
 * Parses the Digest challenges among WWW-Authenticate values (one header value may
 * hold several challenges; fetch joins repeated headers with ", "). Values that do
 * not parse and challenges without realm or nonce are skipped.
 */
export function parseDigestChallenges(headers: string | readonly string[] | undefined | null): DigestChallenge[] {
  const values = typeof headers === 'string' ? [headers] : Array.isArray(headers) ? headers : [];
  const challenges: DigestChallenge[] = [];
  for (const value of values) {
    for (const item of (typeof value === 'string' ? parseAuthList(value) : undefined) ?? []) {
      if (item.scheme.toLowerCase() !== 'digest') continue;
      const p = item.params;
      const realm = p.get('realm');
      const nonce = p.get('nonce');
      if (realm === undefined || nonce === undefined) continue;
      const challenge: DigestChallenge = {
        realm,
        nonce,
        algorithm: p.get('algorithm') ?? 'MD5',
        qop: (p.get('qop') ?? '')
          .split(',')
          .map((option) => option.trim().toLowerCase())
          .filter((option) => option !== ''),
        stale: p.get('stale')?.toLowerCase() === 'true',
        userhash: p.get('userhash')?.toLowerCase() === 'true',
      };
      const opaque = p.get('opaque');
      const domain = p.get('domain');
      const charset = p.get('charset');
      if (opaque !== undefined) challenge.opaque = opaque;
      if (domain !== undefined) challenge.domain = domain;
      if (charset !== undefined) challenge.charset = charset;
      challenges.push(challenge);
    }
  }
  return challenges;
}

/** H(data) of RFC 7616: lower-case hex of the UTF-8 bytes' hash. */
export function digestHash(algorithm: DigestAlgorithm, data: string): string {
  return createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
    .update(data, 'utf8')
    .digest('hex');
}

/** A1 hash: H(username ":" realm ":" password). */
export function computeHa1(algorithm: DigestAlgorithm, username: string, realm: string, password: string): string {
  return digestHash(algorithm, `${username}:${realm}:${password}`);
}

/** A2 hash for qop=auth: H(method ":" uri). */
export function computeHa2(algorithm: DigestAlgorithm, method: string, uri: string): string {
  return digestHash(algorithm, `${method}:${uri}`);
}

export interface DigestResponseInput {
  algorithm: DigestAlgorithm;
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  nc: string;
  cnonce: string;
}

/** The `response` value for qop=auth: KD(HA1, nonce:nc:cnonce:qop:HA2). */
export function computeDigestResponse(input: DigestResponseInput): string {
  const ha1 = computeHa1(input.algorithm, input.username, input.realm, input.password);
  const ha2 = computeHa2(input.algorithm, input.method, input.uri);
  return digestHash(input.algorithm, `${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:auth:${ha2}`);
}

/** Formats a nonce count as the eight hex digits the nc parameter takes. */
export function formatNonceCount(count: number): string {
  return count.toString(16).padStart(8, '0');
}

/**
 * Compares two strings in constant time. Both sides are hashed first so that
 * timingSafeEqual gets equal-length buffers and the length leaks nothing.
 */
export function safeEqual(a: string, b: string): boolean {
  const hashA = createHash('sha256').update(a, 'utf8').digest();
  const hashB = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(hashA, hashB);
}

/** Quotes a value as an HTTP quoted-string; refuses control characters (header injection). */
export function quoteString(value: string): string {
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) {
    throw new TypeError('value contains control characters and cannot be quoted');
  }
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

export interface ChallengeOptions {
  realm: string;
  nonce: string;
  algorithm: DigestAlgorithm;
  opaque?: string;
  /** Only sent when true (RFC 7616: absence means false). */
  stale?: boolean;
  domain?: string;
  /** 'UTF-8' tells the client that names and passwords are hashed as UTF-8. */
  charset?: 'UTF-8';
}

/** Builds one WWW-Authenticate value offering qop="auth". */
export function formatChallenge(options: ChallengeOptions): string {
  const parts = [
    `realm=${quoteString(options.realm)}`,
    'qop="auth"',
    `algorithm=${options.algorithm}`,
    `nonce=${quoteString(options.nonce)}`,
  ];
  if (options.opaque !== undefined) parts.push(`opaque=${quoteString(options.opaque)}`);
  if (options.domain !== undefined) parts.push(`domain=${quoteString(options.domain)}`);
  if (options.charset !== undefined) parts.push(`charset=${options.charset}`);
  if (options.stale === true) parts.push('stale=true');
  return `Digest ${parts.join(', ')}`;
}

export interface AuthorizationOptions {
  username: string;
  realm: string;
  uri: string;
  algorithm: DigestAlgorithm;
  nonce: string;
  nc: string;
  cnonce: string;
  response: string;
  opaque?: string;
}

// Percent-encodes the UTF-8 bytes of a value except attr-char (RFC 8187).
function encodeExtValue(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9!#$&+\-.^_`|~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `UTF-8''${encoded}`;
}

/** Builds an Authorization value for qop=auth. Names a quoted-string cannot carry go in username*. */
export function formatAuthorization(options: AuthorizationOptions): string {
  const plainName = /^[\u0020-\u007e]*$/.test(options.username);
  const parts = [
    plainName ? `username=${quoteString(options.username)}` : `username*=${encodeExtValue(options.username)}`,
    `realm=${quoteString(options.realm)}`,
    `uri=${quoteString(options.uri)}`,
    `algorithm=${options.algorithm}`,
    `nonce=${quoteString(options.nonce)}`,
    `nc=${options.nc}`,
    `cnonce=${quoteString(options.cnonce)}`,
    'qop=auth',
    `response=${quoteString(options.response)}`,
  ];
  if (options.opaque !== undefined) parts.push(`opaque=${quoteString(options.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}
