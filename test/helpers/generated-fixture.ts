// One API of test/fixtures generated into a temporary folder, as the tests that drive or compile
// generated code use it: its modules to import, its files to read, and tsc over it (and over files a
// test writes beside it) with the strictest options a team may use.
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { generate } from '../../src/index.js';
import { ROOT, runTsc } from '../foundation/helpers.js';
import { STRICTEST, TYPE_ROOTS } from './compiler-options.js';
import { tempDir } from './tree.js';

type Loose = Record<string, any>;

export interface GeneratedFixture {
  /** The temporary folder; the output is its `out` folder. */
  readonly dir: string;
  readonly out: string;
  /** Imports a generated module, by its path under `out` ("library-api/server.ts"). */
  load(path: string): Promise<Loose>;
  /** Parses a generated JSON file, by its path under `out`. */
  json(path: string): Promise<Loose>;
  /**
   * tsc with STRICTEST over `include` (paths or globs, relative to `dir`), the folder made an ESM
   * package that resolves the repo's node_modules: the tsc output ("" when clean) and exit code.
   */
  typecheck(include: readonly string[]): Promise<{ code: number | null; output: string }>;
  remove(): Promise<void>;
}

/**
 * Generates test/fixtures/<fixture>/definitions into a new temporary folder, or the definition files
 * a test writes (by file name) when it gives them, with `config` as its svcgen.config.yaml when given;
 * the run must succeed.
 */
export async function generateFixture(
  fixture: string,
  files?: Readonly<Record<string, string>>,
  config?: string,
): Promise<GeneratedFixture> {
  const dir = await tempDir(`svcgen-${fixture}-`);
  if (config !== undefined) await writeFile(join(dir, 'svcgen.config.yaml'), config);
  const out = join(dir, 'out');
  let definitionsDir = join(ROOT, 'test/fixtures', fixture, 'definitions');
  if (files) {
    definitionsDir = join(dir, 'definitions');
    await mkdir(definitionsDir);
    for (const [name, text] of Object.entries(files)) await writeFile(join(definitionsDir, name), text);
  }
  const result = await generate({ cwd: dir, definitionsDir, outDir: out, gitattributes: false, cache: false });
  expect(result.ok ? [] : result.diagnostics).toEqual([]);
  // Made a package only for tsc: the tests import the output as it is generated.
  let packaged = false;
  return {
    dir,
    out,
    load: async (path) => (await import(pathToFileURL(join(out, path)).href)) as Loose,
    json: async (path) => JSON.parse(await readFile(join(out, path), 'utf8')) as Loose,
    async typecheck(include) {
      if (!packaged) {
        await writeFile(join(dir, 'package.json'), JSON.stringify({ name: fixture, private: true, type: 'module' }));
        await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
        packaged = true;
      }
      const compilerOptions = { ...STRICTEST, typeRoots: TYPE_ROOTS };
      const project = join(dir, 'tsconfig.json');
      const files = include.map((path) => resolve(dir, path));
      await writeFile(project, JSON.stringify({ compilerOptions, include: files }, null, 2));
      return runTsc(['-p', project]);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The definition files of a folder (default: the shop's, definitions/), by file name: generateFixture's `files`. */
export async function definitionFiles(dir = join(ROOT, 'definitions')): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml'));
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')])),
  );
}
