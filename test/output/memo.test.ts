// The memo store (printed statements and other rendered parts): a run that reuses remembered
// results writes exactly what a run without any cache writes, and a store from another generator
// or a damaged file is ignored.
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { generate } from '../../src/generate.js';
import { memo, startMemo, usedMemo } from '../../src/emitters/shared/memo.js';
import { readMemo, writeMemo, type MemoRole } from '../../src/output/memo-file.js';
import { seal } from '../../src/output/sealed.js';
import { generatorFingerprint } from '../../src/version.js';
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
async function rerunAfterOneChange(count: number, run: Generate, generator: string, roles: readonly MemoRole[]): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-'));
  temporary.push(dir);
  const definitions = join(dir, 'definitions');
  const generateInto = (outDir: string, cache: boolean) => run({ cwd: dir, definitionsDir: definitions, outDir: join(dir, outDir), cache, gitattributes: false });
  await synthesize(count, definitions);
  expect((await generateInto('out', true)).ok).toBe(true);
  const location = { cacheDir: join(dir, 'node_modules/.cache/svcgen'), generator };
  const keys = async () => new Set((await Promise.all(roles.map((role) => readMemo(location, role)))).flat().map(([key]) => key));
  const before = await keys();
  expect(before.size).toBeGreaterThan(100);
  // The checks of the definitions have a share of their own, read before the IR is built; the main thread's emitters
  // another.
  const kindsIn = async (role: MemoRole) => new Set((await readMemo(location, role)).map(([key]) => key.slice(0, key.indexOf('/'))));
  expect(await kindsIn('definitions')).toEqual(new Set(['definitions']));
  expect((await kindsIn('main')).has('definitions')).toBe(false);
  expect((await kindsIn('main')).size).toBeGreaterThan(0);

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
    await rerunAfterOneChange(6, generate, generatorFingerprint(), ['definitions', 'main']);
  }, 60_000);

  it('so does a run large enough for the emitter worker, which keeps its own share', async () => {
    // The worker is a compiled script: this uses the build (npm test builds first).
    const built = (await import(join(root, 'dist', 'generate.js'))) as { generate: Generate };
    const builtVersion = (await import(join(root, 'dist', 'version.js'))) as { generatorFingerprint: () => string };
    await rerunAfterOneChange(60, built.generate, builtVersion.generatorFingerprint(), ['definitions', 'main', 'worker']);
  }, 180_000);

  it('ignores a cache written by another generator, and a damaged line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
    temporary.push(dir);
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    await writeMemo(ours, 'main', [['key', 'text']], []);
    expect(await readMemo(ours, 'main')).toEqual([['key', 'text']]);
    expect(await readMemo(ours, 'worker')).toEqual([]);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+bbbb' }, 'main')).toEqual([]);
    const [file] = await readdir(dir);
    // A run killed while appending leaves a line cut short; the next run's line is still read.
    await appendFile(join(dir, file as string), '\n[["cut", "te');
    await writeMemo(ours, 'main', [['key', 'text'], ['next', 7]], [['key', 'text']]);
    expect(await readMemo(ours, 'main')).toEqual([
      ['key', 'text'],
      ['next', 7],
    ]);
    const header = JSON.stringify({ memo: 2, generator: ours.generator });
    await writeFile(join(dir, file as string), `${header}\n${seal('[["key"],"x",["ok","fine"],["n",7]]')}\n`);
    expect(await readMemo(ours, 'main')).toEqual([
      ['ok', 'fine'],
      ['n', 7],
    ]);
    // A letter changed on disk still leaves valid JSON: the line's digest no longer matches, and it is dropped.
    const good = seal('[["a","fine"]]');
    await writeFile(join(dir, file as string), `${header}\n${seal('[["b","fine"]]').replace('fine', 'fino')}\n${good}\n`);
    expect(await readMemo(ours, 'main')).toEqual([['a', 'fine']]);
    // So is a line written before lines carried digests.
    await writeFile(join(dir, file as string), `${header}\n[["old","value"]]\n`);
    expect(await readMemo(ours, 'main')).toEqual([]);
  });

  it('appends what a run added, and rewrites a file grown past twice what is used', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
    temporary.push(dir);
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    const many = Array.from({ length: 3000 }, (_, index) => [`key ${index}`, index] as const);
    await writeMemo(ours, 'main', many, []);
    const [file] = await readdir(dir);
    const written = await readFile(join(dir, file as string), 'utf8');
    // Rewritten a few hundred entries to a line (each line is parsed at once), read back in order.
    expect(written.split('\n').filter(Boolean).length).toBeGreaterThan(3);
    expect(await readMemo(ours, 'main')).toEqual(many);

    await writeMemo(ours, 'main', [...many.slice(1), ['added', 'x']], many);
    const appended = await readFile(join(dir, file as string), 'utf8');
    expect(appended.startsWith(written)).toBe(true);
    expect(appended.slice(written.length)).toBe(`\n${seal('[["added","x"]]')}\n`);

    await writeMemo(ours, 'main', [['added', 'x']], await readMemo(ours, 'main'));
    expect(await readMemo(ours, 'main')).toEqual([['added', 'x']]);
  });

  it("removes another generator's file when it writes its own", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
    temporary.push(dir);
    await writeMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' }, 'main', [['key', 'old']], []);
    await writeMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' }, 'worker', [['key', 'old']], []);
    await writeMemo({ cacheDir: dir, generator: 'svcgen 1+bbbb' }, 'main', [['key', 'new']], []);
    expect(await readdir(dir)).toHaveLength(2);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' }, 'main')).toEqual([]);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' }, 'worker')).toEqual([['key', 'old']]);
  });

  it('removes the single-file stores of earlier versions when the main thread writes its own', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
    temporary.push(dir);
    for (const name of ['memo.json', 'printed-statements.json', 'memo-main.json', 'memo-worker.json', 'format.json']) await writeFile(join(dir, name), '{}');
    await writeMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' }, 'worker', [['key', 'value']], []);
    const stored = async () => (await readdir(dir)).map((name) => name.replace(/-[0-9a-f]{16}\.log$/, '-<generator>.log')).sort();
    expect(await stored()).toEqual(['format.json', 'memo-main.json', 'memo-worker-<generator>.log', 'memo.json', 'printed-statements.json']);
    await writeMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' }, 'main', [['key', 'value']], []);
    expect(await stored()).toEqual(['format.json', 'memo-main-<generator>.log', 'memo-worker-<generator>.log']);
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
