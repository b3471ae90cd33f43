// Text made safe for Markdown, already in the form prettier prints it (the docs skip prettier,
// see prettier-form.ts). Text from the definitions is literal except for its `code spans`: put on
// one line (so it fits a table cell), with what would start HTML, emphasis, a list, a heading or
// end a table cell escaped ("*/*" shows as "*/*", "<id>" as "<id>"). Identifiers go into code spans.

/** Words, digits and plain punctuation between single spaces: text inline() leaves as it is. */
const PLAIN = /^[A-Za-z][A-Za-z0-9:,.]*(?: [A-Za-z0-9:,.]+)*$/;

export function inline(text: string): string {
  // Most names and values are plain: skip the escaping passes (test/docs/markdown.test.ts holds them to it).
  return PLAIN.test(text) ? text : escapeInline(text);
}

/** A CommonMark code span: a run of n backticks up to the next run of exactly n (an unpaired run is text). */
const CODE_SPAN = /(?<!`)(`+)(?!`)(.*?)(?<!`)\1(?!`)/;

export function escapeInline(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  // split() leaves the text before each code span, the span's fence and its content, ..., the text after the last.
  const escaped = oneLine.split(CODE_SPAN).map((part, index) => {
    if (index % 3 === 0) return escapeText(part);
    // The content as CommonMark reads it: one space stripped from each end of " x ".
    return index % 3 === 2 ? codeSpan(/^ .*[^ ].* $/.test(part) ? part.slice(1, -1) : part) : '';
  });
  return escapeLineStart(escaped.join('')).replace(/(^| )(#+)$/, '$1\\$2'); // not an ATX heading's closing "#"
}

/** A code span around any text, in prettier's form: the shortest fence that no run of backticks inside matches. */
export function codeSpan(value: string): string {
  const text = value.replace(/\r\n?|\n/g, ' '); // one line, as CommonMark reads a line break in a code span
  const runs = new Set([...text.matchAll(/`+/g)].map((match) => match[0].length));
  let length = 1;
  while (runs.has(length)) length += 1;
  const fence = '`'.repeat(length);
  // CommonMark strips one space from each end of " x ", and a fence must not touch a backtick inside.
  const pad = text.startsWith('`') || text.endsWith('`') || /^ .*[^ ].* $/.test(text) ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}

/** Plain text with everything literal: backslashes that would escape, HTML, emphasis, cell ends, unpaired backticks. */
function escapeText(text: string): string {
  return (
    text
      // A backslash before ASCII punctuation (or at the end of a line) would escape it.
      .replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/[|*_`]/g, (char) => `\\${char}`)
  );
}

/** Text that starts a line of the page must not start a list, heading, rule, fence or math block there. */
function escapeLineStart(text: string): string {
  return text
    .replace(/^([-+]|#{1,6})(?= |$)/, '\\$1')
    .replace(/^(\d{1,9})([.)])(?= |$)/, '$1\\$2')
    .replace(/^(?=-[- ]*$|=+$|~~~|\$\$)/, '\\'); // "- -- -" is a rule, "==" underlines the line above
}
