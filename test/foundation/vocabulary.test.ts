// Each closed word list of the definitions format is declared once, in src/runtime/core/vocabulary.ts (issue 32):
// the definitions schema, the IR, the emitters and the runtime read it from there. A second spelling-out
// of a whole list in src/ or scripts/ (a list literal or a union type of exactly its words) is a copy that
// the next new word would miss. The format words have their own home and check (format-vocabulary.test.ts).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.js';
import * as vocabulary from '../../src/runtime/core/vocabulary.js';

const HOME = 'src/runtime/core/vocabulary.ts';
const LISTS: [string, readonly string[]][] = Object.entries(vocabulary).filter((entry) => Array.isArray(entry[1]));

/** The runs of quoted words a text writes one after another, joined by commas or `|` (list literals, union types). */
export function quotedRuns(text: string): string[][] {
  const run = /(['"`])[\w-]+\1(?:\s*[,|]\s*(['"`])[\w-]+\2)+/g;
  return [...text.matchAll(run)].map((match) => [...match[0].matchAll(/['"`]([\w-]+)['"`]/g)].map((word) => word[1]!));
}

/** The lists a text spells out whole: a run of exactly a list's words, in any order. */
export function spelledOut(text: string): string[] {
  const runs = quotedRuns(text).map((words) => new Set(words));
  return LISTS.filter(([, words]) =>
    runs.some((run) => run.size === words.length && words.every((word) => run.has(word))),
  ).map(([name]) => name);
}

describe('the word lists of the definitions format', () => {
  it('finds a list spelled out again (the check can fail)', () => {
    expect(spelledOut("type Style = 'jsonapi' | 'success-envelope' | 'api-alias';")).toEqual(['INTERFACE_STYLES']);
    expect(spelledOut("z.enum(['SHA-256', 'MD5'])")).toEqual(['DIGEST_ALGORITHMS']);
    // A longer list is another list (Allow names HEAD too), and a switch over the words declares none.
    expect(spelledOut("const ALLOW = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];")).toEqual([]);
    expect(spelledOut("case 'to-one':\n  return 1;\ncase 'to-many':\n  return 2;")).toEqual([]);
  });

  it('are each declared in one file only', async () => {
    const files = await sourceFiles(['src', 'scripts']);
    const copies: string[] = [];
    for (const file of files) {
      if (file === HOME) continue;
      const lists = spelledOut(await readFile(file, 'utf8'));
      if (lists.length > 0) copies.push(`${file}: ${lists.join(', ')}`);
    }
    expect(copies).toEqual([]);
    expect(spelledOut(await readFile(HOME, 'utf8')).sort()).toEqual(LISTS.map(([name]) => name).sort());
  });
});
