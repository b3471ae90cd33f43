// A run with the cache (src/incremental/) writes byte for byte what a run without it writes: on a
// cold cache, after one entity changed, and when nothing changed. And the cache is really used: a
// rerun reuses what the run before kept. Two overlapping runs in one process, one without caches,
// leave the other's cache whole (the memo store belongs to a run, not to the process). A large
// definition file is loaded from parsed chunks the cache keeps (test/foundation/chunked-load.test.ts).
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { readMemo } from '../../src/incremental/memo-file.js';
import { generate } from '../../src/pipeline.js';
import { generatorFingerprint } from '../../src/version.js';
import { listTree } from '../foundation/helpers.js';
import { tempDir } from '../helpers/tree.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tree(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const path of await listTree(dir)) files[path] = await readFile(join(dir, path), 'utf8');
  return files;
}

async function project(
  count: number,
): Promise<{ dir: string; definitions: string; run: (out: string, cache: boolean) => ReturnType<typeof generate> }> {
  const dir = await tempDir('svcgen-cache-equivalence-');
  temporary.push(dir);
  const definitions = join(dir, 'definitions');
  await synthesize(count, definitions);
  return {
    dir,
    definitions,
    run: (out, cache) =>
      generate({ cwd: dir, definitionsDir: definitions, outDir: join(dir, out), cache, gitattributes: false }),
  };
}

/** The keys of the memo store the cached runs of `dir` keep. */
async function memoKeys(dir: string): Promise<Set<string>> {
  return new Set(
    (await readMemo({ cacheDir: join(dir, 'node_modules/.cache/svcgen'), generator: generatorFingerprint() })).map(
      ([key]) => key,
    ),
  );
}

describe('a cached run writes what an uncached run writes', () => {
  it('cold, after one entity changed, and with nothing changed', async () => {
    const { dir, definitions, run } = await project(6);
    // Cold: nothing in the cache yet.
    expect((await run('cached', true)).ok).toBe(true);
    expect((await run('uncached', false)).ok).toBe(true);
    expect(await tree(join(dir, 'cached'))).toEqual(await tree(join(dir, 'uncached')));
    const before = await memoKeys(dir);
    expect(before.size).toBeGreaterThan(100);

    // One entity changed.
    await synthesize(6, definitions, 1);
    const changed = await run('cached', true);
    expect(changed.ok && !changed.upToDate && changed.written.length > 0).toBe(true);
    expect((await run('uncached', false)).ok).toBe(true);
    expect(await tree(join(dir, 'cached'))).toEqual(await tree(join(dir, 'uncached')));
    // The rerun reused what the first run kept: most of what it used was there before.
    const after = await memoKeys(dir);
    const kept = [...after].filter((key) => before.has(key)).length;
    expect(kept / after.size).toBeGreaterThan(0.9);
    expect(kept).toBeLessThan(after.size);

    // Nothing changed: up to date, and the output is still what an uncached run writes.
    const noop = await run('cached', true);
    expect(noop.ok && noop.upToDate).toBe(true);
    expect(await tree(join(dir, 'cached'))).toEqual(await tree(join(dir, 'uncached')));
  }, 120_000);

  it('with a definition file large enough to be loaded from parsed chunks', async () => {
    // 34 entities make an admin-api.yaml of about 220 KB, over the split threshold (chunked-load.ts).
    const { dir, definitions, run } = await project(34);
    for (const variant of [0, 1]) {
      await synthesize(34, definitions, variant);
      expect((await run('cached', true)).ok).toBe(true);
      expect((await run('uncached', false)).ok).toBe(true);
      expect(await tree(join(dir, 'cached'))).toEqual(await tree(join(dir, 'uncached')));
    }
    const chunks = [...(await memoKeys(dir))].filter((key) => key.startsWith('definitions/chunk:'));
    expect(chunks.length).toBeGreaterThan(200);
  }, 240_000);

  it('with an uncached run overlapping it in the same process', async () => {
    const { dir, run } = await project(6);
    const [cached, uncached] = await Promise.all([run('cached', true), run('uncached', false)]);
    expect(cached.ok && uncached.ok).toBe(true);
    expect(await tree(join(dir, 'cached'))).toEqual(await tree(join(dir, 'uncached')));
    // The cached run kept its emitters' parts and its checks, though the other run remembered nothing meanwhile.
    const kinds = new Set([...(await memoKeys(dir))].map((key) => key.slice(0, key.indexOf(':'))));
    for (const kind of [
      'definitions/records',
      'types/record',
      'zod/route',
      'openapi/operation',
      'metadata/route',
      'server/route',
      'client/route',
      'docs/route',
    ])
      expect(kinds.has(kind), kind).toBe(true);
    expect((await readdir(join(dir, 'node_modules/.cache/svcgen'))).some((name) => name.startsWith('memo-'))).toBe(
      true,
    );
  }, 120_000);
});
