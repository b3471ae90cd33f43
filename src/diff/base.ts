// The base side of a diff: a folder of definitions, or the definitions folder as it was at a git ref
// (read with `git ls-tree` and `git show`; nothing is checked out).
import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Diagnostic } from '../definitions/diagnostics.js';
import { closest } from '../ir/names.js';
import { readDefinitionSources, type DefinitionSource } from '../definitions/sources.js';
import type { DiffBase } from './types.js';

const run = promisify(execFile);
const DEFINITION_FILE = /\.ya?ml$/;

/** The base cannot be found: neither a folder nor a ref git knows. */
export class BaseNotFoundError extends Error {}

export interface BaseSources {
  readonly base: DiffBase;
  readonly definitions: readonly DefinitionSource[];
  readonly diagnostics: readonly Diagnostic[];
}

export async function readBaseSources(base: string, definitionsDir: string, cwd: string): Promise<BaseSources> {
  const folder = resolve(cwd, base);
  if ((await stat(folder).catch(() => undefined))?.isDirectory()) {
    const { sources, diagnostics } = await readDefinitionSources(folder, cwd);
    return { base: { kind: 'folder', label: base }, definitions: sources, diagnostics };
  }
  return readGitSources(base, definitionsDir, cwd);
}

async function readGitSources(ref: string, definitionsDir: string, cwd: string): Promise<BaseSources> {
  if (ref.startsWith('-')) throw new BaseNotFoundError(`base "${ref}" is neither a folder nor a git ref`);
  const notFound = (why: string) => (): never => {
    throw new BaseNotFoundError(`base "${ref}" ${why}`);
  };
  const root = await git(cwd, ['rev-parse', '--show-toplevel'])
    .then((stdout) => realpath(stdout.toString('utf8').trim()))
    .catch(notFound(`is not a folder, and ${cwd} is not inside a git repository (expected a folder or a git ref)`));
  const commit = await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])
    .then((stdout) => stdout.toString('utf8').trim())
    .catch(async () => {
      const nearest = closest(ref, await refNames(root));
      const hint = nearest === undefined ? '' : `did you mean ${nearest}? `;
      return notFound(`is neither a folder nor a git ref (${hint}expected a folder, a branch, a tag or a commit)`)();
    });
  const dir = relative(root, await realpath(definitionsDir).catch(() => definitionsDir))
    .split(sep)
    .join('/');
  if (dir.startsWith('..') || isAbsolute(dir))
    throw new BaseNotFoundError(`the definitions folder ${definitionsDir} is outside the git repository ${root}`);
  const listing = (await git(root, ['ls-tree', '-z', commit, '--', ...(dir ? [`${dir}/`] : [])])).toString('utf8');
  const paths = listing
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const [meta = '', path = ''] = entry.split('\t');
      return { type: meta.split(' ')[1], path };
    })
    .filter(({ type, path }) => type === 'blob' && DEFINITION_FILE.test(path) && posix.dirname(path) === (dir || '.'))
    .map(({ path }) => path)
    .sort();
  const definitions = await Promise.all(
    paths.map(async (path) => ({
      file: `${ref}:${path}`,
      bytes: new Uint8Array(await git(root, ['show', `${commit}:${path}`])),
    })),
  );
  return { base: { kind: 'git', label: `${ref}:${dir || '.'}` }, definitions, diagnostics: [] };
}

/** The branches, remote branches and tags of the repository, for a "did you mean" on a mistyped base. */
async function refNames(root: string): Promise<string[]> {
  const listing = await git(root, [
    'for-each-ref',
    '--format=%(refname:short)',
    'refs/heads',
    'refs/remotes',
    'refs/tags',
  ])
    .then((stdout) => stdout.toString('utf8'))
    .catch(() => '');
  return listing.split('\n').filter(Boolean);
}

async function git(cwd: string, args: readonly string[]): Promise<Buffer> {
  const { stdout } = await run('git', ['-C', cwd, ...args], { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}
