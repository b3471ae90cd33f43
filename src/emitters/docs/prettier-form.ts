// The Markdown of svcgen's own docs templates in the form prettier prints it, without running
// prettier (it formats about 100-200 KB/s, the largest cost of a cold run), except that tables
// stay unpadded (markdown-table.ts). What the templates leave to do is put the tables in that form
// and drop the extra blank lines that absent values and partials leave; the text inside is already
// in prettier's form (markdown.ts). test/docs/prettier-form.test.ts holds this to prettier's output.
import { compactTables } from './markdown-table.js';

/**
 * `markdown` as prettier would print it (tables unpadded), or undefined when only prettier can say (see compactTables).
 */
export function toPrettierForm(markdown: string): string | undefined {
  return compactTables(collapseBlankLines(markdown.replace(/^\n+/, '').replace(/\n*$/, '\n')));
}

/** Runs of blank lines as one, and "#" alone for a heading with no text. */
export function collapseBlankLines(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').replace(/^(#{1,6}) +$/gm, '$1');
}
