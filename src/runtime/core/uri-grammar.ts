// RFC 3986's URI-reference (section 4.1) and URI (section 3) as patterns, built from the grammar's own names so each
// piece can be read against the RFC. Every repetition is separated from the next by a character it
// cannot take (`:` after the scheme, `@` after the user, `/` between segments, `?` and `#`), so the
// pattern has one way to match any text and runs in linear time (SVC108's analysis proves it:
// test/foundation/uri-reference.test.ts). JSON Schema's `uri-reference` and `uri` formats (ajv-formats)
// accept every value they do. Generated zod schemas name the compiled patterns below rather than
// spelling out the 2 kB of regular expression in every field that is a URI.

const HEX = '[0-9A-Fa-f]';
const PCT_ENCODED = `%${HEX}{2}`;
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
/** A character of a path segment: pchar. */
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`;
/** A character of the first segment of a relative path: no `:`, which would make it a scheme. */
const PCHAR_NO_COLON = `(?:[${UNRESERVED}${SUB_DELIMS}@]|${PCT_ENCODED})`;
const SCHEME = '[A-Za-z][A-Za-z0-9+.\\-]*';
const DEC_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const H16 = `${HEX}{1,4}`;
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
/** The nine forms of IPv6address, in the RFC's order: n groups before `::` and m after it. */
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|');
const IP_FUTURE = `[Vv]${HEX}+\\.[${UNRESERVED}${SUB_DELIMS}:]+`;
/** An IPv4 address is also a reg-name, so reg-name alone covers it without a second way to match. */
const HOST = `(?:\\[(?:${IPV6}|${IP_FUTURE})\\]|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*)`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*`;
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::\\d*)?`;
const PATH_ABEMPTY = `(?:/${PCHAR}*)*`;
/** "//" authority path-abempty, or path-absolute (a first segment, when there is one, is not empty). */
const ROOTED = `//${AUTHORITY}${PATH_ABEMPTY}|/(?:${PCHAR}+${PATH_ABEMPTY})?`;
const QUERY_OR_FRAGMENT = `(?:[${UNRESERVED}${SUB_DELIMS}:@/?]|${PCT_ENCODED})*`;
const QUERY_THEN_FRAGMENT = `(?:\\?${QUERY_OR_FRAGMENT})?(?:#${QUERY_OR_FRAGMENT})?$`;

/**
 * A URI (scheme, then a rooted or rootless path) or a relative reference (a rooted path, or one whose
 * first segment has no `:`), then the query and the fragment; the empty string is a reference too.
 */
export const URI_REFERENCE =
  `^(?:(?:${SCHEME}:)?(?:${ROOTED})|${SCHEME}:(?:${PCHAR}+${PATH_ABEMPTY})?|${PCHAR_NO_COLON}+${PATH_ABEMPTY})?` +
  QUERY_THEN_FRAGMENT;

/**
 * A URI: a scheme, then a rooted or rootless path, the query and the fragment (what `format: uri` takes).
 * The path is not empty (`mailto:?to=a` is refused): RFC 3986 allows that, JSON Schema's `uri` does not.
 */
export const URI = `^${SCHEME}:(?:${ROOTED}|${PCHAR}+${PATH_ABEMPTY})${QUERY_THEN_FRAGMENT}`;

/** What a `format: uri` string must match. */
export const uriPattern = new RegExp(URI);

/** What a `format: uri-reference` string must match. */
export const uriReferencePattern = new RegExp(URI_REFERENCE);
