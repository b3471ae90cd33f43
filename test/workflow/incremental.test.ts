// A second `svcgen generate` with nothing changed must load none of the libraries that do the
// work (zod, handlebars, yaml, prettier's document printer), and no run loads ts-morph or the
// TypeScript compiler: generated code is printed without them.
//
// How it is observed: the CLI runs in a child process started with `node --import register.mjs`,
// which registers an ESM resolve hook (node:module register) that appends every resolved module
// URL to a log file. The CLI is bundled (scripts/bundle-cli.mjs): a file of the bundle stands for
// the modules it holds (dist/cli-bundle.json), so the log lists a library exactly when it is loaded.
// The first run is the control: it must list the working libraries, which shows the hook sees what
// it is meant to see.
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DEFINITION, CLI, removeDir, ROOT, runNode, tempDir, writeText } from './helpers.js';

const SLOW = 180_000;

const HOOKS = `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, result.url + '\\n');
  return result;
}
`;

const REGISTER = `import { register } from 'node:module';
register(new URL('./hooks.mjs', import.meta.url).href, { data: { log: process.env.SVCGEN_LOAD_LOG } });
`;

let dir: string;
beforeAll(async () => {
  dir = await tempDir('svcgen-incremental-');
  await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
  await writeFile(join(dir, 'hooks.mjs'), HOOKS);
  await writeFile(join(dir, 'register.mjs'), REGISTER);
});
afterAll(async () => {
  await removeDir(dir);
});

/** `svcgen <args>` in the temp folder; the module URLs it resolved. */
async function generateLogged(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; modules: string[] }> {
  const log = join(dir, 'modules.log');
  await rm(log, { force: true });
  await writeFile(log, '');
  const result = await runNode(['--import', pathToFileURL(join(dir, 'register.mjs')).href, CLI, ...args], dir, {
    SVCGEN_LOAD_LOG: log,
  });
  if (result.code !== 0) throw new Error(`svcgen ${args.join(' ')} failed:\n${result.stderr}`);
  return {
    code: result.code,
    stdout: result.stdout,
    modules: (await readFile(log, 'utf8')).split('\n').filter(Boolean).flatMap(heldModules),
  };
}

/** What the bundle's files hold, by file name (written by the build). */
const BUNDLE = JSON.parse(readFileSync(join(CLI, '..', 'cli-bundle.json'), 'utf8')) as Record<string, string[]>;

/** A loaded file of the bundle as the modules it holds (their file URLs); any other module as itself. */
function heldModules(url: string): string[] {
  const held = url.startsWith('file:') ? BUNDLE[fileURLToPath(url).slice(join(CLI, '..').length + 1)] : undefined;
  return held ? [url, ...held.map((path) => pathToFileURL(path).href)] : [url];
}

const loads = (modules: readonly string[], name: string) =>
  modules.some((url) => url.includes(`/node_modules/${name}/`));
const WORKING_LIBRARIES = /\/node_modules\/(zod|handlebars|yaml|prettier|ts-morph|@ts-morph|typescript)\//;
const COMPILER = /\/node_modules\/(ts-morph|@ts-morph|typescript)\//;
/** svcgen's build steps and V8 settings: a no-op run loads none of them (each module costs it about a millisecond). */
const BUILD_STEPS =
  /\/src\/(build-ir|set-v8-tiering|output\/(format|header|check)|incremental\/render-parts|incremental\/memo-file)\.ts$/;

describe('incremental runs', () => {
  it(
    'the first run loads the working libraries (the hook sees them), but never the compiler',
    { timeout: SLOW },
    async () => {
      const first = await generateLogged(['generate']);
      expect(first.stdout).toMatch(/wrote \d+ file\(s\)/);
      for (const name of ['zod', 'handlebars', 'yaml', 'prettier']) expect(loads(first.modules, name), name).toBe(true);
      expect(first.modules.filter((url) => COMPILER.test(url))).toEqual([]);
      expect(new Set(first.modules.filter((url) => BUILD_STEPS.test(url))).size).toBe(6); // check.js: for check
    },
  );

  it('a second run with nothing changed loads neither', { timeout: SLOW }, async () => {
    const second = await generateLogged(['generate']);
    expect(second.stdout).toBe('svcgen: generated is up to date\n');
    expect(second.modules.some((url) => url.endsWith('/dist/cli.js'))).toBe(true);
    expect(second.modules.filter((url) => WORKING_LIBRARIES.test(url))).toEqual([]);
    expect(second.modules.filter((url) => BUILD_STEPS.test(url))).toEqual([]);
  });

  it('neither does importing the programmatic API', { timeout: SLOW }, async () => {
    const log = join(dir, 'api.log');
    await writeFile(log, '');
    const script = `const api = await import(${JSON.stringify(pathToFileURL(join(CLI, '..', 'index.js')).href)}); console.log(Object.keys(api).sort().join(','));`;
    const result = await runNode(
      ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', script],
      dir,
      { SVCGEN_LOAD_LOG: log },
    );
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
    const third = await generateLogged(['generate']);
    expect(third.stdout).toMatch(/wrote [1-9]\d* file\(s\)/);
    expect(loads(third.modules, 'prettier')).toBe(true);
    expect(third.modules.filter((url) => COMPILER.test(url))).toEqual([]);
  });
});

/** Whether a run was answered by the no-op stamp: it never loaded the CLI proper. */
const byStamp = (modules: readonly string[]) => !modules.some((url) => url.endsWith('/src/cli-main.ts'));
/** Inputs changed this close before a run are not stamped (noop-stamp.ts's racy margin is 100 ms). */
const settle = () => new Promise((done) => setTimeout(done, 300));

describe('the no-op stamp', () => {
  it('answers a repeated command, and covers svcgen package.json and code', { timeout: SLOW }, async () => {
    await settle();
    await generateLogged(['generate']); // stamps: its inputs are older than its start
    const repeated = await generateLogged(['generate']);
    expect(repeated.stdout).toBe('svcgen: generated is up to date\n');
    expect(byStamp(repeated.modules)).toBe(true);
    const stampDir = join(dir, 'node_modules', '.cache', 'svcgen', 'noop');
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
