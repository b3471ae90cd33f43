// Tables in the docs are unpadded, so a longer cell changes its own row only (issue 22).
import { describe, expect, it } from 'vitest';
import { compactTables, splitRow } from '../../src/emitters/docs/markdown-table.js';

const table = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('compactTables', () => {
  it.each([
    {
      given: 'a table padded as prettier pads it',
      text: table('| Name  | Type   |', '| ----- | ------ |', '| `id`  | string |', '| title | string |'),
      want: table('| Name | Type |', '| --- | --- |', '| `id` | string |', '| title | string |'),
    },
    {
      given: 'empty cells and an empty header',
      text: table('|  |   |', '| - | --- |', '| Base path |  |'),
      want: table('| | |', '| --- | --- |', '| Base path | |'),
    },
    {
      given: 'alignment colons',
      text: table('| l | c | r | n |', '|:---|:-:|--:|---|', '| 1 | 2 | 3 | 4 |'),
      want: table('| l | c | r | n |', '| :--- | :---: | ---: | --- |', '| 1 | 2 | 3 | 4 |'),
    },
    {
      given: 'escaped pipes, kept in their cells',
      text: table('| Text | Code |', '| --- | --- |', '| a \\| b | `x\\|y` |'),
      want: table('| Text | Code |', '| --- | --- |', '| a \\| b | `x\\|y` |'),
    },
    {
      given: 'two tables and the text around them',
      text: table(
        '# Title',
        '',
        '| a |',
        '|---|',
        '| 1 |',
        '',
        'Text | with a pipe.',
        '',
        '| b  | c |',
        '| -- | - |',
        '| 2  | 3 |',
      ),
      want: table(
        '# Title',
        '',
        '| a |',
        '| --- |',
        '| 1 |',
        '',
        'Text | with a pipe.',
        '',
        '| b | c |',
        '| --- | --- |',
        '| 2 | 3 |',
      ),
    },
  ])('$given', ({ text, want }) => {
    expect(compactTables(text)).toBe(want);
    expect(compactTables(want)).toBe(want);
  });

  it('a longer cell changes its own row only', () => {
    const before = compactTables(
      table('| Field | Type |', '| --- | --- |', '| id | string |', '| title | string |'),
    ) as string;
    const after = compactTables(
      table('| Field | Type |', '| --- | --- |', '| id | string |', '| aMuchLongerFieldName | string |'),
    ) as string;
    const changed = before.split('\n').filter((line, index) => line !== after.split('\n')[index]);
    expect(changed).toEqual(['| title | string |']);
  });

  it('leaves a table that GFM would continue into the next text line to prettier', () => {
    expect(compactTables(table('| a |', '| --- |', '| 1 |', 'more'))).toBeUndefined();
  });

  it('splits cells as GFM does', () => {
    expect(splitRow('| a \\| b | `c\\|d` | |')).toEqual(['a \\| b', '`c\\|d`', '']);
    expect(splitRow('| a\\\\| b |')).toEqual(['a\\\\', 'b']);
    expect(splitRow('text | not a row')).toBeUndefined();
  });
});
