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

export function escapeInline(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const escaped = splitCodeSpans(oneLine).map((part) => (part.code ? codeSpan(part.text) : escapeText(part.text)));
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

interface TextPart {
  readonly text: string;
  readonly code: boolean;
}

/** CommonMark code spans: a run of n backticks up to the next run of exactly n; an unpaired run is text. */
function splitCodeSpans(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const runs = [...text.matchAll(/`+/g)];
  let textStart = 0;
  for (let index = 0; index < runs.length; index += 1) {
    const open = runs[index] as RegExpMatchArray & { index: number };
    const closeAt = runs.findIndex((run, at) => at > index && run[0].length === open[0].length);
    if (closeAt === -1) continue;
    const close = runs[closeAt] as RegExpMatchArray & { index: number };
    parts.push({ text: text.slice(textStart, open.index), code: false });
    const content = text.slice(open.index + open[0].length, close.index);
    parts.push({ text: /^ .*[^ ].* $/.test(content) ? content.slice(1, -1) : content, code: true });
    textStart = close.index + close[0].length;
    index = closeAt;
  }
  parts.push({ text: text.slice(textStart), code: false });
  return parts.filter((part) => part.code || part.text !== '');
}
