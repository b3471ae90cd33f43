// The manifest: the list of files svcgen owns in the output folder, so a rerun deletes its own
// stale files (and only those) and `check` tells them from files someone else put there.
//
// It is committed with the output, so it holds nothing that changes unless the set of files
// changes: no hashes, no generator version, one sorted path per line. Two pull requests that add
// different files touch different lines and merge cleanly. The hashes behind the up-to-date
// shortcut live in the cache instead (run-record.ts); docs/workflow.md says why.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodePoints } from '../ir/names.js';

export const MANIFEST_FILE = '.svcgen-manifest';
/** The manifest of svcgen 0.1 (JSON with hashes): read once as the previous list, then removed. */
export const LEGACY_MANIFEST_FILE = '.svcgen-manifest.json';

const HEADER = '# Files svcgen generated in this folder, one per line. svcgen deletes only these when they go stale.\n';

export function manifestText(paths: Iterable<string>): string {
  const sorted = [...paths].sort(compareCodePoints);
  return HEADER + sorted.map((path) => `${path}\n`).join('');
}

/**
 * The files the last run wrote (`paths`, sorted), from the manifest, with its `text` as found (undefined for a legacy
 * manifest); undefined when there is none.
 */
export async function readManifest(outDir: string) {
  const text = await readFile(join(outDir, MANIFEST_FILE), 'utf8').catch(() => undefined);
  const paths =
    text === undefined
      ? await readFile(join(outDir, LEGACY_MANIFEST_FILE), 'utf8').then(legacyFiles, () => undefined)
      : text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  return paths && { paths: paths.sort(compareCodePoints), text };
}

function legacyFiles(text: string): string[] | undefined {
  try {
    const value = JSON.parse(text) as { files?: unknown };
    return typeof value.files === 'object' && value.files !== null ? Object.keys(value.files) : undefined;
  } catch {
    return undefined;
  }
}
