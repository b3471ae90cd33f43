// Everything a run reads, gathered once and hashed: if the hash matches the manifest's,
// the output is already what this run would produce.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from './config.js';
import type { Diagnostic } from './definitions/diagnostics.js';
import { readDefinitionSources, type DefinitionSource } from './definitions/sources.js';
import { compareCodePoints } from './ir/names.js';
import { sha256 } from './output/hash.js';
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
  const { sources, diagnostics } = await readDefinitionSources(config.definitionsDir, config.cwd);
  const runtimeFiles = readTextFiles(RUNTIME_DIR, '.ts', true);
  const templates = readTextFiles(TEMPLATES_DIR, '.hbs');
  const userTemplates = config.templatesDir ? readTextFiles(config.templatesDir, '.hbs') : [];
  const hash = sha256(
    generatorFingerprint(),
    config.text,
    JSON.stringify(config.emitters),
    ...sources.flatMap((source) => [source.file, source.bytes]),
    ...[...runtimeFiles, ...templates, ...userTemplates].flatMap((file) => [file.name, file.content]),
  );
  return { definitions: sources, runtimeFiles, templates, userTemplates, hash, diagnostics };
}

/**
 * The `*<extension>` files of `dir` (and of its folders when `nested`: the runtime's "server/server.ts"), by
 * "/"-joined relative name; none when it cannot be listed. Read synchronously: about a hundred small files a
 * run, where an asynchronous read is four trips through libuv's thread pool.
 */
function readTextFiles(dir: string, extension: string, nested = false): NamedText[] {
  let names: string[];
  try {
    names = readdirSync(dir, { encoding: 'utf8', recursive: nested })
      .map((name) => name.split(sep).join('/'))
      .filter((name) => name.endsWith(extension))
      .sort(compareCodePoints);
  } catch {
    return [];
  }
  return names.map((name) => {
    const path = join(dir, name);
    // A FIFO or a device would block the read (or never end): only regular files (or links to one) are read.
    if (!statSync(path).isFile())
      throw new OutputError(path, 'is not a regular file; svcgen reads only regular files here');
    return { name, content: readFileSync(path, 'utf8') };
  });
}
