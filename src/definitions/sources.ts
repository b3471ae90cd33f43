// Finds and reads the definition files: bytes only, nothing parsed. Kept apart from load.ts so
// that a run which finds its output up to date loads no parser.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { compareCodePoints } from '../ir/names.js';
import type { Diagnostic, DiagnosticCode } from './diagnostics.js';

export function displayPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return (rel.startsWith('..') ? path : rel).split(sep).join('/');
}

export interface DefinitionSource {
  /** Shown path, relative to the working directory. */
  readonly file: string;
  readonly bytes: Uint8Array;
}

/** Reads every definition file's bytes (the *.yaml and *.yml files of `dir`, in name order), or says why it cannot. */
export async function readDefinitionSources(
  dir: string,
  cwd: string = process.cwd(),
): Promise<{ sources: DefinitionSource[]; diagnostics: Diagnostic[] }> {
  const sources: DefinitionSource[] = [];
  const diagnostics: Diagnostic[] = [];
  /** Records a problem with `path` (the folder or a file in it); returns the result so far. */
  const report = (path: string, code: DiagnosticCode, message: string) => {
    diagnostics.push({ file: displayPath(path, cwd), line: 1, column: 1, code, message });
    return { sources, diagnostics };
  };
  let names: string[];
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    names = entries.filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name)).map((entry) => entry.name);
  } catch (error) {
    const message = `cannot read definitions folder (${describeFsError(error)}; expected a readable folder of *.yaml files)`;
    return report(dir, 'SVC005', message);
  }
  if (names.length === 0) return report(dir, 'SVC006', 'no definition files found (expected *.yaml files)');
  for (const path of names.map((name) => join(dir, name)).sort(compareCodePoints)) {
    try {
      sources.push({ file: displayPath(path, cwd), bytes: await readFile(path) });
    } catch (error) {
      report(path, 'SVC005', `cannot read file (${describeFsError(error)}; expected a readable file)`);
    }
  }
  return { sources, diagnostics };
}

function describeFsError(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
