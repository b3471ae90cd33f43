// The statement print cache: a run that reuses remembered layouts writes exactly what a run
// without any cache writes, and a cache from another generator or a damaged file is ignored.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { generate } from '../../src/generate.js';
import { readPrintCache, writePrintCache } from '../../src/output/print-cache-file.js';
import { listTree } from '../foundation/helpers.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tree(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const path of await listTree(dir)) if (!path.endsWith('.svcgen-manifest.json')) files[path] = await readFile(join(dir, path), 'utf8');
  return files;
}

describe('statement print cache', () => {
  it('a rerun after one entity changed writes what a run without cache writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-print-cache-'));
    temporary.push(dir);
    const definitions = join(dir, 'definitions');
    const run = (outDir: string, cache: boolean) => generate({ cwd: dir, definitionsDir: definitions, outDir: join(dir, outDir), cache, gitattributes: false });
    await synthesize(6, definitions);
    expect((await run('out', true)).ok).toBe(true);
    const cacheFile = join(dir, 'node_modules/.cache/svcgen/printed-statements.json');
    const keys = async () => new Set((JSON.parse(await readFile(cacheFile, 'utf8')) as { entries: [string, string][] }).entries.map(([key]) => key));
    const before = await keys();
    expect(before.size).toBeGreaterThan(100);

    await synthesize(6, definitions, 1);
    expect((await run('out', true)).ok).toBe(true);
    // Most statements are the same as before the change, so their remembered layouts were there to reuse.
    const after = await keys();
    const kept = [...after].filter((key) => before.has(key)).length;
    expect(kept / after.size).toBeGreaterThan(0.9);
    expect(kept).toBeLessThan(after.size);
    expect((await run('fresh', false)).ok).toBe(true);
    expect(await tree(join(dir, 'out'))).toEqual(await tree(join(dir, 'fresh')));
  }, 60_000);

  it('ignores a cache written by another generator, and a damaged file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-print-cache-file-'));
    temporary.push(dir);
    await writePrintCache(dir, 'svcgen 1+aaaa', [['key', 'text']]);
    expect(await readPrintCache(dir, 'svcgen 1+aaaa')).toEqual([['key', 'text']]);
    expect(await readPrintCache(dir, 'svcgen 1+bbbb')).toEqual([]);
    await writeFile(join(dir, 'printed-statements.json'), '{"generator":"svcgen 1+aaaa","entries":[["key",');
    expect(await readPrintCache(dir, 'svcgen 1+aaaa')).toEqual([]);
    await writeFile(join(dir, 'printed-statements.json'), '{"generator":"svcgen 1+aaaa","entries":[["key",7],"x",["ok","fine"]]}');
    expect(await readPrintCache(dir, 'svcgen 1+aaaa')).toEqual([['ok', 'fine']]);
  });
});
