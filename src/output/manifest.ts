// The manifest: what svcgen wrote into the output folder, so a rerun can delete its own stale
// files (and only those) and skip work when nothing that goes in has changed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodePoints } from '../ir/names.js';

export const MANIFEST_FILE = '.svcgen-manifest.json';

export interface Manifest {
  readonly generator: string;
  /** Hash of everything that goes in: definitions, config, templates, runtime, generator version. */
  readonly inputHash: string;
  /** Output path → sha256 of its content. */
  readonly files: Readonly<Record<string, string>>;
}

/** `files`: each output file's path and the sha256 of its content. */
export function buildManifest(generator: string, inputHash: string, files: readonly { path: string; hash: string }[]): Manifest {
  const entries = [...files].sort((a, b) => compareCodePoints(a.path, b.path)).map((file) => [file.path, file.hash] as const);
  return { generator, inputHash, files: Object.fromEntries(entries) };
}

export function manifestText(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export async function readManifest(outDir: string): Promise<Manifest | undefined> {
  try {
    const value = JSON.parse(await readFile(join(outDir, MANIFEST_FILE), 'utf8')) as Partial<Manifest>;
    if (typeof value.generator !== 'string' || typeof value.inputHash !== 'string' || typeof value.files !== 'object' || value.files === null) return undefined;
    return value as Manifest;
  } catch {
    return undefined;
  }
}
