// svcgen import as a user runs it: Petstore 3.0 imported and generated; exit codes, --force and --strict.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { listTree, removeDir, tempDir } from '../helpers/tree.js';

const PETSTORE = join(ROOT, 'node_modules/@readme/oas-examples/3.0/json/petstore.json');

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-cli-');
});
afterEach(async () => removeDir(dir));

describe('svcgen import', () => {
  it('imports Petstore 3.0 with a report and a summary, and the definitions generate', async () => {
    const imported = await runCli(['import', PETSTORE], dir);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe('svcgen: wrote definitions/swagger-petstore.yaml\nNext: svcgen generate\n');
    const lines = imported.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('imported: 2 of 20 operations exactly, 18 approximated, 0 dropped');
    expect(lines.filter((line) => /default|status/.test(line))).toEqual([]);
    const generated = await runCli(['generate', '--no-cache'], dir);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(await listTree(join(dir, 'generated', 'swagger-petstore'))).toContain('openapi.json');
  }, 120_000);

  it('refuses to overwrite without --force, and --force writes the same bytes', async () => {
    await runCli(['import', PETSTORE], dir);
    const file = join(dir, 'definitions/swagger-petstore.yaml');
    const first = await readFile(file, 'utf8');
    const again = await runCli(['import', PETSTORE], dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'definitions/swagger-petstore.yaml: exists; nothing was written (--force replaces it)',
    );
    const forced = await runCli(['import', PETSTORE, '--force'], dir);
    expect(forced.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(first);
  }, 120_000);

  it('--strict and an invalid document exit 1 and write nothing', async () => {
    const strict = await runCli(['import', PETSTORE, '--strict', '--name', 'pets'], dir);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/--strict: \d+ approximation\(s\); nothing was written/);
    await writeFile(join(dir, 'cut.json'), '{"openapi": "3.0.0", "paths": {');
    const cut = await runCli(['import', 'cut.json'], dir);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toBe(
      'cut.json:1:32: not valid JSON: the JSON ends too early\nsvcgen import: nothing was written\n',
    );
    expect(await listTree(dir)).toEqual(['cut.json']);
  }, 120_000);

  it('needs the document', async () => {
    const run = await runCli(['import'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('import needs the document: svcgen import <file>');
  });
});
