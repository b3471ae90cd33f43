// The memo store (printed statements and other rendered parts): a run that reuses remembered
// results writes exactly what a run without any cache writes, and a store from another generator
// or a damaged file is ignored.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { generate } from '../../src/generate.js';
import { memo, startMemo, usedMemo } from '../../src/emitters/shared/memo.js';
import { readMemo, writeMemo } from '../../src/output/memo-file.js';
import { listTree } from '../foundation/helpers.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tree(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const path of await listTree(dir)) if (!path.endsWith('.svcgen-manifest.json')) files[path] = await readFile(join(dir, path), 'utf8');
  return files;
}

describe('memo store', () => {
  it('a rerun after one entity changed writes what a run without cache writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-'));
    temporary.push(dir);
    const definitions = join(dir, 'definitions');
    const run = (outDir: string, cache: boolean) => generate({ cwd: dir, definitionsDir: definitions, outDir: join(dir, outDir), cache, gitattributes: false });
    await synthesize(6, definitions);
    expect((await run('out', true)).ok).toBe(true);
    const cacheFile = join(dir, 'node_modules/.cache/svcgen/memo.json');
    const keys = async () => new Set((JSON.parse(await readFile(cacheFile, 'utf8')) as { entries: [string, string][] }).entries.map(([key]) => key));
    const before = await keys();
    expect(before.size).toBeGreaterThan(100);

    await synthesize(6, definitions, 1);
    expect((await run('out', true)).ok).toBe(true);
    // Most statements and parts are the same as before the change, so their remembered layouts were there to reuse.
    const after = await keys();
    const kept = [...after].filter((key) => before.has(key)).length;
    expect(kept / after.size).toBeGreaterThan(0.9);
    expect(kept).toBeLessThan(after.size);
    expect((await run('fresh', false)).ok).toBe(true);
    expect(await tree(join(dir, 'out'))).toEqual(await tree(join(dir, 'fresh')));
  }, 60_000);

  it('ignores a cache written by another generator, and a damaged file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
    temporary.push(dir);
    await writeMemo(dir, 'svcgen 1+aaaa', [['key', 'text']]);
    expect(await readMemo(dir, 'svcgen 1+aaaa')).toEqual([['key', 'text']]);
    expect(await readMemo(dir, 'svcgen 1+bbbb')).toEqual([]);
    await writeFile(join(dir, 'memo.json'), '{"generator":"svcgen 1+aaaa","entries":[["key",');
    expect(await readMemo(dir, 'svcgen 1+aaaa')).toEqual([]);
    await writeFile(join(dir, 'memo.json'), '{"generator":"svcgen 1+aaaa","entries":[["key"],"x",["ok","fine"],["n",7]]}');
    expect(await readMemo(dir, 'svcgen 1+aaaa')).toEqual([
      ['ok', 'fine'],
      ['n', 7],
    ]);
  });

  it('computes once per input, and every time when a run is told not to use caches', () => {
    let calls = 0;
    const render = () => `text ${++calls}`;
    startMemo([]);
    expect([memo('k', { a: 1 }, render), memo('k', { a: 1 }, render), memo('k', { a: 2 }, render), memo('other', { a: 1 }, render)]).toEqual(['text 1', 'text 1', 'text 2', 'text 3']);
    expect(usedMemo()).toHaveLength(3);
    startMemo('off');
    expect([memo('k', { a: 1 }, render), memo('k', { a: 1 }, render)]).toEqual(['text 4', 'text 5']);
    expect(usedMemo()).toEqual([]);
  });
});
