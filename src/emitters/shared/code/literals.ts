// Literals and property keys written the way prettier writes them (singleQuote, quoteProps
// "as-needed"), so the printed file is already in its final form.

/** A string literal: single quotes unless the text holds more single than double quotes. */
export function printString(value: string): string {
  const raw = JSON.stringify(value).slice(1, -1);
  const quote = raw.split("'").length > raw.split('"').length ? '"' : "'";
  return `${quote}${requote(raw, quote)}${quote}`;
}

/**
 * Re-escapes JSON string content for `quote`: the other quote needs no backslash, this one does,
 * and escapes that change nothing are dropped (prettier's rule, so its output equals ours).
 */
function requote(raw: string, quote: string): string {
  const other = quote === '"' ? "'" : '"';
  return raw.replace(/\\(.)|(["'])/gsu, (match, escaped: string | undefined, bare: string | undefined) => {
    if (escaped === other) return escaped;
    if (bare === quote) return `\\${bare}`;
    if (bare) return bare;
    return /^[^\n\r"'0-7\\bfnrt-vx\u2028\u2029]$/u.test(escaped ?? '') ? (escaped as string) : match;
  });
}

/**
 * A regular expression literal of `pattern`: a bare `/` outside a character class would end it, so it is
 * escaped as V8's `RegExp.prototype.source` escapes it; escapes and classes are kept as they are.
 */
export function printRegex(pattern: string): string {
  return `/${pattern.replace(/\\[^]|\[(?:\\[^]|[^\]\\])*\]|\//g, (match) => (match === '/' ? '\\/' : match))}/`;
}

/** A number literal in prettier's normal form (lower-case exponent, no "+", no trailing zeros). */
export function printNumber(value: number): string {
  return String(value)
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(\d)/, '$1$2$3')
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, '$1')
    .replace(/^([+-])?\./, '$10.')
    .replace(/(\.\d+?)0+(?=e|$)/, '$1')
    .replace(/\.(?=e|$)/, '');
}

/**
 * An ES5 identifier name, the test prettier uses to unquote a key: letters of any script, `$`, `_`,
 * then also digits, combining marks and connectors; characters outside the BMP are not ES5 letters.
 */
const ES5_IDENTIFIER =
  /^[$_\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nl}][$_\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\u200C\u200D]*$/u;
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/** An object or interface key: bare when it is an identifier or a number, else quoted. */
export function printKey(key: string | number): string {
  if (typeof key === 'number') return printNumber(key);
  return ES5_IDENTIFIER.test(key) && !ASTRAL.test(key) ? key : printString(key);
}
