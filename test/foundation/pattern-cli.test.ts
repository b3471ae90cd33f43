// Issue 31, item 1, as a user meets it: `svcgen generate` over a definition with each dangerous
// pattern of the corpus fails with SVC108 at the field's place, says why and how, and writes nothing.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DANGEROUS, patternTypeYaml, SAFE, type CorpusPattern } from '../fixtures/patterns/corpus.js';
import { removeDir, runCli } from './helpers.js';
import { tempDir } from '../helpers/tree.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

async function project(patterns: readonly CorpusPattern[]): Promise<string> {
  const dir = await tempDir('svcgen-redos-');
  dirs.push(dir);
  await mkdir(join(dir, 'definitions'));
  const fields = patterns.map((p, i) => `      f${i}: ${patternTypeYaml(p)}`);
  await writeFile(
    join(dir, 'definitions', 'shop.yaml'),
    ['name: shop', 'records:', '  thing:', '    fields:', ...fields, ''].join('\n'),
  );
  return dir;
}

describe('svcgen generate with a pattern that can backtrack catastrophically', () => {
  it('fails with SVC108 at each field, saying why and how, and writes nothing', async () => {
    const dir = await project(DANGEROUS);
    const result = await runCli(['generate'], dir);
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.includes(' SVC108 '));
    expect(lines).toHaveLength(DANGEROUS.length);
    DANGEROUS.forEach(({ pattern, kind }, i) => {
      const line = lines[i]!;
      expect(line.startsWith(`definitions/shop.yaml:${5 + i}:7 SVC108 pattern ${JSON.stringify(pattern)} `)).toBe(true);
      expect(line).toContain(
        kind === 'exponential' ? 'can backtrack catastrophically' : 'backtracks in polynomial time',
      );
      expect(line).toContain('(expected ');
    });
    expect(result.stderr).toContain('nothing was written');
    expect(existsSync(join(dir, 'generated'))).toBe(false);
  });

  it('generates the safe patterns of the corpus', async () => {
    const dir = await project(SAFE);
    const result = await runCli(['generate'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
