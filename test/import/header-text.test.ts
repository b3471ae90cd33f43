// svcgen import narrows a header that declares values no header carries (SVC240) and reports each change: the
// imported definitions generate, and a header keeps every value it could send.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { narrowedPattern } from '../../src/import/header-text.js';
import { unsendableMatch } from '../../src/ir/header-text.js';
import { patternRegExp } from '../../src/ir/pattern-regexp.js';
import { unsendableHeaderText } from '../../src/runtime/core/header-text.js';
import { removeDir, tempDir } from '../helpers/tree.js';
import { importAndGenerate } from './import-and-generate.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-header-text-');
});
afterEach(async () => removeDir(dir));

describe('header text on import', () => {
  it.each(['^\\p{Lu}\\p{Ll}{1,5}$', '[a-z]+$', '^a|b$', '^.*$'])(
    'the importer narrows %s to header text',
    (pattern) => {
      const narrowed = narrowedPattern(pattern);
      expect(unsendableMatch(narrowed)).toBeUndefined();
      const regexp = patternRegExp(narrowed);
      for (const value of ['Ab', 'xa', 'a', 'b', 'Ābc', 'Āa', 'a\nb'])
        expect(regexp.test(value), value).toBe(patternRegExp(pattern).test(value) && !unsendableHeaderText(value));
    },
  );

  it('narrows a header pattern, drops enum values and a default no header carries, and reports each', async () => {
    const file = join(dir, 'api.yaml');
    await writeFile(
      file,
      `openapi: 3.1.0
info: { title: Headers, version: '1' }
paths:
  /items:
    get:
      operationId: listItems
      parameters:
        - { name: X-Trace, in: header, schema: { type: string, pattern: '^\\p{Lu}\\p{Ll}{1,5}$' } }
        - { name: X-Lang, in: header, schema: { type: string, enum: [de, 日本語], default: 日本語 } }
        - { name: q, in: query, schema: { type: string, pattern: '^\\p{L}+$' } }
      responses:
        '200':
          description: ok
          headers:
            X-Name: { schema: { type: string, pattern: '^.+$' } }
`,
    );
    const { result, diagnostics } = await importAndGenerate(dir, file);
    expect(diagnostics).toEqual([]);
    const route = parse(await readFile(result.path, 'utf8')).routes.listItems;
    expect(route.headers['X-Trace'].pattern).toBe('(?=[\\t\\x20-\\x7e\\x80-\\xff]*$)(?:^\\p{Lu}\\p{Ll}{1,5}$)');
    expect(route.headers['X-Lang']).toMatchObject({ type: 'enum', values: ['de'] });
    expect(route.headers['X-Lang'].default).toBeUndefined();
    expect(route.query.q.pattern).toBe('^\\p{L}+$');
    expect(result.lines).toContainEqual(expect.stringContaining('default "日本語": not kept'));
    const notes = result.lines.filter((line: string) => line.includes('no header carries'));
    expect(notes).toEqual([
      expect.stringContaining('header X-Trace: pattern "^\\\\p{Lu}\\\\p{Ll}{1,5}$" narrowed'),
      expect.stringContaining('header X-Lang: enum values "日本語" left out'),
      expect.stringContaining('response header X-Name: pattern "^.+$" narrowed'),
    ]);
  });
});
