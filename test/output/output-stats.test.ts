// A no-op run trusts an output file whose stat has not changed since its hash was last known
// (src/output/output-stats.ts); any edit to a generated file is still seen and undone.
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { unseal } from '../../src/output/sealed.js';
import { generate } from '../../src/pipeline.js';
import { tempDir } from '../helpers/tree.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function setUp(): Promise<{ dir: string; run: () => ReturnType<typeof generate> }> {
  const dir = await tempDir('svcgen-output-stats-');
  temporary.push(dir);
  await synthesize(2, join(dir, 'definitions'));
  const run = () =>
    generate({ cwd: dir, definitionsDir: join(dir, 'definitions'), outDir: join(dir, 'out'), gitattributes: false });
  expect((await run()).ok).toBe(true);
  return { dir, run };
}

describe('no-op runs and the recorded output stats', () => {
  it('a second run finds the output up to date, and records the stats it checked', async () => {
    const { dir, run } = await setUp();
    const result = await run();
    expect(result.ok && result.upToDate).toBe(true);
    const statsDir = join(dir, 'node_modules/.cache/svcgen/output-stats');
    const [statsFile] = await readdir(statsDir);
    const stats = JSON.parse(unseal(await readFile(join(statsDir, statsFile ?? ''), 'utf8')) ?? '') as {
      files: object;
    };
    expect(Object.keys(stats.files)).toContain('admin-api/types.ts');
  });

  it('an edit that keeps size and mtime is still seen, and the file is restored', async () => {
    const { dir, run } = await setUp();
    const file = join(dir, 'out', 'admin-api', 'types.ts');
    const original = await readFile(file, 'utf8');
    const before = await stat(file);
    // Same length, same mtime: only the content (and the ctime, which no tool can set) changes.
    await writeFile(file, original.replace('export', 'EXPORT'));
    await utimes(file, before.atime, before.mtime);
    expect((await stat(file)).size).toBe(before.size);
    const result = await run();
    expect(result.ok && !result.upToDate && result.written).toEqual(['admin-api/types.ts']);
    expect(await readFile(file, 'utf8')).toBe(original);
    const again = await run();
    expect(again.ok && again.upToDate).toBe(true);
  });

  it('a deleted output file is written again', async () => {
    const { dir, run } = await setUp();
    const file = join(dir, 'out', 'admin-api', 'README.md');
    const original = await readFile(file, 'utf8');
    await rm(file);
    const result = await run();
    expect(result.ok && !result.upToDate && result.written).toEqual(['admin-api/README.md']);
    expect(await readFile(file, 'utf8')).toBe(original);
  });

  it('a run after a definition change links untouched files into the new tree, and rewrites an edited one', async () => {
    const { dir, run } = await setUp();
    // File times tick coarsely (about 4 ms on Linux): a file written in the same tick as the stat
    // record is "racy", never trusted, and rightly written again. A no-op a few ticks later hashes
    // such files and records them anew, so the untouched file below is trusted.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await run()).ok).toBe(true);
    const untouched = join(dir, 'out', 'store-api', 'types.ts');
    const edited = join(dir, 'out', 'banner-api', 'types.ts');
    const original = await readFile(edited, 'utf8');
    const before = await stat(edited);
    await writeFile(edited, original.replace('export', 'EXPORT'));
    await utimes(edited, before.atime, before.mtime);
    const inode = (await stat(untouched)).ino;
    // One Admin API entity changes: neither file's content does.
    await synthesize(2, join(dir, 'definitions'), 1);
    const result = await run();
    expect(result.ok && result.written).not.toContain('banner-api/types.ts');
    expect(await readFile(edited, 'utf8')).toBe(original);
    expect((await stat(untouched)).ino).toBe(inode);
  });
});
