// Shared by the foundation tests: a temporary copy of the repo's inputs and outputs, a temporary
// project of synthetic definitions, the CLI as a child process, and a hash of every file of a tree.
import { cp, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { tempDir } from '../helpers/tree.js';

export { CLI, ROOT, runCli, runTsc } from '../helpers/cli.js';
export type { ProcessRun as RunResult } from '../helpers/process.js';
export { hashTree, listTree, removeDir } from '../helpers/tree.js';

/**
 * A fresh folder in the OS temp dir holding copies of the given repo folders and files; by default what generated/
 * is made from (the definitions and the config) and generated/ itself.
 */
export async function tempCopy(
  folders: readonly string[] = ['svcgen.config.yaml', 'definitions', 'generated'],
): Promise<string> {
  const dir = await tempDir('svcgen-foundation-');
  for (const folder of folders) await cp(join(ROOT, folder), join(dir, folder), { recursive: true });
  // The repo's client sends GET bodies through undici, a dependency of the repo: without it generate warns. Linked
  // alone, so that each copy keeps its own node_modules/.cache.
  await mkdir(join(dir, 'node_modules'));
  await symlink(join(ROOT, 'node_modules', 'undici'), join(dir, 'node_modules', 'undici'));
  return dir;
}

/**
 * A project in a fresh temp folder: synthetic definitions of `count` entities (bench/synth.mjs), with generate()'s
 * options for it.
 */
export interface SyntheticProject {
  dir: string;
  definitions: string;
  admin: string;
  options: { cwd: string; definitionsDir: string; outDir: string; gitattributes: false };
}

export async function syntheticProject(count: number): Promise<SyntheticProject> {
  const dir = await tempDir('svcgen-synthetic-');
  const definitions = join(dir, 'definitions');
  await synthesize(count, definitions);
  return {
    dir,
    definitions,
    admin: join(definitions, 'admin-api.yaml'),
    options: { cwd: dir, definitionsDir: definitions, outDir: join(dir, 'out'), gitattributes: false },
  };
}
