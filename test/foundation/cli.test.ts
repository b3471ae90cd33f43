// The CLI as a user runs it: `node dist/cli.js` (run `npm run build` first) in a temporary copy
// of definitions/ and generated/, judged by exit code, output and the bytes left on disk.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashTree, listTree, removeDir, ROOT, runCli, tempCopy } from './helpers.js';

const SLOW = 180_000;

let dir: string;
beforeEach(async () => {
  dir = await tempCopy();
});
afterEach(async () => {
  await removeDir(dir);
});

/** Changes one ASCII letter in the middle of a file to another letter. */
async function changeOneByte(path: string): Promise<void> {
  const bytes = await readFile(path);
  let index = Math.floor(bytes.length / 2);
  while (index < bytes.length && !/[A-Za-z]/.test(String.fromCharCode(bytes[index] ?? 0))) index += 1;
  bytes[index] = bytes[index] === 0x61 ? 0x62 : 0x61;
  await writeFile(path, bytes);
}

describe('svcgen check', () => {
  it('exits 0 on the committed output', { timeout: SLOW }, async () => {
    const result = await runCli(['check'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('matches the definitions');
  });

  it('exits 1 and names the one file whose byte changed', { timeout: SLOW }, async () => {
    await changeOneByte(join(dir, 'generated/banner-api/schemas.ts'));
    const result = await runCli(['check'], dir);
    expect(result.code).toBe(1);
    const named = result.stderr.split('\n').filter((line) => /^\s+(changed|missing|extra):/.test(line));
    expect(named).toEqual(['  changed: banner-api/schemas.ts']);
  });

  it('names every generated file when each has one byte changed', { timeout: SLOW }, async () => {
    const files = (await listTree(join(dir, 'generated'))).filter((path) => !path.startsWith('.'));
    expect(files.length).toBeGreaterThan(10);
    for (const path of files) await changeOneByte(join(dir, 'generated', path));
    const result = await runCli(['check'], dir);
    expect(result.code).toBe(1);
    const named = result.stderr
      .split('\n')
      .filter((line) => line.startsWith('  changed: '))
      .map((line) => line.slice('  changed: '.length));
    expect(named).toEqual(files);
  });

  it('exits 1 and names a generated file that was deleted', { timeout: SLOW }, async () => {
    await rm(join(dir, 'generated/shared/types.ts'));
    const result = await runCli(['check'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('  missing: shared/types.ts');
  });
});

describe('a misspelt field type', () => {
  /** Misspells the first `type: integer` of banner-api.yaml; returns its line and the column of the value. */
  async function misspell(): Promise<{ line: number; column: number }> {
    const path = join(dir, 'definitions/banner-api.yaml');
    const lines = (await readFile(path, 'utf8')).split('\n');
    const index = lines.findIndex((line) => /^\s+type: integer$/.test(line));
    lines[index] = (lines[index] as string).replace('integer', 'integr');
    await writeFile(path, lines.join('\n'));
    return { line: index + 1, column: (lines[index] as string).indexOf('integr') + 1 };
  }

  it.each(['generate', 'check'])(
    'makes `%s` exit 1 at file:line:col, leaving the output untouched',
    async (command) => {
      const { line, column } = await misspell();
      const before = await hashTree(join(dir, 'generated'));
      const result = await runCli([command], dir);
      expect(result.code).toBe(1);
      expect(result.stderr.split('\n')[0]).toMatch(
        new RegExp(
          `^definitions/banner-api\\.yaml:${line}:${column} SVC104 unknown field type "integr" \\(did you mean "integer"\\? expected `,
        ),
      );
      expect(result.stdout).toBe('');
      expect(await hashTree(join(dir, 'generated'))).toEqual(before);
    },
    SLOW,
  );
});

describe('arguments', () => {
  it('--help prints the usage and exits 0', async () => {
    const result = await runCli(['--help'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: svcgen <command>');
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = await runCli(['--version'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${version}\n`);
  });

  it.each([
    { given: ['check', '--frobnicate'], want: 'unknown option --frobnicate' },
    { given: ['frobnicate'], want: 'unknown command frobnicate' },
    { given: [], want: 'missing command' },
    { given: ['check', '--out'], want: '--out needs a value' },
  ])('$given exits 2: $want', async ({ given, want }) => {
    const before = await hashTree(join(dir, 'generated'));
    const result = await runCli(given, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(want);
    expect(await hashTree(join(dir, 'generated'))).toEqual(before);
  });
});

describe('a rerun of generate', () => {
  it('deletes what it wrote and no longer produces, and nothing it did not write', { timeout: SLOW }, async () => {
    const out = join(dir, 'generated');
    const first = await runCli(['generate'], dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    await writeFile(join(out, 'README.md'), 'Written by hand.\n');
    await writeFile(join(out, 'banner-api/NOTES.md'), 'Also by hand, beside generated files.\n');
    const before = await hashTree(out);
    const manifest = (await readFile(join(out, '.svcgen-manifest'), 'utf8')).split('\n');
    const fromBanner = manifest.filter((path) => path.startsWith('banner-api/'));
    expect(fromBanner).toEqual(expect.arrayContaining(['banner-api/schemas.ts', 'banner-api/types.ts']));

    await rm(join(dir, 'definitions/banner-api.yaml'));
    const result = await runCli(['generate'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    const after = await hashTree(out);
    const gone = Object.keys(before).filter((path) => !(path in after));
    expect(gone).toEqual(fromBanner);
    expect(after['README.md']).toBe(before['README.md']);
    expect(after['banner-api/NOTES.md']).toBe(before['banner-api/NOTES.md']);
    expect(Object.keys(after).filter((path) => !(path in before))).toEqual([]);
    // check names the hand-written files: they are in the output folder, but not svcgen's.
    const check = await runCli(['check'], dir);
    expect(check.code).toBe(1);
    expect(check.stderr.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      '  extra:   README.md (not written by svcgen)',
      '  extra:   banner-api/NOTES.md (not written by svcgen)',
    ]);
  });
});
