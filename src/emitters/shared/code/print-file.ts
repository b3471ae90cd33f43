// A generated TypeScript file from its top-level statements, laid out by prettier's own document
// printer with svcgen's fixed options: the text prettier would print, without parsing anything.
import { builders, printer } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../../../output/format-options.js';
import type { TopLevel } from './ast.js';
import { printTopLevel } from './print-declaration.js';
import { clearPrintedExpressions } from './print-expression.js';

type Doc = builders.Doc;
const { hardline, join } = builders;

/** Imports one per line, then each declaration after a blank line. */
export function printFile(statements: readonly TopLevel[]): string {
  const imports = statements.filter((statement) => statement.declaration.kind === 'import');
  const declarations = statements.filter((statement) => statement.declaration.kind !== 'import');
  const blocks: Doc[] = [];
  if (imports.length > 0) blocks.push(join(hardline, imports.map(printTopLevel)));
  blocks.push(...declarations.map(printTopLevel));
  const doc = [join([hardline, hardline], blocks), hardline];
  clearPrintedExpressions();
  return printer.printDocToString(doc, { ...PRETTIER_OPTIONS, parser: 'typescript' } as Parameters<typeof printer.printDocToString>[1]).formatted;
}
