// `svcgen init` as a new user runs it: in an empty folder, then generate, then check.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from './helpers.js';

const SLOW = 180_000;

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-init-');
});
afterEach(async () => {
  await removeDir(dir);
});

describe('svcgen init', () => {
  it('sets up an empty folder so that generate and check work', { timeout: SLOW }, async () => {
    const init = await runCli(['init'], dir);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('wrote svcgen.config.yaml, definitions/todo-api.yaml');

    const sample = await readFile(join(dir, 'definitions', 'todo-api.yaml'), 'utf8');
    expect(sample.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../node_modules/svcgen/schema/svcgen-definitions.schema.json',
    );
    expect(await readFile(join(dir, 'svcgen.config.yaml'), 'utf8')).toContain('output: generated');
    expect(await readFile(join(dir, '.gitattributes'), 'utf8')).toBe('generated/** linguist-generated=true\n');

    const generate = await runCli(['generate'], dir);
    expect(generate.stderr).toBe('');
    expect(generate.code).toBe(0);
    expect(generate.stdout).toMatch(/wrote \d+ file\(s\), deleted 0 in generated/);
    const types = await readFile(join(dir, 'generated', 'todo-api', 'types.ts'), 'utf8');
    expect(types).toContain('export interface Task');

    const check = await runCli(['check'], dir);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('generated matches the definitions');
    // generate keeps the line, never duplicates it.
    expect(await readFile(join(dir, '.gitattributes'), 'utf8')).toBe('generated/** linguist-generated=true\n');
  });

  it('refuses to overwrite, exit 1, and writes nothing', async () => {
    await writeFile(join(dir, 'svcgen.config.yaml'), 'output: out\n');
    const result = await runCli(['init'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'svcgen: svcgen.config.yaml already exists; init never overwrites a file (nothing was written)\n',
    );
    expect(await readFile(join(dir, 'svcgen.config.yaml'), 'utf8')).toBe('output: out\n');
    await expect(readFile(join(dir, 'definitions', 'todo-api.yaml'))).rejects.toThrow();
    await expect(readFile(join(dir, '.gitattributes'))).rejects.toThrow();
  });

  it('refuses a second init in the same folder', async () => {
    expect((await runCli(['init'], dir)).code).toBe(0);
    const again = await runCli(['init'], dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('svcgen.config.yaml and definitions/todo-api.yaml already exist');
  });

  it('appends to an existing .gitattributes', async () => {
    await writeFile(join(dir, '.gitattributes'), '*.png binary\n');
    expect((await runCli(['init'], dir)).code).toBe(0);
    expect(await readFile(join(dir, '.gitattributes'), 'utf8')).toBe(
      '*.png binary\ngenerated/** linguist-generated=true\n',
    );
  });
});
