// The memo store on disk (src/incremental/memo-file.ts): a log of sealed lines, valid only for the
// generator that wrote it; a damaged line or another generator's file is never used.
import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMemo, writeMemo } from '../../src/incremental/memo-file.js';
import { seal } from '../../src/output/sealed.js';
import { tempDir } from '../helpers/tree.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function cacheDir(): Promise<string> {
  const dir = await tempDir('svcgen-memo-file-');
  temporary.push(dir);
  return dir;
}

describe('memo file', () => {
  it('ignores a cache written by another generator, and a damaged line', async () => {
    const dir = await cacheDir();
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    await writeMemo(ours, [['key', 'text']], []);
    expect(await readMemo(ours)).toEqual([['key', 'text']]);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+bbbb' })).toEqual([]);
    const [file] = await readdir(dir);
    // A run killed while appending leaves a line cut short; the next run's line is still read.
    await appendFile(join(dir, file as string), '\n[["cut", "te');
    await writeMemo(
      ours,
      [
        ['key', 'text'],
        ['next', 7],
      ],
      [['key', 'text']],
    );
    expect(await readMemo(ours)).toEqual([
      ['key', 'text'],
      ['next', 7],
    ]);
    const header = JSON.stringify({ memo: 2, generator: ours.generator });
    await writeFile(join(dir, file as string), `${header}\n${seal('[["key"],"x",["ok","fine"],["n",7]]')}\n`);
    expect(await readMemo(ours)).toEqual([
      ['ok', 'fine'],
      ['n', 7],
    ]);
    // A letter changed on disk still leaves valid JSON: the line's digest no longer matches, and it is dropped.
    const good = seal('[["a","fine"]]');
    await writeFile(
      join(dir, file as string),
      `${header}\n${seal('[["b","fine"]]').replace('fine', 'fino')}\n${good}\n`,
    );
    expect(await readMemo(ours)).toEqual([['a', 'fine']]);
    // So is a line written before lines carried digests.
    await writeFile(join(dir, file as string), `${header}\n[["old","value"]]\n`);
    expect(await readMemo(ours)).toEqual([]);
  });

  it('appends what a run added, and rewrites a file grown past twice what is used', async () => {
    const dir = await cacheDir();
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    const many = Array.from({ length: 3000 }, (_, index) => [`key ${index}`, index] as const);
    await writeMemo(ours, many, []);
    const [file] = await readdir(dir);
    const written = await readFile(join(dir, file as string), 'utf8');
    // Rewritten a few hundred entries to a line (each line is parsed at once), read back in order.
    expect(written.split('\n').filter(Boolean).length).toBeGreaterThan(3);
    expect(await readMemo(ours)).toEqual(many);

    await writeMemo(ours, [...many.slice(1), ['added', 'x']], many);
    const appended = await readFile(join(dir, file as string), 'utf8');
    expect(appended.startsWith(written)).toBe(true);
    expect(appended.slice(written.length)).toBe(`\n${seal('[["added","x"]]')}\n`);

    await writeMemo(ours, [['added', 'x']], await readMemo(ours));
    expect(await readMemo(ours)).toEqual([['added', 'x']]);
  });

  it("removes another generator's file and the stores of earlier versions when it writes its own", async () => {
    const dir = await cacheDir();
    for (const name of [
      'memo.json',
      'printed-statements.json',
      'memo-main.json',
      'memo-worker-0123456789abcdef.log',
      'format.json',
    ])
      await writeFile(join(dir, name), '{}');
    await writeMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' }, [['key', 'old']], []);
    await writeMemo({ cacheDir: dir, generator: 'svcgen 1+bbbb' }, [['key', 'new']], []);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+aaaa' })).toEqual([]);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+bbbb' })).toEqual([['key', 'new']]);
    const stored = (await readdir(dir)).map((name) => name.replace(/-[0-9a-f]{16}\.log$/, '-<generator>.log')).sort();
    expect(stored).toEqual(['format.json', 'memo-<generator>.log']);
  });
});
