// The output folder holds only svcgen's files as far as svcgen is concerned: whatever else the user
// put there (symbolic links, empty folders, FIFOs, hard-linked files) is still there, unchanged,
// after a run that replaced the tree; an output folder that would hold the project, the
// definitions or the config is refused before anything is touched; a symbolic link to a folder
// is followed. Real CLI runs (node dist/cli.js; run `npm run build` first) in temporary folders.
import { execFileSync } from 'node:child_process';
import { link, lstat, mkdir, readdir, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { shop } from './definition-builders.js';
import { hashTree, removeCliSnapshot, removeDir, runCli, scratch, snapshotCli } from './harness.js';

let dir: string;

beforeAll(async () => {
  await snapshotCli();
});

afterAll(async () => {
  await removeCliSnapshot();
});

afterEach(async () => {
  if (dir) await removeDir(dir);
});

/** A project with the shop definition, generated once into `out`. */
async function project(): Promise<string> {
  dir = await scratch('output-folder');
  await mkdir(join(dir, 'definitions'));
  await writeShop('Shop API');
  const first = await runCli(['generate', '--out', 'out'], dir);
  expect(first.code, first.stderr).toBe(0);
  return dir;
}

function writeShop(title: string): Promise<void> {
  const definition = shop();
  return writeFile(
    join(dir, 'definitions', 'shop.yaml'),
    stringify({ ...definition, interface: { ...(definition.interface as object), title } }),
  );
}

/** What an entry is: its kind, and for a link its target, for a file its inode and link count. */
async function describeEntry(path: string): Promise<string> {
  const found = await lstat(path);
  if (found.isSymbolicLink()) return `link -> ${await readlink(path)}`;
  if (found.isFIFO()) return 'fifo';
  if (found.isDirectory()) return `folder of ${(await readdir(path)).length}`;
  return `file ${found.ino} x${found.nlink}`;
}

describe('foreign entries in the output folder', () => {
  it('keeps symbolic links, empty folders, FIFOs and hard links through a run that replaces the tree', async () => {
    await project();
    const out = join(dir, 'out');
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const made = {
      'to-definitions': () => symlink('../definitions', join(out, 'to-definitions')),
      dangling: () => symlink('nowhere', join(out, 'dangling')),
      'shop/nested-link': () => symlink('../runtime', join(out, 'shop', 'nested-link')),
      empty: () => mkdir(join(out, 'empty')),
      'shop/empty-inside': () => mkdir(join(out, 'shop', 'empty-inside')),
      pipe: async () => execFileSync('mkfifo', [join(out, 'pipe')]),
      'notes-link.txt': () => link(join(dir, 'notes.txt'), join(out, 'notes-link.txt')),
    };
    for (const make of Object.values(made)) await make();
    const before: Record<string, string> = {};
    for (const path of Object.keys(made)) before[path] = await describeEntry(join(out, path));
    const openapiBefore = await stat(join(out, 'shop', 'openapi.json'));

    await writeShop('Shop API, second edition');
    const second = await runCli(['generate', '--out', 'out'], dir);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/wrote [1-9]\d* file/);
    // The tree was replaced (a new inode), and every foreign entry is what it was.
    expect((await stat(join(out, 'shop', 'openapi.json'))).ino).not.toBe(openapiBefore.ino);
    for (const path of Object.keys(made)) expect(await describeEntry(join(out, path)), path).toBe(before[path]);
    expect((await stat(join(dir, 'notes.txt'))).ino).toBe((await stat(join(out, 'notes-link.txt'))).ino);
    expect((await readdir(dir)).filter((name) => name.includes('.svcgen-'))).toEqual([]);
    // check names each of them as not written by svcgen (an empty folder with a slash), and fails.
    const check = await runCli(['check', '--out', 'out'], dir);
    expect(check.code, check.stderr).toBe(1);
    const named = check.stderr.split('\n').filter((line) => line.startsWith('  extra:'));
    const folders = new Set(['empty', 'shop/empty-inside']);
    const names = Object.keys(made).map((path) => (folders.has(path) ? `${path}/` : path));
    expect(named).toEqual(names.sort().map((path) => `  extra:   ${path} (not written by svcgen)`));
  });

  it('puts foreign entries back after a run killed while they sat in the staged tree', async () => {
    await project();
    const out = join(dir, 'out');
    // The state a run leaves when killed after moving a foreign entry into the next tree.
    await mkdir(join(dir, 'out.svcgen-new', 'shop'), { recursive: true });
    await symlink('../runtime', join(dir, 'out.svcgen-new', 'shop', 'mine'));
    await writeFile(join(dir, 'out.svcgen-foreign.json'), JSON.stringify(['shop/mine']));
    const run = await runCli(['generate', '--out', 'out'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(await describeEntry(join(out, 'shop', 'mine'))).toBe('link -> ../runtime');
    expect((await readdir(dir)).filter((name) => name.includes('.svcgen-'))).toEqual([]);
  });

  it('refuses a foreign entry in the way of a generated folder, and changes nothing', async () => {
    await project();
    const out = join(dir, 'out');
    // The next generation adds a "shop2" folder; the user has a link of that name.
    await symlink('shop', join(out, 'shop2'));
    await writeFile(
      join(dir, 'definitions', 'shop2.yaml'),
      stringify({ ...shop(), name: 'shop2', interface: { ...(shop().interface as object), basePath: '/api2' } }),
    );
    const before = await hashTree(out);
    const run = await runCli(['generate', '--out', 'out'], dir);
    expect(run.code).toBe(3);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('out/shop2: is in the way');
    expect(await describeEntry(join(out, 'shop2'))).toBe('link -> shop');
    expect(await hashTree(out)).toEqual(before);
    expect((await readdir(dir)).filter((name) => name.includes('.svcgen-'))).toEqual([]);
  });
});

describe('output folders that are refused or followed', () => {
  it('refuses --out . (the project folder) and leaves node_modules/.bin and empty folders alone', async () => {
    await project();
    await mkdir(join(dir, 'node_modules', '.bin'), { recursive: true });
    await symlink('../tool/cli.js', join(dir, 'node_modules', '.bin', 'tool'));
    await mkdir(join(dir, 'empty'));
    const run = await runCli(['generate', '--out', '.'], dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      'svcgen: .: contains the project folder (.); svcgen replaces its output folder, so give it a folder of its own\n',
    );
    expect(await describeEntry(join(dir, 'node_modules', '.bin', 'tool'))).toBe('link -> ../tool/cli.js');
    expect(await describeEntry(join(dir, 'empty'))).toBe('folder of 0');
    expect((await readdir(dir)).filter((name) => name.includes('.svcgen-'))).toEqual([]);
  });

  it('refuses an output folder that holds the definitions or the config, for generate and check', async () => {
    await project();
    for (const args of [
      ['generate', '--definitions', 'out/defs', '--out', 'out'],
      ['check', '--definitions', 'out/defs', '--out', 'out'],
      ['generate', '--config', 'out/svcgen.config.yaml', '--out', 'out'],
    ]) {
      await mkdir(join(dir, 'out', 'defs'), { recursive: true });
      await writeFile(join(dir, 'out', 'defs', 'shop.yaml'), stringify(shop()));
      await writeFile(join(dir, 'out', 'svcgen.config.yaml'), 'definitions: ../definitions\n');
      const run = await runCli(args, dir);
      expect(run.code, args.join(' ')).toBe(3);
      expect(run.stderr).toMatch(
        /^svcgen: out: contains the (definitions folder \(out\/defs\)|config file \(out\/svcgen\.config\.yaml\)); [^\n]*\n$/,
      );
    }
  });

  it('follows an output path that is a symbolic link to a folder', async () => {
    dir = await scratch('output-folder');
    await mkdir(join(dir, 'definitions'));
    await writeShop('Shop API');
    await mkdir(join(dir, 'elsewhere'));
    await symlink('elsewhere', join(dir, 'out'));
    const first = await runCli(['generate', '--out', 'out'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(await describeEntry(join(dir, 'out'))).toBe('link -> elsewhere');
    expect(await readdir(join(dir, 'elsewhere'))).toContain('shop');
    const again = await runCli(['generate', '--out', 'out'], dir);
    expect(again.stdout).toContain('out is up to date');
    const check = await runCli(['check', '--out', 'out'], dir);
    expect(check.code, check.stderr).toBe(0);
  });
});
