// A generated TypeScript file from its top-level statements, laid out by prettier's document
// printer with svcgen's fixed options (print width 120, single quotes). Statements are laid out
// one at a time: a blank line between two resets every layout decision.
import { printer } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../format-options.js';
import type { TopLevel } from './ast.js';
import { printTopLevel } from './print-declaration.js';

const PRINT_OPTIONS = { ...PRETTIER_OPTIONS, parser: 'typescript' } as Parameters<typeof printer.printDocToString>[1];

/**
 * Imports one per line, then each declaration after a blank line. A string is a declaration
 * already printed by printStatement (e.g. remembered by what it is made from).
 */
export function printFile(statements: readonly (TopLevel | string)[]): string {
  const isImport = (statement: TopLevel | string) =>
    typeof statement !== 'string' && statement.declaration.kind === 'import';
  const printText = (statement: TopLevel | string) =>
    typeof statement === 'string' ? statement : printStatement(statement);
  const imports = statements.filter(isImport).map(printText);
  const declarations = statements.filter((statement) => !isImport(statement)).map(printText);
  const blocks = imports.length > 0 ? [imports.join('\n'), ...declarations] : declarations;
  return `${blocks.join('\n\n')}\n`;
}

export function printStatement(statement: TopLevel): string {
  return printer.printDocToString(printTopLevel(statement), PRINT_OPTIONS).formatted;
}
