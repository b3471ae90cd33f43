// The definitions file as YAML, the same bytes for the same document, written whole or not at all.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import type { DefinitionFile } from '../definitions/schema.js';
import { displayPath } from '../definitions/sources.js';
import { ImportError } from './report.js';

export function definitionsYaml(file: DefinitionFile, source: string): string {
  const header = [
    '# yaml-language-server: $schema=../schema/svcgen-definitions.schema.json',
    `# Imported by svcgen import from ${source}; run it again after the document changes.`,
  ];
  const body = stringify(file, { lineWidth: 0, aliasDuplicateObjects: false, singleQuote: true });
  return `${header.join('\n')}\n${body}`;
}

/** Writes the file through a temporary one renamed into place; an existing one only with force. */
export function writeDefinitions(directory: string, name: string, text: string, force: boolean): string {
  const path = join(directory, `${name}.yaml`);
  if (existsSync(path) && !force)
    throw new ImportError([`${displayPath(path)}: exists; nothing was written (--force replaces it)`]);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
  return path;
}
