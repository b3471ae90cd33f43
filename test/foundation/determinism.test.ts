// The same definitions give the same bytes: on a second run, with the keys of every mapping in
// another order, in another time zone and locale. Each run is `node dist/cli.js generate --no-cache`
// from scratch in its own temporary copy, so the paths it prints into headers are the same.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument, visit } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree, listTree, removeDir, runCli, tempCopy } from './helpers.js';

const MANIFEST = '.svcgen-manifest.json';
const dirs: Record<string, string> = {};
const trees: Record<string, Record<string, string>> = {};

/** Every mapping of a YAML text with its keys in reverse order (comments and scalars kept). */
function reverseKeys(text: string): string {
  const doc = parseDocument(text);
  visit(doc, {
    Map(_, map) {
      map.items.reverse();
    },
  });
  return doc.toString();
}

async function generateFresh(
  name: string,
  env: Record<string, string>,
  prepare?: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await tempCopy(['definitions']);
  dirs[name] = dir;
  if (prepare) await prepare(dir);
  const result = await runCli(['generate', '--no-cache'], dir, env);
  if (result.code !== 0) throw new Error(`generate (${name}) exited ${String(result.code)}: ${result.stderr}`);
  trees[name] = await hashTree(join(dir, 'generated'));
}

async function shuffleDefinitions(dir: string): Promise<void> {
  for (const name of await listTree(join(dir, 'definitions'))) {
    const path = join(dir, 'definitions', name);
    const text = await readFile(path, 'utf8');
    const reversed = reverseKeys(text);
    if (reversed === text) throw new Error(`reversing the keys of ${name} changed nothing`);
    await writeFile(path, reversed);
  }
}

const PLAIN = { TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
const TOKYO_TURKISH = { TZ: 'Asia/Tokyo', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' };

beforeAll(async () => {
  await Promise.all([
    generateFresh('first', PLAIN),
    generateFresh('second', PLAIN),
    generateFresh('shuffled', PLAIN, shuffleDefinitions),
    generateFresh('tokyoTurkish', TOKYO_TURKISH),
  ]);
}, 600_000);

afterAll(async () => {
  await Promise.all(Object.values(dirs).map(removeDir));
});

function withoutManifest(tree: Record<string, string> | undefined): Record<string, string> {
  const { [MANIFEST]: _manifest, ...rest } = tree ?? {};
  return rest;
}

describe('determinism', () => {
  it('gives byte-identical trees on two runs', () => {
    expect(Object.keys(trees.first ?? {}).length).toBeGreaterThan(10);
    expect(trees.second).toEqual(trees.first);
  });

  it('gives identical output when every mapping lists its keys in reverse', () => {
    // The manifest differs, rightly: it records a hash of the definition files' bytes.
    expect(withoutManifest(trees.shuffled)).toEqual(withoutManifest(trees.first));
  });

  it('gives the same bytes with TZ=Asia/Tokyo and a Turkish locale', () => {
    expect(trees.tokyoTurkish).toEqual(trees.first);
  });

  it('writes LF line endings and no timestamps', async () => {
    const dir = join(dirs.first as string, 'generated');
    const today = new Date().toISOString().slice(0, 10);
    const offenders: string[] = [];
    for (const path of await listTree(dir)) {
      const text = await readFile(join(dir, path), 'utf8');
      if (text.includes('\r')) offenders.push(`${path}: CR`);
      if (!text.endsWith('\n')) offenders.push(`${path}: no final newline`);
      if (text.includes(today)) offenders.push(`${path}: today's date`);
      if (/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?/.test(text)) offenders.push(`${path}: a date and time`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('reverseKeys', () => {
  it.each([
    { given: 'a: 1\nb: 2\n', want: 'b: 2\na: 1\n' },
    { given: 'r:\n  "200": x\n  "201": y\n', want: 'r:\n  "201": y\n  "200": x\n' },
    { given: 'list: [b, a]\n', want: 'list: [ b, a ]\n' },
  ])('$given', ({ given, want }) => {
    expect(reverseKeys(given)).toBe(want);
  });
});
