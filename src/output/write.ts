// The only place that writes the output folder. The new tree is built beside the old one and
// swapped in by two renames, so a run killed at any moment leaves the old tree or the new one:
// if it dies between the renames, the next run puts the old tree back before doing anything.
// Entries svcgen did not write are moved into the new tree, never copied (foreign-entries.ts).
import {
  access,
  chmod,
  constants,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { foreignEntries, moveForeignBack, moveForeignInto } from './foreign-entries.js';
import { MANIFEST_FILE, manifestText, readManifest, type OwnedFiles } from './manifest.js';
import { withOpenFile } from './open-limit.js';
import { OutputError, describeFsError } from './output-error.js';

export interface WriteSummary {
  readonly written: readonly string[];
  readonly deleted: readonly string[];
  readonly unchanged: boolean;
}

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

/**
 * Writes the run's files (each with its content hash) as the new output tree; nothing is touched when it already holds
 * them.
 */
export async function writeOutput(
  outDir: string,
  files: readonly { path: string; content: string; hash: string }[],
  hints: WriteHints,
): Promise<WriteSummary> {
  const staged = await StagedOutput.open(outDir, hints.knownUnchanged, hints.lastRun);
  for (const file of files) staged.add(file, file.hash);
  try {
    return await staged.commit(files);
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
}

/** The next output tree, built beside the output folder file by file, then swapped in by commit, or dropped. */
export class StagedOutput {
  private readonly writes: Promise<void>[] = [];
  private readonly folders = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly outDir: string,
    private readonly previous: OwnedFiles | undefined,
    private readonly knownUnchanged: KnownUnchanged,
    private readonly lastRun: Readonly<Record<string, string>> | undefined,
  ) {}

  /**
   * Starts the next tree (after recovering from a run killed mid-swap). `lastRun`: each file's hash
   * as the last run wrote it (from the cache), to tell what this run changes from what it restores.
   */
  static async open(
    outDir: string,
    knownUnchanged: KnownUnchanged = async () => false,
    lastRun?: Readonly<Record<string, string>>,
  ): Promise<StagedOutput> {
    await recoverInterruptedWrite(outDir);
    const previous = await readManifest(outDir);
    await assertWritable(outDir);
    try {
      await mkdir(stagingOf(outDir), { recursive: true });
    } catch (error) {
      throw new OutputError(
        dirname(outDir),
        `cannot create the output's staging folder here (${describeFsError(error)})`,
      );
    }
    return new StagedOutput(outDir, previous, knownUnchanged, lastRun);
  }

  /**
   * Puts a file into the next tree: linked when the output folder holds this content, untouched since it was hashed,
   * else written.
   */
  add(file: { readonly path: string; readonly content: string }, hash: string): void {
    const write = async () => {
      const target = join(stagingOf(this.outDir), file.path);
      await this.folder(dirname(target));
      if ((await this.knownUnchanged(file.path, hash)) && (await linked(join(this.outDir, file.path), target))) return;
      await withOpenFile(() => writeFile(target, file.content));
    };
    const written = write();
    // Awaited by commit; until then a failure must not count as unhandled.
    written.catch(() => undefined);
    this.writes.push(written);
  }

  /**
   * Swaps the next tree in, given every file of the run (each added) with its hash. When the output
   * folder already holds exactly these files and manifest, nothing is touched.
   */
  async commit(files: readonly { path: string; content: string; hash: string }[]): Promise<WriteSummary> {
    await Promise.all(this.writes);
    const { previous } = this;
    const produced = new Set(files.map((file) => file.path));
    const stillHeld = await Promise.all(files.map((file) => this.holds(file)));
    const restored = files.filter((_, index) => !stillHeld[index]).map((file) => file.path);
    const deleted = (previous?.paths ?? []).filter((path) => !produced.has(path));
    const manifest = manifestText(produced);
    if (restored.length === 0 && deleted.length === 0 && previous?.text === manifest) {
      await this.discard();
      return { written: [], deleted, unchanged: true };
    }
    await this.swapIn(manifest, produced);
    // Reported as written: what this run changes from the last one; files edited by hand since and
    // put back count only when the run changes nothing else (or there is no record of the last run).
    const { lastRun } = this;
    const changed = lastRun
      ? files.filter((file) => lastRun[file.path] !== file.hash).map((file) => file.path)
      : restored;
    return { written: changed.length > 0 || deleted.length > 0 ? changed : restored, deleted, unchanged: false };
  }

  /** Drops the next tree (a failed run): the output folder stays as it was. */
  async discard(): Promise<void> {
    await Promise.allSettled(this.writes);
    await removeTree(stagingOf(this.outDir));
  }

  /** Whether the output folder's file already holds this content (by its recorded stat, else read). */
  private async holds(file: { path: string; content: string; hash: string }): Promise<boolean> {
    if (await this.knownUnchanged(file.path, file.hash)) return true;
    return (
      (await withOpenFile(() => readFile(join(this.outDir, file.path), 'utf8')).catch(() => undefined)) === file.content
    );
  }

  private async swapIn(manifest: string, produced: ReadonlySet<string>): Promise<void> {
    const { outDir } = this;
    const staging = stagingOf(outDir);
    const retired = retiredOf(outDir);
    try {
      await Promise.all(this.writes);
      await writeFile(join(staging, MANIFEST_FILE), manifest);
      if (await exists(outDir))
        await moveForeignInto(
          outDir,
          staging,
          await foreignEntries(outDir, [...(this.previous?.paths ?? []), ...produced]),
        );
    } catch (error) {
      await this.discard();
      throw error;
    }
    if (await exists(outDir)) {
      try {
        await rename(outDir, retired);
      } catch (error) {
        await moveForeignBack(outDir, staging);
        await this.discard();
        throw new OutputError(outDir, `cannot be replaced (${describeFsError(error)}); nothing was changed`);
      }
    }
    try {
      await rename(staging, outDir);
    } catch (error) {
      await recoverInterruptedWrite(outDir);
      throw new OutputError(outDir, `cannot be replaced (${describeFsError(error)}); nothing was changed`);
    }
    await moveForeignBack(outDir, staging);
    await removeTree(retired);
  }

  private folder(path: string): Promise<unknown> {
    let made = this.folders.get(path);
    if (!made) {
      made = mkdir(path, { recursive: true });
      this.folders.set(path, made);
    }
    return made;
  }
}

function stagingOf(outDir: string): string {
  return `${outDir}.svcgen-new`;
}

function retiredOf(outDir: string): string {
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

/** false where the file system cannot link (then the file is written). */
async function linked(existing: string, target: string): Promise<boolean> {
  try {
    await link(existing, target);
    return true;
  } catch {
    return false;
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

export async function listFiles(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
