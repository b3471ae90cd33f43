// Finds and reads the definition files: bytes only, nothing parsed. Kept apart from load.ts so
// that a run which finds its output up to date loads no parser.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { compareCodePoints } from '../ir/names.js';
import { diagnosticAt as at, type Diagnostic } from './diagnostics.js';

export async function listDefinitionFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(dir, entry.name))
    .sort(compareCodePoints);
}

export function displayPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return (rel.startsWith('..') ? path : rel).split(sep).join('/');
}

export interface DefinitionSource {
  /** Shown path, relative to the working directory. */
  readonly file: string;
  readonly bytes: Uint8Array;
}

/** Reads every definition file's bytes, or says why it cannot. */
export async function readDefinitionSources(
  dir: string,
  cwd: string = process.cwd(),
): Promise<{ sources: DefinitionSource[]; diagnostics: Diagnostic[] }> {
  const shown = displayPath(dir, cwd);
  let paths: string[];
  try {
    paths = await listDefinitionFiles(dir);
  } catch (error) {
    return {
      sources: [],
      diagnostics: [
        at(
          shown,
          1,
          1,
          'SVC005',
          `cannot read definitions folder (${describeFsError(error)}; expected a readable folder of *.yaml files)`,
        ),
      ],
    };
  }
  if (paths.length === 0) {
    return {
      sources: [],
      diagnostics: [at(shown, 1, 1, 'SVC006', 'no definition files found (expected *.yaml files)')],
    };
  }
  const sources: DefinitionSource[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const path of paths) {
    try {
      sources.push({ file: displayPath(path, cwd), bytes: await readFile(path) });
    } catch (error) {
      diagnostics.push(
        at(
          displayPath(path, cwd),
          1,
          1,
          'SVC005',
          `cannot read file (${describeFsError(error)}; expected a readable file)`,
        ),
      );
    }
  }
  return { sources, diagnostics };
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? String(error);
}
