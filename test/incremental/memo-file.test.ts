// The memo store on disk (src/incremental/memo-file.ts): a log of sealed lines, valid only for the
// generator that wrote it; a damaged line or another generator's file is never used.
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMemo, readStoredMemo, storedValue, writeMemo } from '../../src/incremental/memo-file.js';
import { seal } from '../../src/output/sealed.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function cacheDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-memo-file-'));
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
    const header = JSON.stringify({ memo: 3, generator: ours.generator });
    await writeFile(
      join(dir, file as string),
      `${header}\n${seal('7\t"x"')}\n${seal('"ok"\t"fine"')}\n${seal('"bad"\t{')}\n${seal('"n"\t7')}\n`,
    );
    expect(await readMemo(ours)).toEqual([
      ['ok', 'fine'],
      ['n', 7],
    ]);
    // A letter changed on disk still leaves valid JSON: the line's digest no longer matches, and it is dropped,
    // whether it is in the value or in the key (which is read before the digest is checked).
    const good = seal('"a"\t"fine"');
    await writeFile(
      join(dir, file as string),
      `${header}\n${seal('"b"\t"fine"').replace('fine', 'fino')}\n${seal('"c"\t1').replace('"c"', '"d"')}\n${good}\n`,
    );
    expect(await readMemo(ours)).toEqual([['a', 'fine']]);
    // So is a line of the earlier format (entries in arrays), and one written before lines carried digests.
    await writeFile(join(dir, file as string), `${header}\n${seal('[["old","value"]]')}\n[["old","value"]]\n`);
    expect(await readMemo(ours)).toEqual([]);
  });

  it('appends what a run added, and rewrites a file grown past twice what is used', async () => {
    const dir = await cacheDir();
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    const many = Array.from({ length: 3000 }, (_, index) => [`key ${index}`, index] as const);
    await writeMemo(ours, many, []);
    const [file] = await readdir(dir);
    const written = await readFile(join(dir, file as string), 'utf8');
    // Rewritten an entry to a line after the header, read back in order.
    expect(written.split('\n').filter(Boolean).length).toBe(3001);
    expect(await readMemo(ours)).toEqual(many);

    await writeMemo(ours, [...many.slice(1), ['added', 'x']], many);
    const appended = await readFile(join(dir, file as string), 'utf8');
    expect(appended.startsWith(written)).toBe(true);
    expect(appended.slice(written.length)).toBe(`\n${seal('"added"\t"x"')}\n`);

    await writeMemo(ours, [['added', 'x']], await readMemo(ours));
    expect(await readMemo(ours)).toEqual([['added', 'x']]);
  });

  it('reads only keys, checks a value when asked for, and writes a line read back as it was', async () => {
    const dir = await cacheDir();
    const ours = { cacheDir: dir, generator: 'svcgen 1+aaaa' };
    await writeMemo(
      ours,
      [
        ['kept', { text: 'é\t"' }],
        ['spoilt', 'value'],
        ['dropped', 1],
      ],
      [],
    );
    const [file] = await readdir(dir);
    const path = join(dir, file as string);
    await writeFile(path, (await readFile(path, 'utf8')).replace('"value"', '"valve"'));
    const stored = await readStoredMemo(ours);
    expect([...stored.keys()]).toEqual(['kept', 'spoilt', 'dropped']);
    // The damaged value is found only when a run asks for it, and is then not used.
    expect(storedValue(stored.get('spoilt') as Buffer)).toBeUndefined();
    const kept = stored.get('kept') as Buffer;
    expect(storedValue(kept)).toEqual({ text: 'é\t"' });
    // A run that used only `kept` (as its line) and added one entry: rewritten once it holds more than twice that.
    await writeMemo(
      ours,
      [
        ['kept', kept],
        ['new', 'n'],
      ],
      new Map([...stored, ...Array.from({ length: 1010 }, (_, index) => [`old ${index}`, kept] as const)]),
    );
    expect(await readMemo(ours)).toEqual([
      ['kept', { text: 'é\t"' }],
      ['new', 'n'],
    ]);
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
