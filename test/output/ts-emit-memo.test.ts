// The types and zod emitters remember each record's and route's printed parts: a rerun after edits
// that hit those parts writes exactly what a run without any cache writes.
import { readFile, rm, writeFile } from 'node:fs/promises';
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
  for (const path of await listTree(dir))
    if (!path.endsWith('.svcgen-manifest.json')) files[path] = await readFile(join(dir, path), 'utf8');
  return files;
}

/** `text` with `find` replaced once, after the first `after`; fails when either is missing. */
function replaceAfter(text: string, after: string, find: string, replacement: string): string {
  const start = text.indexOf(after);
  const at = text.indexOf(find, start);
  if (start < 0 || at < 0) throw new Error(`not found: ${after} … ${find}`);
  return text.slice(0, at) + replacement + text.slice(at + find.length);
}

/** Edits that reach remembered parts of every TypeScript emitter. */
function edit(yaml: string): string {
  // A defaulted field of entity002: its zod schema, and the update route of entity002, whose
  // partial body redeclares defaulted fields (a dependency on another part of the IR).
  let text = replaceAfter(
    yaml,
    '\n  entity002:\n',
    'description: A short text, or null.\n        type: string\n',
    'description: A short text, or null.\n        type: string\n        maxLength: 77\n',
  );
  // A route's description: its types, server handler and client method docs.
  text = replaceAfter(
    text,
    '\n  getEntity003:\n',
    'description: Reads one entity003 record.',
    'description: Reads one entity003 record, now documented at rather greater length than before.',
  );
  // A route removed: every table and body after it shifts by one entry.
  const removed = text.replace(/\n {2}getEntity001Members:\n(?: {4}.*\n|\n(?! {2}\S))*/, '\n');
  if (removed === text) throw new Error('route block not found');
  return removed;
}

describe('TypeScript emitters remember records and routes', () => {
  it('a rerun after edits writes what a run without cache writes', async () => {
    const dir = await tempDir('svcgen-ts-memo-');
    temporary.push(dir);
    const definitions = join(dir, 'definitions');
    const run = (outDir: string, cache: boolean) =>
      generate({ cwd: dir, definitionsDir: definitions, outDir: join(dir, outDir), cache, gitattributes: false });
    await synthesize(6, definitions);
    expect((await run('out', true)).ok).toBe(true);
    const location = { cacheDir: join(dir, 'node_modules/.cache/svcgen'), generator: generatorFingerprint() };
    const kinds = async () => new Set((await readMemo(location)).map(([key]) => key));
    const before = await kinds();

    const file = join(definitions, 'admin-api.yaml');
    await writeFile(file, edit(await readFile(file, 'utf8')));
    const rerun = await run('out', true);
    expect(rerun.ok && rerun.written.length).toBeGreaterThanOrEqual(5);
    // The rerun reused remembered parts of each emitter: it added fewer of each kind than there were.
    const added = [...(await kinds())].filter((key) => !before.has(key));
    for (const kind of ['types/route', 'zod/route', 'metadata/route', 'client/route', 'server/route']) {
      const count = (keys: Iterable<string>) => [...keys].filter((key) => key.startsWith(`${kind}:`)).length;
      expect(count(added), kind).toBeLessThan(count(before));
    }
    expect((await run('fresh', false)).ok).toBe(true);
    expect(await tree(join(dir, 'out'))).toEqual(await tree(join(dir, 'fresh')));
  }, 120_000);
});
