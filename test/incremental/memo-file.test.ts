// The memo store on disk (src/incremental/memo-file.ts): a log of records with digests, valid only for
// the generator that wrote it; a damaged record or another generator's file is never used.
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMemo, writeMemo } from '../../src/incremental/memo-file.js';
import { seal } from '../../src/output/sealed.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function cacheDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
  temporary.push(dir);
  return dir;
}

/** The file's records as the reader finds them: each starts with the marker (memo-file.ts). */
const MARKER = Buffer.from('\nsvcgen-memo\n');

describe('memo file', () => {
  it('ignores a cache written by another generator, and a damaged record', async () => {
    const dir = await cacheDir();
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    await writeMemo(ours, [['key', 'text']], []);
    expect(await readMemo(ours)).toEqual([['key', 'text']]);
    expect(await readMemo({ cacheDir: dir, generator: 'svcgen 1+bbbb' })).toEqual([]);
    const [name] = await readdir(dir);
    const file = join(dir, name as string);
    const pristine = await readFile(file);
    // A run killed while appending leaves a record cut short; the next run's record is still read.
    await appendFile(file, pristine.subarray(pristine.indexOf(MARKER), pristine.length - 3));
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
    // One byte changed in a record's payload: its digest no longer matches, it is dropped, the next one is read.
    await writeFile(file, pristine);
    await writeMemo(ours, [['other', 'fine']], [['key', 'text']]);
    const two = await readFile(file);
    const damaged = Buffer.from(two);
    damaged[two.indexOf(Buffer.from('text')) + 1] = 'o'.charCodeAt(0);
    await writeFile(file, damaged);
    expect(await readMemo(ours)).toEqual([['other', 'fine']]);
    // So is a damaged length: the record runs past the file's end, or into the next one.
    for (const length of [0xffffffff, 10]) {
      const wrong = Buffer.from(two);
      wrong.writeUInt32LE(length, two.indexOf(MARKER) + MARKER.length);
      await writeFile(file, wrong);
      expect(await readMemo(ours), `length ${length}`).toEqual([['other', 'fine']]);
    }
    // A file of the format before (lines of JSON) is not read.
    const before = JSON.stringify({ memo: 2, generator: ours.generator });
    await writeFile(file, `${before}\n${seal('[["old","value"]]')}\n`);
    expect(await readMemo(ours)).toEqual([]);
  });

  it('keeps what JSON would change, as the run left it', async () => {
    const dir = await cacheDir();
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    const chunk = { value: { a: [1, 'b'] }, fields: Int32Array.from([0, -1, 1, 1, 1]), keys: [null], tokens: 3 };
    await writeMemo(ours, [['chunk', chunk]], []);
    const [[, read]] = (await readMemo(ours)) as [[string, typeof chunk]];
    expect(read).toEqual(chunk);
    expect(read.fields).toBeInstanceOf(Int32Array);
  });

  it('appends what a run added, and rewrites a file grown past twice what is used', async () => {
    const dir = await cacheDir();
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    const many = Array.from({ length: 3000 }, (_, index) => [`key ${index}`, index] as const);
    await writeMemo(ours, many, []);
    const [file] = await readdir(dir);
    const written = await readFile(join(dir, file as string));
    // Rewritten a few hundred entries to a record, read back in order.
    expect(countOf(written, MARKER)).toBeGreaterThan(3);
    expect(await readMemo(ours)).toEqual(many);

    await writeMemo(ours, [...many.slice(1), ['added', 'x']], many);
    const appended = await readFile(join(dir, file as string));
    expect(appended.subarray(0, written.length).equals(written)).toBe(true);
    expect(countOf(appended.subarray(written.length), MARKER)).toBe(1);
    expect(await readMemo(ours)).toEqual([...many, ['added', 'x']]);

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

function countOf(bytes: Buffer, part: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(part); at >= 0; at = bytes.indexOf(part, at + 1)) count += 1;
  return count;
}
