// The definitions file as YAML, the same bytes for the same document, written whole or not at all.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { DefinitionFile } from '../definitions/schema.js';
import { displayPath } from '../definitions/sources.js';
import { ImportError } from './report.js';
import { writeYaml } from './yaml-writer.js';

export function definitionsYaml(file: DefinitionFile, source: string): string {
  const header = [
    '# yaml-language-server: $schema=../schema/svcgen-definitions.schema.json',
    `# Imported by svcgen import from ${source}; run it again after the document changes.`,
  ];
  const body = writeYamlOr(file);
  return `${header.join('\n')}\n${body}`;
}

/** writeYaml's text, or `yaml`'s for what it does not write (a key over 1000 characters). */
function writeYamlOr(file: DefinitionFile): string {
  try {
    return writeYaml(file);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return stringify(file, { lineWidth: 0, aliasDuplicateObjects: false, singleQuote: true });
  }
}

/**
 * Writes the files through temporary ones renamed into place, after checking that none exists
 * (unless force): all of them or none. Returns their paths.
 */
export function writeDefinitions(directory: string, files: ReadonlyMap<string, string>, force: boolean): string[] {
  const paths = [...files.keys()].map((name) => join(directory, `${name}.yaml`));
  const existing = paths.filter((path) => existsSync(path));
  if (existing.length > 0 && !force)
    throw new ImportError(
      existing.map((path) => `${displayPath(path)}: exists; nothing was written (--force replaces it)`),
    );
  mkdirSync(directory, { recursive: true });
  const texts = [...files.values()];
  const temporaries = paths.map((path, index) => {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, texts[index] as string);
    return temporary;
  });
  temporaries.forEach((temporary, index) => renameSync(temporary, paths[index] as string));
  return paths;
}
