// Lines up GFM tables the way prettier prints them, so the docs need no prettier run: every
// column as wide as its widest cell (at least 3, prettier's "---"), cells padded to it by the
// alignment of the delimiter row, the delimiter row's dashes filling the width. Cell text is
// kept as written: the docs' cell text is already in the form prettier prints (see markdown.ts).
import { displayWidth } from './display-width.js';

type Align = 'left' | 'right' | 'center' | 'none';

interface Cell {
  readonly text: string;
  readonly width: number;
}

const DELIMITER_CELL = /^:?-+:?$/;

/**
 * `markdown` with every table aligned, or undefined when a table has a cell whose width we
 * cannot count as prettier does, or a row that GFM would continue past where we stop.
 */
export function alignTables(markdown: string): string | undefined {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const header = splitRow(lines[index] as string);
    const delimiter = index + 1 < lines.length ? splitRow(lines[index + 1] as string) : undefined;
    const isTable = header && delimiter && delimiter.length === header.length && delimiter.every((cell) => DELIMITER_CELL.test(cell));
    if (!isTable) {
      out.push(lines[index] as string);
      index += 1;
      continue;
    }
    const rows = [header];
    let next = index + 2;
    for (let row = splitRow(lines[next] ?? ''); row; row = splitRow(lines[next] ?? '')) {
      rows.push(row);
      next += 1;
    }
    // GFM would read a following text line as one more row (a lazy row): leave such a page to prettier.
    if (next < lines.length && trimSpaces(lines[next] as string) !== '') return undefined;
    const table = printTable(rows, delimiter.map(alignOf));
    if (table === undefined) return undefined;
    out.push(...table);
    index = next;
  }
  return out.join('\n');
}

function printTable(rows: readonly (readonly string[])[], aligns: readonly Align[]): string[] | undefined {
  const cells: Cell[][] = [];
  const widths: number[] = [];
  for (const row of rows) {
    const printed: Cell[] = [];
    for (const [column, text] of row.entries()) {
      const width = displayWidth(text);
      if (width === undefined) return undefined;
      widths[column] = Math.max(widths[column] ?? 3, width);
      printed.push({ text, width });
    }
    cells.push(printed);
  }
  const line = (parts: readonly string[]) => `| ${parts.join(' | ')} |`;
  const pad = (cell: Cell, column: number) => {
    const spaces = (widths[column] as number) - cell.width;
    const align = aligns[column] ?? 'none';
    const before = align === 'right' ? spaces : align === 'center' ? Math.floor(spaces / 2) : 0;
    return `${' '.repeat(before)}${cell.text}${' '.repeat(spaces - before)}`;
  };
  // Only the header's columns get a delimiter: a row with more cells must not change the table's shape.
  const delimiter = aligns.map((align, column) => {
    const width = widths[column] as number;
    return `${align === 'left' || align === 'center' ? ':' : '-'}${'-'.repeat(width - 2)}${align === 'right' || align === 'center' ? ':' : '-'}`;
  });
  const [header, ...body] = cells as [Cell[], ...Cell[][]];
  return [line(header.map(pad)), line(delimiter), ...body.map((row) => line(row.map(pad)))];
}

/**
 * The trimmed cells of a table row (a line starting with "|"), split as GFM splits them: a
 * backslash takes the next "|" or "\" with it, so "\|" stays in its cell; code spans do not.
 */
export function splitRow(line: string): string[] | undefined {
  const text = trimSpaces(line);
  if (!text.startsWith('|')) return undefined;
  const cells: string[] = [];
  let cell = '';
  for (let at = 1; at < text.length; at += 1) {
    const char = text[at] as string;
    if (char === '\\' && (text[at + 1] === '|' || text[at + 1] === '\\')) {
      cell += char + text[at + 1];
      at += 1;
    } else if (char === '|') {
      cells.push(trimSpaces(cell));
      cell = '';
    } else {
      cell += char;
    }
  }
  if (trimSpaces(cell) !== '') cells.push(trimSpaces(cell));
  return cells;
}

/** GFM trims spaces and tabs around cells, not other white space (a cell may start with U+3000). */
function trimSpaces(text: string): string {
  return text.replace(/^[ \t]+|[ \t]+$/g, '');
}

function alignOf(cell: string): Align {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  return left && right ? 'center' : left ? 'left' : right ? 'right' : 'none';
}
