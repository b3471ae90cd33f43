import { compareCodePoints } from '../ir/names.js';

// Diagnostics: every problem a user can cause, with a stable code and a location.
// The codes are documented in docs/diagnostics.md; never renumber one.

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export const DIAGNOSTIC_CODES = {
  SVC001: 'file is not valid UTF-8',
  SVC002: 'YAML syntax error',
  SVC003: 'YAML document too large or too deeply nested',
  SVC004: 'too many YAML aliases (alias bomb)',
  SVC005: 'cannot read the definitions folder or a file in it',
  SVC006: 'no definition files found',
  SVC100: 'value does not match the definitions schema',
  SVC101: 'unknown key',
  SVC102: 'missing required key',
  SVC103: 'wrong value type',
  SVC104: 'unknown field type',
  SVC105: 'value not one of the allowed values',
  SVC106: 'value does not match the expected form',
  SVC201: 'unknown record',
  SVC202: 'unknown auth scheme',
  SVC203: 'duplicate route',
  SVC204: 'duplicate name',
  SVC205: 'path parameter used in the path but not declared',
  SVC206: 'path parameter declared but not used in the path',
  SVC207: 'default value of the wrong type',
  SVC208: 'reference cycle that no value can satisfy',
  SVC209: 'unknown field in omit, pick, relation or shortForm',
  SVC210: 'unknown privilege',
  SVC211: 'unknown error kind',
  SVC212: 'incomplete type (record, items or values missing)',
  SVC213: 'coercion only applies to integer and number',
  SVC214: 'name is not usable as an identifier',
  SVC301: 'invalid config file',
  SVC401: 'template error',
} as const;

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`;
}

/** Sorted by file, then position, then code: the order a reader fixes them in. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareCodePoints(a.file, b.file) || a.line - b.line || a.column - b.column || compareCodePoints(a.code, b.code),
  );
}


/** Thrown when definitions are invalid; carries every diagnostic of the run. */
export class DefinitionsError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const sorted = sortDiagnostics(diagnostics);
    super(sorted.map(formatDiagnostic).join('\n'));
    this.name = 'DefinitionsError';
    this.diagnostics = sorted;
  }
}
