// The only place that writes the output folder. The new tree is built beside the old one and
// swapped in by two renames, so a run killed at any moment leaves the old tree or the new one:
// if it dies between the renames, the next run puts the old tree back before doing anything.
import { cp, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { MANIFEST_FILE, manifestText, readManifest, type Manifest } from './manifest.js';

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

export async function writeOutput(outDir: string, files: readonly { path: string; content: string }[], manifest: Manifest, knownUnchanged: KnownUnchanged = async () => false): Promise<WriteSummary> {
  await recoverInterruptedWrite(outDir);
  const previous = await readManifest(outDir);
  const previousFiles = previous?.files ?? {};
  const written = files.filter((file) => previousFiles[file.path] !== manifest.files[file.path]).map((file) => file.path);
  const deleted = Object.keys(previousFiles).filter((path) => !(path in manifest.files));
  if (previous && written.length === 0 && deleted.length === 0 && previous.inputHash === manifest.inputHash && previous.generator === manifest.generator) {
    // The same manifest, but a file on disk may have been edited or deleted since: put it back.
    const edited = await filesDifferingOnDisk(outDir, files);
    if (edited.length === 0) return { written, deleted, unchanged: true };
    await writeTree(outDir, files, manifest, previousFiles, async () => false);
    return { written: edited, deleted, unchanged: false };
  }
  await writeTree(outDir, files, manifest, previousFiles, knownUnchanged);
  return { written, deleted, unchanged: false };
}

async function writeTree(
  outDir: string,
  files: readonly { path: string; content: string }[],
  manifest: Manifest,
  previousFiles: Readonly<Record<string, string>>,
  knownUnchanged: KnownUnchanged,
): Promise<void> {
  const staging = `${outDir}.svcgen-new`;
  const retired = `${outDir}.svcgen-old`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await keepForeignFiles(outDir, staging, previousFiles, manifest.files);
  for (const folder of new Set(files.map((file) => dirname(join(staging, file.path))))) await mkdir(folder, { recursive: true });
  await Promise.all(
    files.map(async (file) => {
      const target = join(staging, file.path);
      const hash = manifest.files[file.path] ?? '';
      // A file the last run wrote with the same content, untouched since, is linked, not rewritten.
      if (previousFiles[file.path] === hash && (await knownUnchanged(file.path, hash)) && (await linked(join(outDir, file.path), target))) return;
      await writeFile(target, file.content);
    }),
  );
  await writeFile(join(staging, MANIFEST_FILE), manifestText(manifest));
  if (await exists(outDir)) await rename(outDir, retired);
  await rename(staging, outDir);
  await rm(retired, { recursive: true, force: true });
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

async function filesDifferingOnDisk(outDir: string, files: readonly { path: string; content: string }[]): Promise<string[]> {
  const differs = await Promise.all(files.map(async (file) => (await readFile(join(outDir, file.path), 'utf8').catch(() => undefined)) !== file.content));
  return files.filter((_, index) => differs[index]).map((file) => file.path);
}

/** A run that died between the two renames left no output folder but a retired one. */
export async function recoverInterruptedWrite(outDir: string): Promise<void> {
  const retired = `${outDir}.svcgen-old`;
  if (!(await exists(outDir)) && (await exists(retired))) await rename(retired, outDir);
  await rm(retired, { recursive: true, force: true });
  await rm(`${outDir}.svcgen-new`, { recursive: true, force: true });
}

/**
 * The folder holding the last complete generation, without changing anything: the output folder,
 * or the retired one when a run was killed between its two renames (what the next run restores).
 * For readers such as `check`, which must not write.
 */
export async function committedOutputDir(outDir: string): Promise<string> {
  const retired = `${outDir}.svcgen-old`;
  return !(await exists(outDir)) && (await exists(retired)) ? retired : outDir;
}

/** Files in the output folder that svcgen never wrote stay where they are. */
async function keepForeignFiles(outDir: string, staging: string, previous: Readonly<Record<string, string>>, next: Readonly<Record<string, string>>): Promise<void> {
  for (const path of await listFiles(outDir)) {
    if (path === MANIFEST_FILE || path in previous || path in next) continue;
    await mkdir(dirname(join(staging, path)), { recursive: true });
    await cp(join(outDir, path), join(staging, path), { preserveTimestamps: true });
  }
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
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
