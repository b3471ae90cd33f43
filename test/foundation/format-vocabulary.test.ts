// The format words are declared once, in src/ir/formats.ts (issue 32): a second table or list of them
// anywhere in src/ or scripts/ is a copy that the next new format would miss. A file that names three
// or more format words as string literals or object keys is such a copy.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.js';
import { INTEGER_FORMATS, STRING_FORMATS } from '../../src/ir/formats.js';

const HOME = 'src/ir/formats.ts';
const WORDS = [...STRING_FORMATS, ...INTEGER_FORMATS];

/** The format words a text declares: as 'quoted' or "quoted" literals, or as object keys. */
export function declaredWords(text: string): string[] {
  return WORDS.filter((word) => {
    const escaped = word.replace(/[-]/g, '\\-');
    return new RegExp(`['"\`]${escaped}['"\`]|^\\s*${escaped}\\s*:`, 'm').test(text);
  });
}

describe('the format vocabulary', () => {
  it('finds a copy of the list (the check can fail)', () => {
    expect(declaredWords("const FORMATS = ['hex-id', 'uri', 'email'];")).toEqual(['hex-id', 'uri', 'email']);
    expect(declaredWords('const T = {\n  uuid: 1,\n  ipv4: 2,\n  int32: 3,\n};')).toEqual(['uuid', 'ipv4', 'int32']);
  });

  it('is declared in one file only', async () => {
    const files = await sourceFiles(['src', 'scripts']);
    const copies: string[] = [];
    for (const file of files) {
      if (file === HOME) continue;
      const words = declaredWords(await readFile(file, 'utf8'));
      if (words.length >= 3) copies.push(`${file}: ${words.join(', ')}`);
    }
    expect(copies).toEqual([]);
    expect(declaredWords(await readFile(HOME, 'utf8'))).toEqual(WORDS);
  });
});
