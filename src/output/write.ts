// The only place that writes the output folder. The new tree is built beside the old one and
// swapped in by two renames, so a run killed at any moment leaves the old tree or the new one:
// if it dies between the renames, the next run puts the old tree back before doing anything.
// Entries svcgen did not write are moved into the new tree, never copied (foreign-entries.ts).
import { access, chmod, constants, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { foreignEntries, hardLinked, moveForeignBack, moveForeignInto } from './foreign-entries.js';
import { MANIFEST_FILE, manifestText, readManifest } from './manifest.js';
import { withOpenFile } from './open-limit.js';
import { OutputError, describeFsError } from './output-error.js';

/**
 * Whether the file at `path` in the output folder is known to hold content of this hash without
 * reading it (src/output/output-stats.ts). Such a file is carried into the new tree as a hard
 * link instead of being written again.
 */
export type KnownUnchanged = (path: string, hash: string) => Promise<boolean>;

/** What the run's cache knows of the output folder (src/incremental/run-cache.ts). */
export interface WriteHints {
  readonly knownUnchanged: KnownUnchanged;
  /** Each file's hash as the last run wrote it, to tell what this run changes from what it restores. */
  readonly lastRun: Readonly<Record<string, string>> | undefined;
}

/** A file as written: with its header, formatted, and the sha256 of its content. */
export type FinishedFile = { readonly path: string; readonly content: string; readonly hash: string };

/**
 * Writes the run's files as the new output tree, built beside the output folder, then swapped in;
 * nothing is touched (upToDate) when the output folder already holds exactly these files and manifest.
 */
export async function writeOutput(outDir: string, files: readonly FinishedFile[], hints: WriteHints) {
  await recoverInterruptedWrite(outDir);
  const previous = await readManifest(outDir);
  await assertWritable(outDir);
  const staging = stagingOf(outDir);
  try {
    await mkdir(staging, { recursive: true });
  } catch (error) {
    throw new OutputError(
      dirname(outDir),
      `cannot create the output's staging folder here (${describeFsError(error)})`,
    );
  }
  const produced = new Set(files.map((file) => file.path));
  const deleted = (previous?.paths ?? []).filter((path) => !produced.has(path));
  let restored: string[];
  try {
    const stillHeld = await stage(outDir, files, hints.knownUnchanged);
    restored = files.filter((_, index) => !stillHeld[index]).map((file) => file.path);
    const manifest = manifestText(produced);
    if (restored.length === 0 && deleted.length === 0 && previous?.text === manifest) {
      await removeTree(staging);
      return { written: [], deleted, upToDate: true };
    }
    await swapIn(outDir, manifest, [...(previous?.paths ?? []), ...produced]);
  } catch (error) {
    // A failed run drops the staged tree: the output folder stays as it was.
    await removeTree(staging).catch(() => undefined);
    throw error;
  }
  // Reported as written: what this run changes from the last one; files edited by hand since and
  // put back count only when the run changes nothing else (or there is no record of the last run).
  const { lastRun } = hints;
  const changed = lastRun
    ? files.filter((file) => lastRun[file.path] !== file.hash).map((file) => file.path)
    : restored;
  return { written: changed.length > 0 || deleted.length > 0 ? changed : restored, deleted, upToDate: false };
}

/**
 * Puts each file into the staged tree: linked when the output folder holds this content, untouched
 * since it was hashed, else written. Returns, for each file, whether the output folder already held it.
 */
async function stage(
  outDir: string,
  files: readonly FinishedFile[],
  knownUnchanged: KnownUnchanged,
): Promise<boolean[]> {
  const folders = new Map<string, Promise<unknown>>();
  const writes = files.map(async (file) => {
    const target = join(stagingOf(outDir), file.path);
    const folder = dirname(target);
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    await folders.get(folder);
    const current = join(outDir, file.path);
    if ((await knownUnchanged(file.path, file.hash)) && (await hardLinked(current, target))) return true;
    await withOpenFile(() => writeFile(target, file.content));
    return (await withOpenFile(() => readFile(current, 'utf8')).catch(() => undefined)) === file.content;
  });
  try {
    return await Promise.all(writes);
  } catch (error) {
    // Every write settles before the staged tree is removed.
    await Promise.allSettled(writes);
    throw error;
  }
}

/** Two renames: the staged tree (with the entries svcgen did not write moved into it) for the output folder. */
async function swapIn(outDir: string, manifest: string, owned: readonly string[]): Promise<void> {
  const staging = stagingOf(outDir);
  await writeFile(join(staging, MANIFEST_FILE), manifest);
  const replacing = await exists(outDir);
  if (replacing) await moveForeignInto(outDir, staging, await foreignEntries(outDir, owned));
  try {
    if (replacing) await rename(outDir, retiredOf(outDir));
    await rename(staging, outDir);
  } catch (error) {
    // Either rename failed: the old tree is put back in place, and the foreign entries back into it.
    await recoverInterruptedWrite(outDir);
    throw new OutputError(outDir, `cannot be replaced (${describeFsError(error)}); nothing was changed`);
  }
  await moveForeignBack(outDir, staging);
  await removeTree(retiredOf(outDir));
}

export function stagingOf(outDir: string): string {
  return `${outDir}.svcgen-new`;
}

export function retiredOf(outDir: string): string {
  return `${outDir}.svcgen-old`;
}

/**
 * A read-only output folder (or one of svcgen's folders in it) is the user's choice: refused before
 * anything is staged, rather than swapped and then found impossible to clean up.
 */
async function assertWritable(outDir: string): Promise<void> {
  if (!(await exists(outDir))) return;
  for (const folder of [outDir, ...(await listFolders(outDir))]) {
    try {
      await access(folder, constants.W_OK);
    } catch {
      throw new OutputError(folder, 'is read-only; make it writable (chmod u+w) or remove it, then generate again');
    }
  }
}

async function listFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Removes a folder svcgen made (staging, or a retired tree): if a folder in it was made read-only,
 * it is made writable first, so nothing is left behind to fail later runs.
 */
async function removeTree(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    try {
      for (const folder of [dir, ...(await listFolders(dir))]) await chmod(folder, 0o700);
      await rm(dir, { recursive: true, force: true });
    } catch (error) {
      throw new OutputError(dir, `cannot be removed (${describeFsError(error)}); remove it by hand`);
    }
  }
}

/** A run that died between the two renames left no output folder but a retired one. */
export async function recoverInterruptedWrite(outDir: string): Promise<void> {
  const retired = retiredOf(outDir);
  if (!(await exists(outDir)) && (await exists(retired))) await rename(retired, outDir);
  // Foreign entries moved into the staged tree go back before it is removed.
  await moveForeignBack(outDir, stagingOf(outDir));
  await removeTree(retired);
  await removeTree(stagingOf(outDir));
}

/**
 * The folder holding the last complete generation, without changing anything: the output folder,
 * or the retired one when a run was killed between its two renames (what the next run restores).
 * For readers such as `check`, which must not write.
 */
export async function committedOutputDir(outDir: string): Promise<string> {
  const retired = retiredOf(outDir);
  return !(await exists(outDir)) && (await exists(retired)) ? retired : outDir;
}

/** Whether anything (a file, folder or link) is at `path`. */
export async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined)) !== undefined;
}
