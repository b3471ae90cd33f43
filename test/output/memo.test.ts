// The memo store (printed statements and other rendered parts): a run that reuses remembered
// results writes exactly what a run without any cache writes, and a store from another generator
// or a damaged file is ignored.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

type Generate = typeof generate;
const root = resolve(import.meta.dirname, '../..');

/** Runs, edits one entity, reruns with the memo store, and compares with a run without caches. */
async function rerunAfterOneChange(count: number, run: Generate, memoFiles: readonly string[]): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-'));
  temporary.push(dir);
  const definitions = join(dir, 'definitions');
  const generateInto = (outDir: string, cache: boolean) => run({ cwd: dir, definitionsDir: definitions, outDir: join(dir, outDir), cache, gitattributes: false });
  await synthesize(count, definitions);
  expect((await generateInto('out', true)).ok).toBe(true);
  const keys = async () => {
    const all = await Promise.all(memoFiles.map(async (file) => (JSON.parse(await readFile(join(dir, 'node_modules/.cache/svcgen', file), 'utf8')) as { entries: [string, unknown][] }).entries.map(([key]) => key)));
    return new Set(all.flat());
  };
  const before = await keys();
  expect(before.size).toBeGreaterThan(100);

  await synthesize(count, definitions, 1);
  expect((await generateInto('out', true)).ok).toBe(true);
  // Most statements and parts are the same as before the change, so their remembered results were there to reuse.
  const after = await keys();
  const kept = [...after].filter((key) => before.has(key)).length;
  expect(kept / after.size).toBeGreaterThan(0.9);
  expect(kept).toBeLessThan(after.size);
  expect((await generateInto('fresh', false)).ok).toBe(true);
  expect(await tree(join(dir, 'out'))).toEqual(await tree(join(dir, 'fresh')));
}

describe('memo store', () => {
  it('a rerun after one entity changed writes what a run without cache writes', async () => {
    await rerunAfterOneChange(6, generate, ['memo-main.json']);
  }, 60_000);

  it('so does a run large enough for the emitter worker, which keeps its own share', async () => {
    // The worker is a compiled script: this uses the build (npm test builds first).
    const built = (await import(join(root, 'dist', 'generate.js'))) as { generate: Generate };
    await rerunAfterOneChange(60, built.generate, ['memo-main.json', 'memo-worker.json']);
  }, 180_000);

  it('ignores a cache written by another generator, and a damaged file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
    temporary.push(dir);
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    await writeMemo(ours, 'main', [['key', 'text']]);
    expect(await readMemo(ours, 'main')).toEqual([['key', 'text']]);
    expect(await readMemo(ours, 'worker')).toEqual([]);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+bbbb' }, 'main')).toEqual([]);
    await writeFile(join(dir, 'memo-main.json'), '{"generator":"svcgen 1+aaaa","entries":[["key",');
    expect(await readMemo(ours, 'main')).toEqual([]);
    await writeFile(join(dir, 'memo-main.json'), '{"generator":"svcgen 1+aaaa","entries":[["key"],"x",["ok","fine"],["n",7]]}');
    expect(await readMemo(ours, 'main')).toEqual([
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
