// A page put in prettier's form part by part (see sectioned-page.ts), with the same result as
// toPrettierForm on the whole page: toPrettierForm collapses runs of blank lines, fixes empty
// headings and unpads tables, all within lines or tables. So if every part ends at a line end
// and no table can run from one part into the next, each part can be done on its own, and the
// runs of blank lines that meet where parts join are collapsed when they are joined.
import { compactTables, splitRow } from './markdown-table.js';
import { collapseBlankLines } from './prettier-form.js';

/**
 * A part of a page in prettier's form, leading and trailing line ends kept for joinParts; null
 * when the part could change a table of its neighbours (it starts with a table row, or ends with
 * one without a blank line after it), does not end at a line end, or has a table GFM would
 * continue past its last row (see compactTables).
 */
export function partInPrettierForm(markdown: string): string | null {
  if (!markdown.endsWith('\n')) return null;
  const collapsed = collapseBlankLines(markdown);
  const firstLine = collapsed.slice(0, collapsed.indexOf('\n'));
  const lastLine = collapsed.slice(collapsed.lastIndexOf('\n', collapsed.length - 2) + 1, -1);
  if (splitRow(firstLine) || splitRow(lastLine)) return null;
  return compactTables(collapsed) ?? null;
}

/**
 * Parts in prettier's form (none with more than one blank line in a row) joined into a page in
 * prettier's form: where they meet, no more than one blank line; none at the start; one line end
 * at the end.
 */
export function joinParts(parts: readonly string[]): string {
  const out: string[] = [];
  let endingNewlines = Number.POSITIVE_INFINITY; // at the start of the page, every line end goes
  for (const part of parts) {
    const leading = part.length - part.replace(/^\n+/, '').length;
    const keep = Math.max(0, Math.min(leading, 2 - endingNewlines));
    out.push(part.slice(leading - keep));
    endingNewlines = leading === part.length ? endingNewlines + keep : part.length - part.replace(/\n+$/, '').length;
  }
  return `${out.join('').replace(/\n+$/, '')}\n`;
}
