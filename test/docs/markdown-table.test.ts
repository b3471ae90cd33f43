// The table aligner prints tables exactly as prettier does, on the cells that are hard to measure.
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { alignTables, splitRow } from '../../src/emitters/docs/markdown-table.js';
import { PRETTIER_OPTIONS } from '../../src/output/format.js';

const prettierMarkdown = (text: string) => prettier.format(text, { ...PRETTIER_OPTIONS, filepath: 'x.md' });
const table = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('alignTables', () => {
  it.each([
    { name: 'CJK and full-width text', text: table('| Name | Note |', '| --- | --- |', '| 中文 | 日本語のテキスト |', '| 한국어 | ｱｲｳ (half width) and ＡＢＣ |') },
    { name: 'emoji', text: table('| Emoji | Kind |', '| --- | --- |', '| 😀 | presentation |', '| 👍🏽 | skin tone |', '| 🇩🇪 | flag |', '| ©️ ❤ ❤️ | selector |', '| 1️⃣ #⃣ | keycap |', '| ☝ ✌ | wide text style |') },
    { name: 'combining marks and invisible characters', text: table('| a | b |', '| --- | --- |', '| e\u0301e\u0300 | a\u200bb |', '| ﾞ〰 | x\u00a0y |') },
    { name: 'escaped pipes', text: table('| Text | Code |', '| --- | --- |', '| a \\| b | `x\\|y` |', '| \\\\\\| | `|` |') },
    { name: 'a backslash before a pipe in a code span (GFM ends the cell there)', text: table('| Code |', '| --- |', '| `a\\\\|b` |') },
    { name: 'empty cells and an empty header', text: table('| | |', '| --- | --- |', '| Base path | |', '|  | x |') },
    { name: 'a column wider than the print width', text: table('| Key | Value |', '| --- | --- |', `| long | ${'word '.repeat(40).trim()} |`, '| short | x |') },
    { name: 'alignment colons', text: table('| l | c | r | n |', '|:---|:-:|--:|---|', '| 1 | 2 | 3 | 4 |', '| 中文中文 | 中文中文中 | 中文 | x |') },
    { name: 'rows with fewer or more cells than the header', text: table('| a | b |', '| --- | --- |', '| 1 |', '| 1 | 2 | 3 |') },
    { name: 'two tables and the text around them', text: table('# Title', '', '| a |', '| --- |', '| 1 |', '', 'Text | with a pipe.', '', '| b | c |', '| - | - |', '| 2 | 3 |') },
  ])('$name: prettier prints the same', async ({ text }) => {
    const aligned = alignTables(text);
    expect(aligned).toBe(await prettierMarkdown(text));
    expect(await prettierMarkdown(aligned as string)).toBe(aligned);
  });

  it.each([
    { name: 'an emoji joined by zero-width joiners', text: table('| a |', '| --- |', '| 👨‍👩‍👧 |') },
    { name: 'a subdivision flag (tag sequence)', text: table('| a |', '| --- |', '| 🏴󠁧󠁢󠁳󠁣󠁴󠁿 |') },
    { name: 'a text line right under a table (GFM reads it as a row)', text: table('| a |', '| --- |', '| 1 |', 'more') },
  ])('leaves $name to prettier', ({ text }) => {
    expect(alignTables(text)).toBeUndefined();
  });

  it('splits cells as GFM does', () => {
    expect(splitRow('| a \\| b | `c\\|d` | |')).toEqual(['a \\| b', '`c\\|d`', '']);
    expect(splitRow('| a\\\\| b |')).toEqual(['a\\\\', 'b']);
    expect(splitRow('text | not a row')).toBeUndefined();
  });
});
