// The linguist-generated line: created when missing, added once, other lines left alone.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureLinguistGenerated } from '../../src/output/gitattributes.js';
import { removeDir, tempDir } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-gitattributes-');
});
afterEach(async () => {
  await removeDir(dir);
});

const read = () => readFile(join(dir, '.gitattributes'), 'utf8');

describe('ensureLinguistGenerated', () => {
  it('creates .gitattributes when it is missing', async () => {
    expect(await ensureLinguistGenerated(dir, join(dir, 'generated'))).toBe('added');
    expect(await read()).toBe('generated/** linguist-generated=true\n');
  });

  it('adds the line once, however often it runs', async () => {
    await ensureLinguistGenerated(dir, join(dir, 'generated'));
    expect(await ensureLinguistGenerated(dir, join(dir, 'generated'))).toBe('present');
    expect(await read()).toBe('generated/** linguist-generated=true\n');
  });

  it('leaves other lines as they are, even without a final newline', async () => {
    await writeFile(join(dir, '.gitattributes'), '* text=auto\n*.png binary');
    await ensureLinguistGenerated(dir, join(dir, 'generated'));
    expect(await read()).toBe('* text=auto\n*.png binary\ngenerated/** linguist-generated=true\n');
  });

  it('keeps CRLF line endings', async () => {
    await writeFile(join(dir, '.gitattributes'), '* text=auto\r\n');
    await ensureLinguistGenerated(dir, join(dir, 'generated'));
    expect(await read()).toBe('* text=auto\r\ngenerated/** linguist-generated=true\r\n');
  });

  it.each(['/src/api/** linguist-generated', 'src/api/** -linguist-generated', 'src/api/**\tlinguist-generated=false'])(
    'respects an existing line for the folder: %s',
    async (line) => {
      await writeFile(join(dir, '.gitattributes'), `${line}\n`);
      expect(await ensureLinguistGenerated(dir, join(dir, 'src', 'api'))).toBe('present');
      expect(await read()).toBe(`${line}\n`);
    },
  );

  it('uses the path relative to the working directory, and quotes it when it has spaces', async () => {
    await ensureLinguistGenerated(dir, join(dir, 'packages', 'api', 'gen'));
    await ensureLinguistGenerated(dir, join(dir, 'my out'));
    await ensureLinguistGenerated(dir, join(dir, 'my out'));
    expect(await read()).toBe('packages/api/gen/** linguist-generated=true\n"my out/**" linguist-generated=true\n');
  });

  it('skips an output folder that git ignores (it never shows in a pull request)', async () => {
    execFileSync('git', ['init', '-q'], { cwd: dir });
    await writeFile(join(dir, '.gitignore'), 'scratch/\n');
    await mkdir(join(dir, 'scratch', 'out'), { recursive: true });
    expect(await ensureLinguistGenerated(dir, join(dir, 'scratch', 'out'))).toBe('skipped');
    expect(await ensureLinguistGenerated(dir, join(dir, 'generated'))).toBe('added');
    expect(await read()).toBe('generated/** linguist-generated=true\n');
  });

  it('skips an output folder outside the working directory', async () => {
    expect(await ensureLinguistGenerated(join(dir, 'app'), join(dir, 'generated'))).toBe('skipped');
    expect(await ensureLinguistGenerated(dir, dir)).toBe('skipped');
  });
});
