// Text made safe for Markdown: on one line (so it fits a table cell), with the characters that
// would start HTML, emphasis or end a table cell escaped ("*/*" stays "*/*", "<id>" stays
// "<id>"). Identifiers go into code spans instead.

export function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[|*_]/g, (char) => `\\${char}`);
}

/** A code span around any text, with a fence longer than any run of backticks inside it. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}
