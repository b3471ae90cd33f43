// The formats of strings and integers, declared once: the definitions accept these words, and the
// zod emitter, the OpenAPI emitter, the docs, default checks and the fuzzers read their rows from here.
// test/foundation/format-vocabulary.test.ts fails when a format word is declared anywhere else in src/.
import { URI, URI_REFERENCE } from '../runtime/core/uri-grammar.js';

/** How every output reads one string format. */
export interface StringFormatRow {
  /** The zod 4 schema the format is, when zod has one; otherwise z.string() checks `pattern`. */
  readonly zod?: string;
  /** A pattern the value must match: checked by zod when it has no schema, and written into OpenAPI. */
  readonly pattern?: string;
  /** The runtime's compiled `pattern` (runtime/core/uri-grammar.ts): zod schemas name it rather than spell it out. */
  readonly runtimePattern?: string;
  /** The message of a value that misses `pattern`. */
  readonly message?: string;
  /** JSON Schema keywords beside `type: string` (OpenAPI 3.1). */
  readonly openapi: { readonly format?: string; readonly contentEncoding?: string };
  /** The words a docs table shows after "string". */
  readonly docs: string;
  /** Values of the format, for docs examples, mock responses and fuzzers; ids take them in turn: keep them distinct. */
  readonly examples: readonly [string, ...string[]];
  /** Whether a default value has the format: the same rule the generated schema applies, read without zod. */
  readonly test: (text: string) => boolean;
}

const matching =
  (pattern: string) =>
  (text: string): boolean =>
    new RegExp(pattern).test(text);

const HEX_ID = '^[0-9a-f]{32}$';
const CURRENCY_CODE = '^[A-Z]{3}$';
const ALPHANUMERIC = '^[A-Za-z0-9]+$';
/** RFC 3339 full-time, as JSON Schema's `time` format is: the offset is part of it. */
const TIME = '^(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$';
/** Any 8-4-4-4-12 hex UUID, as JSON Schema's `uuid` format (the version digit is not checked; the nil UUID is one). */
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const DURATION =
  '^P(?!$)(?:\\d+(?:\\.\\d+)?Y)?(?:\\d+(?:\\.\\d+)?M)?(?:\\d+(?:\\.\\d+)?W)?(?:\\d+(?:\\.\\d+)?D)?(?:T(?!$)(?:\\d+(?:\\.\\d+)?H)?(?:\\d+(?:\\.\\d+)?M)?(?:\\d+(?:\\.\\d+)?S)?)?$';
const IPV4 = '^(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$';
const HOSTNAME =
  '^(?=.{1,253}\\.?$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.?$';
const BASE64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

export const STRING_FORMAT_ROWS = {
  'hex-id': {
    pattern: HEX_ID,
    message: 'expected 32 lowercase hex characters',
    openapi: {},
    docs: '32 lowercase hex',
    examples: [
      '0123456789abcdef0123456789abcdef',
      'fedcba9876543210fedcba9876543210',
      'a0000000000000000000000000000003',
    ],
    test: matching(HEX_ID),
  },
  uuid: {
    zod: 'z.guid',
    openapi: { format: 'uuid' },
    docs: 'UUID',
    examples: [
      '123e4567-e89b-12d3-a456-426614174000',
      '00000000-0000-0000-0000-000000000000',
      'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    ],
    test: matching(UUID),
  },
  uri: {
    // Not z.url(): WHATWG URLs take what RFC 3986 and so JSON Schema's `uri` refuse (`http://x/a b`, `%zz`,
    // `é`), and refuse what they take (port 99999); the pattern is what the document says.
    pattern: URI,
    runtimePattern: 'uriPattern',
    message: 'expected a URI (RFC 3986)',
    openapi: { format: 'uri' },
    docs: 'URL',
    examples: ['https://example.test/x', 'http://a.test/b?c=d'],
    test: matching(URI),
  },
  'uri-reference': {
    pattern: URI_REFERENCE,
    runtimePattern: 'uriReferencePattern',
    message: 'expected a URI reference (RFC 3986)',
    openapi: { format: 'uri-reference' },
    docs: 'URI reference',
    examples: ['/orders/7?expand=lines#top', 'https://example.test/x', 'a%20b'],
    test: matching(URI_REFERENCE),
  },
  email: {
    zod: 'z.email',
    openapi: { format: 'email' },
    docs: 'email',
    examples: ['a@example.test'],
    test: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  },
  hostname: {
    zod: 'z.hostname',
    openapi: { format: 'hostname' },
    docs: 'host name',
    examples: ['example.test', 'api-1.example.test'],
    test: matching(HOSTNAME),
  },
  ipv4: {
    zod: 'z.ipv4',
    openapi: { format: 'ipv4' },
    docs: 'IPv4 address',
    examples: ['192.0.2.1', '10.0.0.255'],
    test: matching(IPV4),
  },
  ipv6: {
    zod: 'z.ipv6',
    openapi: { format: 'ipv6' },
    docs: 'IPv6 address',
    examples: ['2001:db8::1', '::1'],
    test: (text) => URL.canParse(`http://[${text}]/`) && text.includes(':'),
  },
  time: {
    pattern: TIME,
    message: 'expected a time of day with its offset (RFC 3339), e.g. 09:30:00Z',
    openapi: { format: 'time' },
    docs: 'time with offset, e.g. 09:30:00Z',
    examples: ['09:30:00Z', '23:59:59.5+02:00'],
    test: matching(TIME),
  },
  duration: {
    zod: 'z.iso.duration',
    openapi: { format: 'duration' },
    docs: 'ISO 8601 duration, e.g. PT15M',
    examples: ['PT15M', 'P1DT2H', 'P3W'],
    test: matching(DURATION),
  },
  byte: {
    zod: 'z.base64',
    openapi: { format: 'byte', contentEncoding: 'base64' },
    docs: 'base64',
    examples: ['aGVsbG8=', 'AAEC'],
    test: matching(BASE64),
  },
  'currency-code': {
    pattern: CURRENCY_CODE,
    message: 'expected an ISO 4217 currency code',
    openapi: {},
    docs: 'ISO 4217 code',
    examples: ['EUR', 'USD'],
    test: matching(CURRENCY_CODE),
  },
  alphanumeric: {
    pattern: ALPHANUMERIC,
    message: 'expected letters and digits only',
    openapi: {},
    docs: 'letters and digits',
    examples: ['abc1', 'X9'],
    test: matching(ALPHANUMERIC),
  },
} as const satisfies Record<string, StringFormatRow>;

export type StringFormat = keyof typeof STRING_FORMAT_ROWS;
export const STRING_FORMATS = Object.keys(STRING_FORMAT_ROWS) as [StringFormat, ...StringFormat[]];

/** The row of a format, typed as a row (the table itself is `as const` for its keys). */
export const stringFormat = (format: StringFormat): StringFormatRow => STRING_FORMAT_ROWS[format];

/** How every output reads one integer format. */
export interface IntegerFormatRow {
  readonly zod: string;
  readonly minimum: number;
  readonly maximum: number;
  readonly docs: string;
}

/**
 * int64 travels as a JSON number, as most APIs send it; JavaScript reads a number exactly only up to
 * 2^53 − 1, so a larger one is refused (400), never silently rounded. An id that may pass 2^53 is a
 * string with a pattern (docs/definitions.md, "Integer formats").
 */
export const INTEGER_FORMAT_ROWS = {
  int32: { zod: 'z.int32', minimum: -2147483648, maximum: 2147483647, docs: '32-bit' },
  int64: {
    zod: 'z.int',
    minimum: Number.MIN_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
    docs: '64-bit, within ±(2^53 − 1)',
  },
} as const satisfies Record<string, IntegerFormatRow>;

export type IntegerFormat = keyof typeof INTEGER_FORMAT_ROWS;
export const INTEGER_FORMATS = Object.keys(INTEGER_FORMAT_ROWS) as [IntegerFormat, ...IntegerFormat[]];

/**
 * `format:` words that name something else than a string format: date and date-time are types of
 * their own (`type: string, format: date` is read as `type: date`), binary is a file.
 */
export const STRING_FORMAT_TYPES = ['date', 'date-time'] as const;
export const FILE_FORMAT = 'binary';

/** Every word `format:` accepts in a definition; which type each applies to is checked when the IR is built. */
export const FORMAT_WORDS = [...STRING_FORMATS, ...INTEGER_FORMATS, ...STRING_FORMAT_TYPES, FILE_FORMAT] as const;
export type FormatWord = (typeof FORMAT_WORDS)[number];

/** Other tools' words for these formats, for "did you mean". */
export const FORMAT_ALIASES: Readonly<Record<string, FormatWord>> = {
  guid: 'uuid',
  url: 'uri',
  base64: 'byte',
  'uri-ref': 'uri-reference',
  'ip-address': 'ipv4',
  'iso-duration': 'duration',
  datetime: 'date-time',
};

export const isStringFormat = (word: string): word is StringFormat => Object.hasOwn(STRING_FORMAT_ROWS, word);
export const isIntegerFormat = (word: string): word is IntegerFormat => Object.hasOwn(INTEGER_FORMAT_ROWS, word);
