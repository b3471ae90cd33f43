// Cookies in the Cookie request header (RFC 6265 section 4.2.1: name=value pairs joined by "; "). The
// client writes a route's cookie parameters there: a value percent-encoded (UTF-8) where it is not a
// cookie-octet, a list as its items joined by "," (OpenAPI's cookie style form without explode). The
// server reads them back the same way. An API key sent as a cookie is encoded and read back alike, so
// a key holding "; " cannot add a cookie of its own.

/** What is not a cookie-octet (RFC 6265 section 4.1.1), and "%", which starts an escape. */
const NOT_COOKIE_OCTETS = /[^\x21\x23\x24\x26-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+/gu;

/** A value as a cookie-value: the characters a cookie cannot carry, percent-encoded. */
function cookieText(value: unknown): string {
  return String(value).replace(NOT_COOKIE_OCTETS, (run) => encodeURIComponent(run));
}

/** The Cookie header text of a route's cookie parameters ("" for none); undefined values are left out. */
export function cookieHeader(values: object | undefined): string {
  return Object.entries(values ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const text = Array.isArray(value) ? value.map(cookieText).join(',') : cookieText(value);
      return `${name}=${text}`;
    })
    .join('; ');
}

/** Several sources' cookies as the one Cookie header a user agent sends (RFC 6265 section 5.4). */
export function joinCookies(...parts: readonly (string | undefined)[]): string | undefined {
  const joined = parts.filter((part) => part !== undefined && part !== '').join('; ');
  return joined === '' ? undefined : joined;
}

/**
 * The cookies of a Cookie header by name, values as sent (not decoded); a value in double quotes
 * loses them. The first of a name counts: user agents send the most specific cookie first.
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1) continue;
    const name = pair.slice(0, equals).trim();
    if (name === '' || cookies.has(name)) continue;
    const value = pair.slice(equals + 1).trim();
    cookies.set(name, value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
  }
  return cookies;
}

/** One cookie of the header, percent-decoded as cookieHeader encodes it (an API key sent as a cookie). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  const value = parseCookies(header).get(name);
  return value === undefined ? undefined : percentDecoded(value);
}

/**
 * Every cookie of the header, percent-decoded, for the route's cookie schema to pick from; the
 * `lists` are split at their commas first (an encoded comma, %2C, stays within its item).
 */
export function cookieParameters(header: string | undefined, lists: ReadonlySet<string>): Record<string, unknown> {
  // Object.fromEntries defines members as own data: a cookie named __proto__ cannot reach the prototype.
  return Object.fromEntries(
    [...parseCookies(header)].map(([name, value]) => [
      name,
      lists.has(name) ? (value === '' ? [] : value.split(',').map(percentDecoded)) : percentDecoded(value),
    ]),
  );
}

/** A malformed escape ("%zz") is kept as sent: the schema then judges the text as it is. */
function percentDecoded(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
