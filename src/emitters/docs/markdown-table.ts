// GFM tables in the docs' own form: unpadded, `| a | b |` rows under a `| --- | --- |` delimiter row.
// prettier pads every column to its widest cell, so one longer field name would rewrite every row
// of a table in a pull request; unpadded, a change touches its own row only. Everything else on a
// page is in prettier's form (markdown.ts, prettier-form.ts).

const DELIMITER_CELL = /^:?-+:?$/;

/**
 * `markdown` with every table unpadded, or undefined when a text line right under a table would be
 * read by GFM as one more row (such a page is left to prettier).
 */
export function compactTables(markdown: string): string | undefined {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const header = splitRow(lines[index] as string);
    const delimiter = index + 1 < lines.length ? splitRow(lines[index + 1] as string) : undefined;
    const isTable =
      header && delimiter && delimiter.length === header.length && delimiter.every((cell) => DELIMITER_CELL.test(cell));
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
    if (next < lines.length && trimSpaces(lines[next] as string) !== '') return undefined;
    const [head, ...body] = rows as [string[], ...string[][]];
    out.push(printRow(head), printRow(delimiter.map(shortDelimiter)), ...body.map(printRow));
    index = next;
  }
  return out.join('\n');
}

function printRow(cells: readonly string[]): string {
  return `|${cells.map((cell) => (cell === '' ? ' |' : ` ${cell} |`)).join('')}`;
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

/** A delimiter cell as three dashes, its alignment colons kept ("---", ":---", "---:", ":---:"). */
function shortDelimiter(cell: string): string {
  return `${cell.startsWith(':') ? ':' : ''}---${cell.endsWith(':') ? ':' : ''}`;
}
