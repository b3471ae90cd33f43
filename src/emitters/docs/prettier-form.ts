// The Markdown of svcgen's own docs templates in the form prettier prints it, without running
// prettier (it formats about 100-200 KB/s, the largest cost of a cold run), except that tables
// stay unpadded (markdown-table.ts). What the templates leave to do is put the tables in that form
// and drop the extra blank lines that absent values and partials leave; the text inside is already
// in prettier's form (markdown.ts). test/docs/prettier-form.test.ts holds this to prettier's output.
//
// A page can also be put in that form part by part (see sectioned-page.ts), with the same result:
// toPrettierForm collapses runs of blank lines, fixes empty headings and unpads tables, all within
// lines or tables. So if every part ends at a line end and no table can run from one part into the
// next, each part can be done on its own, and the runs of blank lines that meet where parts join
// are collapsed when they are joined.
import { compactTables, splitRow } from './markdown-table.js';

/**
 * `markdown` as prettier would print it (tables unpadded), or undefined when only prettier can say (see compactTables).
 */
export function toPrettierForm(markdown: string): string | undefined {
  return compactTables(collapseBlankLines(markdown.replace(/^\n+/, '').replace(/\n*$/, '\n')));
}

/** Runs of blank lines as one, and "#" alone for a heading with no text. */
function collapseBlankLines(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').replace(/^(#{1,6}) +$/gm, '$1');
}

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
