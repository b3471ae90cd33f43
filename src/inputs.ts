// Everything a run reads, gathered once and hashed: if the hash matches the manifest's,
// the output is already what this run would produce.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from './config.js';
import type { Diagnostic } from './definitions/diagnostics.js';
import { readDefinitionSources, type DefinitionSource } from './definitions/sources.js';
import { compareCodePoints } from './ir/names.js';
import { sha256 } from './output/hash.js';
import { withOpenFile } from './output/open-limit.js';
import { OutputError } from './output/output-error.js';
import { generatorFingerprint } from './version.js';

export const RUNTIME_DIR = fileURLToPath(new URL('../src/runtime/', import.meta.url));
export const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

export interface NamedText {
  readonly name: string;
  readonly content: string;
}

export interface RunInputs {
  readonly definitions: readonly DefinitionSource[];
  readonly runtimeFiles: readonly NamedText[];
  readonly templates: readonly NamedText[];
  readonly userTemplates: readonly NamedText[];
  readonly hash: string;
  readonly diagnostics: readonly Diagnostic[];
}

export async function collectInputs(config: ResolvedConfig): Promise<RunInputs> {
  const [{ sources, diagnostics }, runtimeFiles, templates, userTemplates] = await Promise.all([
    readDefinitionSources(config.definitionsDir, config.cwd),
    readTextFiles(RUNTIME_DIR, (name) => name.endsWith('.ts')),
    readTextFiles(TEMPLATES_DIR, (name) => name.endsWith('.hbs')),
    config.templatesDir ? readTextFiles(config.templatesDir, (name) => name.endsWith('.hbs')) : Promise.resolve([]),
  ]);
  const hash = sha256(
    generatorFingerprint(),
    config.text,
    JSON.stringify(config.emitters),
    ...sources.flatMap((source) => [source.file, source.bytes]),
    ...[...runtimeFiles, ...templates, ...userTemplates].flatMap((file) => [file.name, file.content]),
  );
  return { definitions: sources, runtimeFiles, templates, userTemplates, hash, diagnostics };
}

async function readTextFiles(dir: string, keep: (name: string) => boolean): Promise<NamedText[]> {
  const names = (await readdir(dir).catch(() => [])).filter(keep).sort(compareCodePoints);
  return Promise.all(names.map(async (name) => ({ name, content: await readRegularFile(join(dir, name)) })));
}

/** A FIFO or a device would block the read (or never end): only regular files (or links to one) are read. */
export async function readRegularFile(path: string): Promise<string> {
  if (!(await stat(path)).isFile())
    throw new OutputError(path, 'is not a regular file; svcgen reads only regular files here');
  return withOpenFile(() => readFile(path, 'utf8'));
}
