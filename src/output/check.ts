// `svcgen check`: compares what the definitions produce, in memory, with the output folder.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodePoints } from '../ir/names.js';
import { foreignEntries } from './foreign-entries.js';
import { LEGACY_MANIFEST_FILE, MANIFEST_FILE, manifestText, readManifest } from './manifest.js';
import { withOpenFile } from './open-limit.js';
import { committedOutputDir, exists } from './write.js';

export interface Drift {
  readonly missing: readonly string[];
  readonly changed: readonly { readonly path: string; readonly diff: string }[];
  /** Files svcgen wrote (the manifest lists them) that the definitions no longer produce. */
  readonly extra: readonly string[];
  /** Entries svcgen did not write: files, links and other entries, and empty folders (with a trailing slash). */
  readonly foreign: readonly string[];
}

export async function compareOutput(
  output: string,
  files: readonly { path: string; content: string }[],
): Promise<Drift> {
  // A run killed between its renames left the last complete output under another name; compare with it.
  const outDir = await committedOutputDir(output);
  const produced = new Set(files.map((file) => file.path));
  const expected = [...files, { path: MANIFEST_FILE, content: manifestText(produced) }].sort((a, b) =>
    compareCodePoints(a.path, b.path),
  );
  const found = await Promise.all(
    expected.map((file) => withOpenFile(() => readFile(join(outDir, file.path), 'utf8')).catch(() => undefined)),
  );
  const missing: string[] = [];
  const changed: { path: string; diff: string }[] = [];
  for (const [index, file] of expected.entries()) {
    const actual = found[index];
    if (actual === undefined) missing.push(file.path);
    else if (actual !== file.content) changed.push({ path: file.path, diff: shortDiff(file.content, actual) });
  }
  const previous = (await readManifest(outDir))?.paths ?? [];
  // Files svcgen wrote (and the manifest of svcgen 0.1) that are still there but no longer produced.
  const stale = [...previous.filter((path) => !produced.has(path)), LEGACY_MANIFEST_FILE];
  const present = await Promise.all(stale.map((path) => exists(join(outDir, path))));
  const extra = stale.filter((_, index) => present[index]).sort(compareCodePoints);
  const foreign = (await exists(outDir)) ? await foreignEntries(outDir, [...previous, ...produced]) : [];
  const named = (await Promise.all(foreign.map((path) => entriesUnder(outDir, path)))).flat();
  return { missing, changed, extra, foreign: named.sort(compareCodePoints) };
}

/** A foreign entry, or for a folder every entry in it: an empty folder is named with a trailing slash. */
async function entriesUnder(outDir: string, path: string): Promise<string[]> {
  if (!(await lstat(join(outDir, path))).isDirectory()) return [path];
  const inside = await readdir(join(outDir, path));
  if (inside.length === 0) return [`${path}/`];
  return (await Promise.all(inside.map((name) => entriesUnder(outDir, `${path}/${name}`)))).flat();
}

/** The first differing region, as a few "-expected" / "+found" lines with their line number. */
function shortDiff(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let start = 0;
  while (start < want.length && start < got.length && want[start] === got[start]) start += 1;
  let end = 0; // lines equal at the end of both, after the first difference
  while (end < Math.min(want.length, got.length) - start - 1 && want.at(-1 - end) === got.at(-1 - end)) end += 1;
  const region = (lines: string[], sign: string) =>
    lines.slice(start, Math.min(lines.length - end, start + 6)).map((line) => `    ${sign} ${line}`);
  return [`    @@ line ${start + 1} @@`, ...region(want, '-'), ...region(got, '+')].join('\n');
}
