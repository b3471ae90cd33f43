// svcgen's packed tarball in a new team repo, shared by the adoption tests: `npm pack` of this checkout
// (dist/ as built, no lifecycle script), a new ESM repo that installs it as a devDependency with
// typescript and the @types/node of the running Node's major, and npm/npx run in it. npm's cache comes
// first, so a machine that ran `npm ci` needs little network.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../workflow/helpers.js';

export const run = promisify(execFile);
export const TYPESCRIPT = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).devDependencies
  .typescript as string;
export const NODE_MAJOR = process.versions.node.split('.')[0] as string;

export const npm = (args: readonly string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd, maxBuffer: 1 << 24 });

/** `npm pack` of this checkout into `dir`; the tarball's path. */
export async function packTarball(dir: string): Promise<string> {
  const { stdout } = await npm(['pack', '--ignore-scripts', '--pack-destination', dir], ROOT);
  return join(dir, stdout.trim().split('\n').at(-1) as string);
}

export interface TeamRepo {
  readonly dir: string;
  /** What `npm install` printed, stdout and stderr. */
  readonly installOutput: string;
  /** `npx --no-install <args>` in the repo. */
  npx(args: readonly string[]): Promise<{ stdout: string; stderr: string }>;
}

/** A new ESM repo at `dir` with the tarball installed as a devDependency, as docs/first-api.md does it. */
export async function teamRepo(dir: string, tarball: string): Promise<TeamRepo> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'team-repo', private: true, type: 'module' }, null, 2)}\n`,
  );
  const installed = await npm(
    ['install', '--save-dev', tarball, `typescript@${TYPESCRIPT}`, `@types/node@${NODE_MAJOR}`],
    dir,
  );
  return {
    dir,
    installOutput: `${installed.stdout}\n${installed.stderr}`,
    npx: (args) => run('npx', ['--no-install', ...args], { cwd: dir, maxBuffer: 1 << 24 }),
  };
}
