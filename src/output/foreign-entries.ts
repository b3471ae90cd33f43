// Entries of the output folder that svcgen did not write (a README, a symbolic link, an empty
// folder, a FIFO, a hard-linked file) are carried into the next tree before it is swapped in,
// never copied: a file is hard-linked (the same inode, so its other links still hold), a symbolic
// link made again with the same target, a folder made again with its mode and its entries
// carried. The old tree stays whole until the swap, as a killed run needs it.
//
// Anything else (a FIFO, a socket, or a file the file system cannot link) is moved. A run killed
// while it sits in the next tree must not lose it: each path is added to a journal beside the
// output folder before it is moved, and recovery moves whatever the journal lists back.
import {
  chmod,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LEGACY_MANIFEST_FILE, MANIFEST_FILE } from './manifest.js';
import { OutputError, describeFsError } from './output-error.js';

/**
 * The foreign entries of `outDir`, outermost first: a folder holding no file of svcgen's (`owned`:
 * the last run's and this one's) is one entry, moved whole; svcgen's own folders are looked into.
 */
export async function foreignEntries(outDir: string, owned: Iterable<string>): Promise<string[]> {
  const ownedPaths = new Set([...owned, MANIFEST_FILE, LEGACY_MANIFEST_FILE]);
  const ownedFolders = new Set<string>();
  for (const path of ownedPaths)
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1))
      ownedFolders.add(path.slice(0, at));
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(join(outDir, folder), { withFileTypes: true })) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory() && ownedFolders.has(path)) await walk(path);
      else if (!(entry.isFile() && ownedPaths.has(path))) found.push(path);
    }
  };
  await walk('');
  return found;
}

function journalOf(outDir: string): string {
  return `${outDir}.svcgen-foreign.json`;
}

/** Carries the foreign entries into `staging`; on any failure moves back those moved. */
export async function moveForeignInto(outDir: string, staging: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    if (await lstat(join(staging, path)).catch(() => undefined))
      throw new OutputError(
        join(outDir, path),
        'is in the way of a file or folder svcgen generates there; move it elsewhere',
      );
  }
  const moved: string[] = [];
  const carry = async (path: string): Promise<void> => {
    const from = join(outDir, path);
    const to = join(staging, path);
    const found = await lstat(from);
    await mkdir(dirname(to), { recursive: true });
    if (found.isDirectory()) {
      await mkdir(to);
      for (const name of await readdir(from)) await carry(`${path}/${name}`);
      return chmod(to, found.mode & 0o7777);
    }
    if (found.isSymbolicLink()) return symlink(await readlink(from), to);
    if (found.isFile() && (await hardLinked(from, to))) return;
    moved.push(path);
    await writeFile(journalOf(outDir), JSON.stringify(moved));
    await rename(from, to);
  };
  try {
    for (const path of paths) await carry(path);
  } catch (error) {
    await moveForeignBack(outDir, staging);
    const path = (error as NodeJS.ErrnoException).path ?? outDir;
    throw new OutputError(path, `cannot be kept in the output folder (${describeFsError(error)}); nothing was changed`);
  }
}

/** Whether `to` could be made a hard link to `from`: false where the file system cannot link. */
export function hardLinked(from: string, to: string): Promise<boolean> {
  return link(from, to).then(
    () => true,
    () => false,
  );
}

/**
 * Moves what the journal lists from `staging` back into `outDir` (each that is there and not yet back), then drops the
 * journal.
 */
export async function moveForeignBack(outDir: string, staging: string): Promise<void> {
  const paths: unknown = await readFile(journalOf(outDir), 'utf8').then(JSON.parse, () => []);
  for (const path of Array.isArray(paths) ? paths : []) {
    if (typeof path !== 'string') continue;
    const from = join(staging, path);
    const to = join(outDir, path);
    if (!(await lstat(from).catch(() => undefined)) || (await lstat(to).catch(() => undefined))) continue;
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  }
  await rm(journalOf(outDir), { force: true });
}
