// Files that skip the formatter still leave with line feeds only and a final line feed.
import { describe, expect, it } from 'vitest';
import { formatFiles } from '../../src/output/format.js';

const unformatted = (path: string, content: string) => ({ path, content, format: false, source: 'test' });

describe('formatFiles without the formatter', () => {
  it('turns CRLF and lone CR line ends into LF and ends every file with one', async () => {
    const files = await formatFiles([
      unformatted('a.md', 'one\r\ntwo\rthree'),
      unformatted('b.md', 'plain\nlines'),
      unformatted('c.md', 'done\n'),
    ]);
    expect(files).toEqual([
      { path: 'a.md', content: 'one\ntwo\nthree\n' },
      { path: 'b.md', content: 'plain\nlines\n' },
      { path: 'c.md', content: 'done\n' },
    ]);
  });
});
