// `svcgen check`: compares what the definitions produce, in memory, with the output folder.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodePoints } from '../ir/names.js';
import { MANIFEST_FILE, readManifest } from './manifest.js';
import { withOpenFile } from './open-limit.js';
import { committedOutputDir } from './write.js';

export interface Drift {
  readonly missing: readonly string[];
  readonly changed: readonly { readonly path: string; readonly diff: string }[];
  readonly extra: readonly string[];
}

export async function compareOutput(output: string, files: readonly { path: string; content: string }[]): Promise<Drift> {
  // A run killed between its renames left the last complete output under another name; compare with it.
  const outDir = await committedOutputDir(output);
  const missing: string[] = [];
  const changed: { path: string; diff: string }[] = [];
  const sorted = [...files].sort((a, b) => compareCodePoints(a.path, b.path));
  const found = await Promise.all(sorted.map((file) => withOpenFile(() => readFile(join(outDir, file.path), 'utf8')).catch(() => undefined)));
  for (const [index, file] of sorted.entries()) {
    const actual = found[index];
    if (actual === undefined) missing.push(file.path);
    else if (actual !== file.content) changed.push({ path: file.path, diff: shortDiff(file.content, actual) });
  }
  const produced = new Set(files.map((file) => file.path));
  const previous = await readManifest(outDir);
  const extra = Object.keys(previous?.files ?? {})
    .filter((path) => !produced.has(path) && path !== MANIFEST_FILE)
    .sort(compareCodePoints);
  return { missing, changed, extra };
}

export function hasDrift(drift: Drift): boolean {
  return drift.missing.length + drift.changed.length + drift.extra.length > 0;
}

/** The first differing region, as a few "-expected" / "+found" lines with their line number. */
export function shortDiff(expected: string, actual: string, maxLines = 6): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let start = 0;
  while (start < want.length && start < got.length && want[start] === got[start]) start += 1;
  let endWant = want.length - 1;
  let endGot = got.length - 1;
  while (endWant > start && endGot > start && want[endWant] === got[endGot]) {
    endWant -= 1;
    endGot -= 1;
  }
  const removed = want.slice(start, endWant + 1).slice(0, maxLines).map((line) => `    - ${line}`);
  const added = got.slice(start, endGot + 1).slice(0, maxLines).map((line) => `    + ${line}`);
  return [`    @@ line ${start + 1} @@`, ...removed, ...added].join('\n');
}
