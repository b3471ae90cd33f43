// Where the output really goes. A symbolic link to a folder is followed (the link stays, its
// target gets the output); an output folder that would hold the project, the definitions, the
// config or the templates is refused: svcgen replaces its output folder's tree, and must never
// be pointed at the user's work (`--out .`).
import { lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { ResolvedConfig } from '../config.js';
import { displayPath } from '../definitions/sources.js';
import { OutputError } from './output-error.js';

/** The folder to write (the target of a symbolic link), or a located OutputError. */
export async function usableOutDir(config: ResolvedConfig): Promise<string> {
  const shown = displayPath(config.outDir, config.cwd) || '.';
  let outDir = config.outDir;
  const found = await lstat(outDir).catch(() => undefined);
  if (found?.isSymbolicLink()) {
    const target = await stat(outDir).catch(() => undefined);
    if (!target?.isDirectory())
      throw new OutputError(
        shown,
        'is a symbolic link, but not to a folder that exists; point it at a folder or remove it',
      );
    outDir = await realpath(outDir);
  } else if (found && !found.isDirectory()) {
    throw new OutputError(shown, 'is not a folder; the output folder must be a folder (or not exist yet)');
  }
  const realOut = await realPathOfLongestExisting(outDir);
  const guarded: [string, string | undefined][] = [
    ['the project folder', config.cwd],
    ['the definitions folder', config.definitionsDir],
    ['the config file', config.configFile],
    ['the templates folder', config.templatesDir],
  ];
  for (const [what, path] of guarded) {
    if (path === undefined) continue;
    const real = await realPathOfLongestExisting(path);
    if (real === realOut || real.startsWith(realOut.endsWith(sep) ? realOut : `${realOut}${sep}`)) {
      throw new OutputError(
        shown,
        `contains ${what} (${displayPath(path, config.cwd) || '.'}); svcgen replaces its output folder, so give it a folder of its own`,
      );
    }
  }
  return outDir;
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
async function realPathOfLongestExisting(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(await realPathOfLongestExisting(parent), basename(absolute));
  }
}
