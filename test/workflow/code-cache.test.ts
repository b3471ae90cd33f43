// The bundled CLI (dist/cli-main.cjs) and V8's code cache the build makes of it (scripts/bundle-cli.mjs):
// the cache is named by a hash of the bundle, so a bundle that changed after the build never takes
// another's cache, and a run without a usable cache compiles the bundle and writes the same files. The bundle
// holds svcgen's docs templates compiled by the build; tsc's modules compile them and write the same pages.
import { cp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree } from '../helpers/tree.js';
import { BASE_DEFINITION, removeDir, ROOT, runNode, tempDir, writeText } from './helpers.js';

const SLOW = 120_000;

let dir: string;
let dist: string;
beforeAll(async () => {
  dir = await tempDir('svcgen-code-cache-');
  await writeText(join(dir, 'project', 'definitions', 'shop.yaml'), BASE_DEFINITION);
  dist = join(dir, 'svcgen', 'dist');
  await cp(join(ROOT, 'dist'), dist, { recursive: true });
  for (const entry of ['package.json', 'templates', 'src', 'node_modules'])
    await symlink(join(ROOT, entry), join(dir, 'svcgen', entry));
});
afterAll(async () => {
  await removeDir(dir);
});

const cacheFiles = async () =>
  (await readdir(dist)).filter((name) => /^cli-main\.cjs\.[0-9a-f]{16}\.cache$/.test(name));

async function generate(out: string, entry = 'cli.js'): Promise<Record<string, string>> {
  const run = await runNode([join(dist, entry), 'generate', '--no-cache', '--out', out], join(dir, 'project'));
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return hashTree(join(dir, 'project', out));
}

describe('the bundled CLI and its code cache', () => {
  it('the build leaves one cache, for this bundle', { timeout: SLOW }, async () => {
    expect(await cacheFiles()).toHaveLength(1);
  });

  it('a bundle changed after the build does not take the cache made for it', { timeout: SLOW }, async () => {
    const bundle = join(dist, 'cli-main.cjs');
    const text = await readFile(bundle, 'utf8');
    // Same length, other content (V8 itself compares only the length): taking the cache would run the old code.
    await writeFile(bundle, text.replace('"use strict";', '"use strict"/'));
    const run = await runNode([join(dist, 'cli.js'), '--version'], dir);
    expect(run.stderr).toMatch(/SyntaxError/);
    await writeFile(bundle, text);
    expect((await runNode([join(dist, 'cli.js'), '--version'], dir)).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('writes the same files with the cache, without it, and with a damaged one', { timeout: SLOW }, async () => {
    const withCache = await generate('with-cache');
    expect(Object.keys(withCache).length).toBeGreaterThan(10);
    const [cache] = await cacheFiles();
    const bytes = await readFile(join(dist, cache as string));
    await writeFile(join(dist, cache as string), bytes.subarray(0, bytes.length >> 1));
    expect(await generate('half-a-cache')).toEqual(withCache);
    await rm(join(dist, cache as string));
    expect(await generate('no-cache')).toEqual(withCache);
  });

  it(
    "writes what tsc's modules write, which compile the docs templates the bundle holds compiled",
    { timeout: SLOW },
    async () => {
      const bundle = await readFile(join(dist, 'cli-main.cjs'), 'latin1');
      for (const name of (await readdir(join(ROOT, 'templates'))).filter((each) => each.endsWith('.hbs')))
        expect(bundle, `${name} precompiled into the bundle`).toContain(`${JSON.stringify(name)}: { text: `);
      expect(await generate('from-modules', 'cli-main.js')).toEqual(await generate('from-bundle'));
    },
  );
});
