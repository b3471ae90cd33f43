// A generated TypeScript file from its top-level statements, laid out by prettier's own document
// printer with svcgen's fixed options: the text prettier would print, without parsing anything.
// Statements are laid out one at a time (a blank line between two resets every layout decision),
// so each can be remembered on its own.
import { printer } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../format-options.js';
import { memo } from '../memo.js';
import type { TopLevel } from './ast.js';
import { printTopLevel } from './print-declaration.js';
import { clearPrintedExpressions } from './print-expression.js';

export const PRINT_OPTIONS = { ...PRETTIER_OPTIONS, parser: 'typescript' } as Parameters<typeof printer.printDocToString>[1];

/**
 * Imports one per line, then each declaration after a blank line. A string is a declaration
 * already printed (by printStatement or printWithPieces), e.g. remembered by what it is made from.
 */
export function printFile(statements: readonly (TopLevel | string)[]): string {
  const isImport = (statement: TopLevel | string) => typeof statement !== 'string' && statement.declaration.kind === 'import';
  const imports = statements.filter(isImport).map(printText);
  const declarations = statements.filter((statement) => !isImport(statement)).map(printText);
  const blocks = imports.length > 0 ? [imports.join('\n'), ...declarations] : declarations;
  return `${blocks.join('\n\n')}\n`;
}

function printText(statement: TopLevel | string): string {
  return typeof statement === 'string' ? statement : printRemembered(statement);
}

/** A statement's layout depends on nothing but its syntax tree. */
export function printRemembered(statement: TopLevel): string {
  return memo('statement', statement, () => printStatement(statement));
}

export function printStatement(statement: TopLevel): string {
  const text = printer.printDocToString(printTopLevel(statement), PRINT_OPTIONS).formatted;
  clearPrintedExpressions();
  return text;
}
