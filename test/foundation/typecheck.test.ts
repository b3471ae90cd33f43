// generated/ type-checks on its own under the strictest options a user may have, and the options
// really are in force (a control file that breaks only under them is refused).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ESM_STRICT_INDEXED, TYPE_ROOTS } from '../helpers/compiler-options.js';
import { listTree, removeDir, ROOT, runTsc as tsc } from './helpers.js';
import { tempDir } from '../helpers/tree.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map(removeDir)));

/** A tsconfig in a temporary folder that checks exactly `include` (absolute globs). */
async function tsconfigFor(include: readonly string[], { exactOptionalPropertyTypes = true } = {}): Promise<string> {
  const dir = await tempDir('svcgen-tsc-');
  temporary.push(dir);
  const path = join(dir, 'tsconfig.json');
  const compilerOptions = { ...ESM_STRICT_INDEXED, typeRoots: TYPE_ROOTS, exactOptionalPropertyTypes };
  await writeFile(path, JSON.stringify({ compilerOptions, include }, null, 2));
  return path;
}

describe('tsc over generated/', () => {
  // Most projects run strict without exactOptionalPropertyTypes; code that passes only with it is a bug there.
  it('checks without an error under plain strict too', async () => {
    const result = await tsc([
      '-p',
      await tsconfigFor([join(ROOT, 'generated/**/*.ts')], { exactOptionalPropertyTypes: false }),
    ]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('checks every generated .ts file without an error', async () => {
    const project = await tsconfigFor([join(ROOT, 'generated/**/*.ts')]);
    const listed = await tsc(['-p', project, '--listFilesOnly']);
    const generated = (await listTree(join(ROOT, 'generated')))
      .filter((path) => path.endsWith('.ts'))
      .map((path) => join(ROOT, 'generated', path));
    expect(
      listed.output
        .split('\n')
        .filter((line) => line.startsWith(join(ROOT, 'generated')))
        .sort(),
    ).toEqual(generated.sort());

    const result = await tsc(['-p', project]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it.each([
    {
      option: 'noUncheckedIndexedAccess',
      given: 'const list: number[] = [];\nexport const first: number = list[0];\n',
    },
    {
      option: 'exactOptionalPropertyTypes',
      given: 'const value: { a?: number } = { a: undefined };\nexport default value;\n',
    },
    { option: 'strict', given: 'export function twice(x) {\n  return x * 2;\n}\n' },
  ])(
    'refuses a control file that breaks only under $option',
    async ({ given }) => {
      const dir = await tempDir('svcgen-tsc-control-');
      temporary.push(dir);
      await writeFile(join(dir, 'control.ts'), given);
      const result = await tsc(['-p', await tsconfigFor([join(dir, '*.ts')])]);
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/control\.ts\(\d+,\d+\): error TS/);
    },
    120_000,
  );
});
