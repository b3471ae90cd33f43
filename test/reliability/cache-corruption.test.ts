// Damaged caches: one byte changed in a cache file (node_modules/.cache/svcgen) must never reach the
// output. For each kind of cache file, bytes are changed at several places (a letter for another
// letter inside the JSON, which leaves it valid JSON, and one byte for any other), one place per
// run from a pristine copy of the cache; then `svcgen generate` must write exactly the tree a
// --no-cache run writes, and `svcgen check` must find that tree current. Real CLI runs (node
// dist/cli.js; run `npm run build` first) on synthetic definitions.
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { hashTree, removeCliSnapshot, removeDir, runCli, scratch, snapshotCli } from './harness.js';

/** Each kind of cache file, by the name it has in the cache folder. */
const KINDS: readonly { readonly kind: string; readonly matches: RegExp }[] = [
  { kind: 'memo store (definition checks, parsed definition chunks, emitter parts)', matches: /^memo-[0-9a-f]+\.log$/ },
  { kind: 'output file stats', matches: /^output-stats\/[0-9a-f]+\.json$/ },
  { kind: 'generator fingerprint record', matches: /^generator\.json$/ },
];

/** Where in a file bytes are changed: a fraction of its length, and how. */
const PLACES: readonly { readonly at: number; readonly how: 'letter' | 'any' }[] = [
  { at: 0.02, how: 'letter' },
  { at: 0.5, how: 'letter' },
  { at: 0.4, how: 'any' },
];

let dir: string;
let cacheDir: string;
let pristine: string;
let reference: Record<string, string>;

beforeAll(async () => {
  await snapshotCli();
  dir = await scratch('cache-corruption');
  await synthesize(50, join(dir, 'definitions'));
  const reference_ = await runCli(['generate', '--no-cache', '--out', 'reference'], dir);
  expect(reference_.code, reference_.stderr).toBe(0);
  reference = await hashTree(join(dir, 'reference'));
  const cached = await runCli(['generate', '--out', 'out'], dir);
  expect(cached.code, cached.stderr).toBe(0);
  expect(await hashTree(join(dir, 'out'))).toEqual(reference);
  cacheDir = join(dir, 'node_modules', '.cache', 'svcgen');
  pristine = join(dir, 'pristine-cache');
  await cp(cacheDir, pristine, { recursive: true });
}, 240_000);

afterAll(async () => {
  await removeDir(dir);
  await removeCliSnapshot();
});

describe('a damaged cache entry is discarded, never emitted', () => {
  for (const { kind, matches } of KINDS) {
    it(`${kind}: generate and check after a changed byte give what --no-cache gives`, async () => {
      const files = await largestOfKind(matches);
      expect(files.length, `no ${kind} file in the cache`).toBeGreaterThan(0);
      for (const place of PLACES) {
        for (const file of files) {
          await restoreCache();
          await changeByte(join(cacheDir, file), place);
          await rm(join(dir, 'out'), { recursive: true, force: true });
          const run = await runCli(['generate', '--out', 'out'], dir);
          expect(run.code, `${file} at ${place.at}: ${run.stderr}`).toBe(0);
          expect(await hashTree(join(dir, 'out')), `${file} changed at ${place.at} (${place.how})`).toEqual(reference);
        }
      }
      await restoreCache();
      for (const file of files) await changeByte(join(cacheDir, file), { at: 0.5, how: 'letter' });
      const check = await runCli(['check', '--out', 'reference'], dir);
      expect(check.code, check.stderr).toBe(0);
    }, 300_000);
  }
});

/** The largest cache file of a kind (the admin definitions' pack among the five packs). */
async function largestOfKind(matches: RegExp): Promise<string[]> {
  const names = (await readdir(pristine, { recursive: true }))
    .map((name) => name.split('\\').join('/'))
    .filter((name) => matches.test(name));
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(pristine, name))).size));
  return names
    .map((name, index) => ({ name, size: sizes[index] ?? 0 }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 1)
    .map(({ name }) => name);
}

async function restoreCache(): Promise<void> {
  await rm(cacheDir, { recursive: true, force: true });
  await cp(pristine, cacheDir, { recursive: true });
}

/** Changes one byte at `place`: the first ASCII letter from there to another letter, or any byte to its complement. */
async function changeByte(file: string, place: (typeof PLACES)[number]): Promise<void> {
  const bytes = await readFile(file);
  let index = Math.min(bytes.length - 1, Math.floor(bytes.length * place.at));
  if (place.how === 'any') {
    bytes[index] = (bytes[index] as number) ^ 0xff;
  } else {
    while (index < bytes.length - 1 && !isLetter(bytes[index] as number)) index += 1;
    bytes[index] = bytes[index] === 0x78 ? 0x79 : 0x78;
  }
  await writeFile(file, bytes);
}

function isLetter(byte: number): boolean {
  return (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);
}
