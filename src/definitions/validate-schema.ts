// Checks one loaded file against the definitions schema and turns zod issues into located diagnostics.
import type { z } from 'zod';
import type { Diagnostic, DiagnosticCode } from './diagnostics.js';
import type { LoadedFile } from './load.js';
import { positionOf, type YamlPath } from './positions.js';
import { DefinitionFileSchema, type DefinitionFile } from './schema.js';

export function validateFileSchema(loaded: LoadedFile): { definition: DefinitionFile | undefined; diagnostics: Diagnostic[] } {
  const result = DefinitionFileSchema.safeParse(loaded.value, { reportInput: true });
  if (result.success) return { definition: result.data, diagnostics: [] };
  const diagnostics = result.error.issues.flatMap((issue) => issueToDiagnostics(loaded, issue as Issue, []));
  return { definition: undefined, diagnostics };
}

type Issue = z.core.$ZodIssue & { input?: unknown };

function issueToDiagnostics(loaded: LoadedFile, issue: Issue, prefix: YamlPath): Diagnostic[] {
  const path: YamlPath = [...prefix, ...(issue.path as (string | number)[])];
  const located = (code: DiagnosticCode, message: string, atKey = false): Diagnostic => {
    const { line, column } = positionOf(loaded.document, loaded.lines, path, { atKey });
    return { code, file: loaded.file, line, column, message };
  };
  const where = describePath(path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const { line, column } = positionOf(loaded.document, loaded.lines, [...path, key], { atKey: true });
        return { code: 'SVC101' as const, file: loaded.file, line, column, message: `unknown key "${key}"${where ? ` in ${where}` : ''}` };
      });
    case 'invalid_type':
      if (issue.input === undefined) return [located('SVC102', `missing required key "${String(path.at(-1))}"${parentOf(path)}`)];
      return [located('SVC103', `${where} is ${describeValue(issue.input)} (expected ${issue.expected})`)];
    case 'invalid_value': {
      const expected = issue.values.map((value) => String(value)).join(', ');
      const found = JSON.stringify(issue.input);
      if (path.at(-1) === 'type') return [located('SVC104', `unknown field type ${found} (expected one of: ${expected})`)];
      return [located('SVC105', `${where} is ${found} (expected one of: ${expected})`)];
    }
    case 'invalid_union':
      if ('discriminator' in issue && (issue as { note?: string }).note === 'No matching discriminator') {
        const options = (issue as { options?: unknown[] }).options ?? [];
        return [located('SVC105', `${where} is ${JSON.stringify(issue.input)} (expected one of: ${options.join(', ')})`)];
      }
      return [located('SVC100', `${where}: ${issue.message}`)];
    case 'invalid_key':
      return issue.issues.map((inner) => {
        const { line, column } = positionOf(loaded.document, loaded.lines, path, { atKey: true });
        const message = `key ${JSON.stringify(lastKey(path))} in ${describePath(path.slice(0, -1))} is not valid (expected ${inner.message})`;
        return { code: 'SVC106' as const, file: loaded.file, line, column, message };
      });
    case 'invalid_format':
      return [located('SVC106', `${where} is ${JSON.stringify(issue.input)} (expected ${issue.message})`)];
    case 'too_small':
    case 'too_big':
      return [located('SVC106', `${where} is out of range (${issue.message})`)];
    default:
      return [located('SVC100', `${where}: ${issue.message}`)];
  }
}

function lastKey(path: YamlPath): string | number | undefined {
  return path.at(-1);
}

function describePath(path: YamlPath): string {
  return path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : segment)).join('.').replace(/\.\[/g, '[');
}

function parentOf(path: YamlPath): string {
  const parent = describePath(path.slice(0, -1));
  return parent ? ` in ${parent}` : '';
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}
