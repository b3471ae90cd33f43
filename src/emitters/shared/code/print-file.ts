// A generated TypeScript file from its top-level statements, laid out by prettier's own document
// printer with svcgen's fixed options: the text prettier would print, without parsing anything.
// Statements are laid out one at a time (a blank line between two resets every layout decision),
// so each can be remembered on its own.
import { printer } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../../../output/format-options.js';
import { memo } from '../memo.js';
import type { TopLevel } from './ast.js';
import { printTopLevel } from './print-declaration.js';
import { clearPrintedExpressions } from './print-expression.js';

const OPTIONS = { ...PRETTIER_OPTIONS, parser: 'typescript' } as Parameters<typeof printer.printDocToString>[1];

/** Imports one per line, then each declaration after a blank line. */
export function printFile(statements: readonly TopLevel[]): string {
  const imports = statements.filter((statement) => statement.declaration.kind === 'import').map(printRemembered);
  const declarations = statements.filter((statement) => statement.declaration.kind !== 'import').map(printRemembered);
  const blocks = imports.length > 0 ? [imports.join('\n'), ...declarations] : declarations;
  return `${blocks.join('\n\n')}\n`;
}

/** A statement's layout depends on nothing but its syntax tree. */
function printRemembered(statement: TopLevel): string {
  return memo('statement', statement, () => printStatement(statement));
}

function printStatement(statement: TopLevel): string {
  const text = printer.printDocToString(printTopLevel(statement), OPTIONS).formatted;
  clearPrintedExpressions();
  return text;
}
