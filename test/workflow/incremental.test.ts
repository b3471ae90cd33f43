// A second `svcgen generate` with nothing changed must load none of the libraries that do the
// work (zod, handlebars, prettier's document printer; yaml too, but it is loaded with require,
// which the ESM hook does not see), and no run loads ts-morph or the TypeScript compiler:
// generated code is printed without them.
//
// How it is observed: the CLI runs in a child process started with `node --import register.mjs`,
// which registers an ESM resolve hook (node:module register) that appends every resolved module
// URL to a log file, and `--require` of a hook that does the same for require(). The CLI svcgen
// ships is one bundle (scripts/bundle-cli.mjs), in which each module is initialised at its first
// import as it is when it is a file of its own (esbuild's lazy module wrappers), but not seen by
// the hooks: which modules a run loads is observed on a copy of dist/ without the bundle, where
// cli.ts imports cli-main.js and every module is a file. The first run is the control: it must
// list the working libraries, which shows the hooks see what they are meant to see.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cp, mkdir, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLogArgs } from '../helpers/load-log.js';
import { BASE_DEFINITION, CLI, removeDir, ROOT, runNode, tempDir, writeText } from './helpers.js';

const SLOW = 180_000;

let dir: string;
/** The CLI from a copy of dist/ without the bundle: each module a file the hooks see. */
let unbundledCli: string;
/** Node's arguments that write down what a run loads (test/helpers/load-log.ts). */
let hooks: string[];
beforeAll(async () => {
  dir = await tempDir('svcgen-incremental-');
  await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
  hooks = await loadLogArgs(dir);
  const copy = join(dir, 'svcgen');
  await mkdir(copy);
  await cp(join(ROOT, 'dist'), join(copy, 'dist'), {
    recursive: true,
    filter: (path) => !basename(path).startsWith('cli-main.cjs'),
  });
  for (const entry of ['package.json', 'templates', 'src', 'node_modules'])
    await symlink(join(ROOT, entry), join(copy, entry));
  unbundledCli = join(copy, 'dist', 'cli.js');
});
afterAll(async () => {
  await removeDir(dir);
});

/** `svcgen <args>` in the temp folder, by the given CLI (default: the bundled one); the module URLs it resolved. */
async function generateLogged(
  args: readonly string[],
  cli = CLI,
): Promise<{ code: number | null; stdout: string; modules: string[] }> {
  const log = join(dir, 'modules.log');
  await rm(log, { force: true });
  await writeFile(log, '');
  const result = await runNode([...hooks, cli, ...args], dir, { SVCGEN_LOAD_LOG: log });
  if (result.code !== 0) throw new Error(`svcgen ${args.join(' ')} failed:\n${result.stderr}`);
  return {
    code: result.code,
    stdout: result.stdout,
    modules: (await readFile(log, 'utf8')).split('\n').filter(Boolean),
  };
}

const loads = (modules: readonly string[], name: string) =>
  modules.some((url) => url.includes(`/node_modules/${name}/`));
const WORKING_LIBRARIES = /\/node_modules\/(zod|handlebars|prettier|ts-morph|@ts-morph|typescript)\//;
const COMPILER = /\/node_modules\/(ts-morph|@ts-morph|typescript)\//;
/** svcgen's build steps and V8 settings: a no-op run loads none of them (each module costs it about a millisecond). */
const BUILD_STEPS =
  /\/dist\/(build-ir|set-v8-tiering|output\/(format|header|check)|incremental\/render-parts|incremental\/memo-file)\.js$/;

describe('incremental runs', () => {
  it(
    'the first run loads the working libraries (the hook sees them), but never the compiler',
    { timeout: SLOW },
    async () => {
      const first = await generateLogged(['generate'], unbundledCli);
      expect(first.stdout).toMatch(/wrote \d+ file\(s\)/);
      for (const name of ['zod', 'handlebars', 'prettier']) expect(loads(first.modules, name), name).toBe(true);
      expect(first.modules.filter((url) => COMPILER.test(url))).toEqual([]);
      expect(new Set(first.modules.filter((url) => BUILD_STEPS.test(url))).size).toBe(6); // check.js: for check
    },
  );

  it('a second run with nothing changed loads neither', { timeout: SLOW }, async () => {
    const second = await generateLogged(['generate'], unbundledCli);
    expect(second.stdout).toBe('svcgen: generated is up to date\n');
    expect(second.modules.some((url) => url.endsWith('/dist/cli.js'))).toBe(true);
    expect(second.modules.filter((url) => WORKING_LIBRARIES.test(url))).toEqual([]);
    expect(second.modules.filter((url) => BUILD_STEPS.test(url))).toEqual([]);
  });

  it('neither does importing the programmatic API', { timeout: SLOW }, async () => {
    const log = join(dir, 'api.log');
    await writeFile(log, '');
    const script = `const api = await import(${JSON.stringify(pathToFileURL(join(CLI, '..', 'index.js')).href)}); console.log(Object.keys(api).sort().join(','));`;
    const result = await runNode([...hooks, '--input-type=module', '-e', script], dir, { SVCGEN_LOAD_LOG: log });
    expect(result.stderr).toBe('');
    const modules = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    expect(
      modules.filter((url) => /\/node_modules\/(handlebars|prettier|ts-morph|@ts-morph|typescript)\//.test(url)),
    ).toEqual([]);
  });

  it('a changed definition runs the whole pipeline again', { timeout: SLOW }, async () => {
    await writeText(
      join(dir, 'definitions', 'shop.yaml'),
      BASE_DEFINITION.replace('description: An item for sale.', 'description: An item on sale.'),
    );
    const third = await generateLogged(['generate'], unbundledCli);
    expect(third.stdout).toMatch(/wrote [1-9]\d* file\(s\)/);
    expect(loads(third.modules, 'prettier')).toBe(true);
    expect(third.modules.filter((url) => COMPILER.test(url))).toEqual([]);
  });
});

describe('the bundled CLI', () => {
  it(
    'loads prettier for a run that builds, not for one with nothing to do, and never the compiler',
    { timeout: SLOW },
    async () => {
      const built = await generateLogged(['generate', '--out', 'bundled']);
      expect(built.stdout).toMatch(/wrote [1-9]\d* file\(s\)/);
      expect(built.modules.some((url) => url.endsWith('/dist/cli-bundle.js'))).toBe(true);
      expect(loads(built.modules, 'prettier')).toBe(true);
      expect(built.modules.filter((url) => COMPILER.test(url))).toEqual([]);
      const again = await generateLogged(['generate', '--out', 'bundled']);
      expect(again.stdout).toBe('svcgen: bundled is up to date\n');
      expect(again.modules.filter((url) => WORKING_LIBRARIES.test(url))).toEqual([]);
    },
  );
});

/** Whether a run was answered by the no-op stamp: it never started the bundled CLI. */
const byStamp = (modules: readonly string[]) => !modules.some((url) => url.endsWith('/dist/cli-bundle.js'));
/** Inputs changed this close before a run are not stamped (noop-stamp.ts's racy margin is 100 ms). */
const settle = () => new Promise((done) => setTimeout(done, 300));

describe('the no-op stamp', () => {
  it('answers a repeated command, and covers svcgen package.json and code', { timeout: SLOW }, async () => {
    // Only this command's stamp: the runs above left stamps of their own (another output, another copy of svcgen).
    const stampDir = join(dir, 'node_modules', '.cache', 'svcgen', 'noop');
    await rm(stampDir, { recursive: true, force: true });
    await settle();
    await generateLogged(['generate']); // stamps: its inputs are older than its start
    const repeated = await generateLogged(['generate']);
    expect(repeated.stdout).toBe('svcgen: generated is up to date\n');
    expect(byStamp(repeated.modules)).toBe(true);
    const [name] = await readdir(stampDir);
    const stamped = (
      JSON.parse(await readFile(join(stampDir, name ?? ''), 'utf8')) as { entries: [string, string][] }
    ).entries.map(([path]) => path);
    for (const path of [
      join(ROOT, 'package.json'),
      join(ROOT, 'dist', 'version.js'),
      join(ROOT, 'dist', 'cli-main.js'),
    ])
      expect(stamped).toContain(path);
  });

  it('is not used with another flag', { timeout: SLOW }, async () => {
    expect(byStamp((await generateLogged(['generate', '--no-cache'])).modules)).toBe(false);
  });

  it('misses a changed definition, config or template', { timeout: SLOW }, async () => {
    const edits: [string, string][] = [
      [join('definitions', 'shop.yaml'), BASE_DEFINITION.replace('An item for sale.', 'An item for rent.')],
      ['svcgen.config.yaml', 'templates: templates\n'],
      [join('templates', 'docs-errors.md.hbs'), '# Errors\n'],
      [join('templates', 'docs-errors.md.hbs'), '# Failures\n'],
    ];
    for (const [file, text] of edits) {
      await writeText(join(dir, file), text);
      const changed = await generateLogged(['generate']);
      expect(byStamp(changed.modules), file).toBe(false);
      await settle();
      await generateLogged(['generate']);
      expect(byStamp((await generateLogged(['generate'])).modules), file).toBe(true);
    }
  });
});
