// What a header line can carry (RFC 9110 section 5.5): visible ASCII, space, tab and the bytes 0x80-0xFF
// (obs-text, read back as U+0080-U+00FF), with no space or tab at either end (HTTP drops them). fetch refuses a
// character past U+00FF and Node a line break or other control character, each with an error that names no
// parameter: the client refuses such a value first, the server a declared response header holding one.

/** A character no header carries: a control character other than tab, DEL, or one past U+00FF. */
export const UNSENDABLE_HEADER_CHARACTER = /[^\t\x20-\x7e\x80-\xff]/u;

/** Why `text` cannot be sent as a header value as it is, or undefined when it can. */
export function unsendableHeaderText(text: string): string | undefined {
  const match = UNSENDABLE_HEADER_CHARACTER.exec(text);
  if (match) {
    const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `holds U+${code} at index ${match.index}, which no header carries`;
  }
  if (/^[\t ]|[\t ]$/.test(text)) return 'starts or ends with a space or tab, which HTTP drops';
  return undefined;
}

/** JSON text with every character past U+007E escaped: what a json-style header sends, readable by JSON.parse. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
