// Every command works from a subfolder of the project: the config is found upward from the working
// directory (as git and prettier find theirs), and its paths are relative to its own folder.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_DEFINITION, removeDir, runCli, tempDir, writeText } from './helpers.js';

const SLOW = 120_000;
let dir: string | undefined;

afterEach(async () => {
  if (dir) await removeDir(dir);
  dir = undefined;
});

describe('run from a subfolder', () => {
  it('finds svcgen.config.yaml upward and resolves its folders from the config', { timeout: SLOW }, async () => {
    dir = await tempDir('svcgen-subfolder-');
    await writeText(join(dir, 'svcgen.config.yaml'), 'definitions: api/definitions\noutput: src/generated\n');
    await writeText(join(dir, 'api', 'definitions', 'shop.yaml'), BASE_DEFINITION);
    const deep = join(dir, 'src', 'handlers', 'orders');
    await mkdir(deep, { recursive: true });

    const generated = await runCli(['generate'], deep);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/wrote \d+ file\(s\), deleted 0 in \.\.\/\.\.\/generated/);
    expect(await readFile(join(dir, 'src', 'generated', 'shop', 'types.ts'), 'utf8')).toContain('export interface');

    const checked = await runCli(['check'], join(dir, 'api'));
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toBe('svcgen: ../src/generated matches the definitions\n');
    // The same output as a run from the project folder: file headers name paths from the config's folder.
    expect((await runCli(['generate'], dir)).stdout).toBe('svcgen: src/generated is up to date\n');
  });

  it('without a config, uses the folder holding package.json', { timeout: SLOW }, async () => {
    dir = await tempDir('svcgen-subfolder-');
    await writeFile(join(dir, 'package.json'), '{ "name": "team-service", "type": "module" }\n');
    await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
    await mkdir(join(dir, 'src'));
    const generated = await runCli(['generate'], join(dir, 'src'));
    expect(generated.code, generated.stderr).toBe(0);
    expect(await readFile(join(dir, 'generated', '.svcgen-manifest'), 'utf8')).toContain('shop/types.ts');
    const checked = await runCli(['check'], join(dir, 'definitions'));
    expect(checked.code, checked.stderr).toBe(0);
    // The cache lives in the project's node_modules, not in the subfolder.
    expect((await stat(join(dir, 'node_modules', '.cache', 'svcgen', 'runs'))).isDirectory()).toBe(true);
    await expect(stat(join(dir, 'src', 'node_modules'))).rejects.toThrow(/ENOENT/);
  });
});
