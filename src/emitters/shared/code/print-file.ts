// A generated TypeScript file from its top-level statements, laid out by prettier's document
// printer with svcgen's fixed options (print width 120, single quotes). Statements are laid out
// one at a time: a blank line between two resets every layout decision.
import { builders, printer, utils } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../format-options.js';
import {
  isPrinted,
  type ClassMethod,
  type InterfaceMember,
  type ObjectMember,
  type PrintedMember,
  type TopLevel,
} from './ast.js';
import { printClassMethod, printInterfaceMember, printTopLevel } from './print-declaration.js';
import { PRINTED_MARK, printObjectMember } from './print-expression.js';

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
  const doc = printTopLevel(statement);
  const printed = printedMembers(doc);
  const text = printer.printDocToString(doc, PRINT_OPTIONS).formatted;
  if (printed.length === 0) return text;
  const parts = text.split(PRINTED_MARK);
  // A mark the statement wrote itself (a DEL in a user's description) would put members out of place.
  if (parts.length === printed.length + 1)
    return parts.reduce((whole, part, index) => `${whole}${(printed[index - 1] as PrintedMember).text}${part}`);
  return printer.printDocToString(withPrintedLines(doc), PRINT_OPTIONS).formatted;
}

/** The members printed apart that a statement's document holds (printedStandIn' labels), in print order. */
function printedMembers(doc: builders.Doc): PrintedMember[] {
  const found: PrintedMember[] = [];
  utils.traverseDoc(doc, (part) => {
    if (typeof part === 'object' && !Array.isArray(part) && part.type === 'label' && isPrinted(part.label))
      found.push(part.label);
  });
  return found;
}

/** The document with each member printed apart as its lines, after literal line breaks (indented already). */
function withPrintedLines(doc: builders.Doc): builders.Doc {
  return utils.mapDoc(doc, (part) =>
    typeof part === 'object' && !Array.isArray(part) && part.type === 'label' && isPrinted(part.label)
      ? builders.join(builders.literalline, part.label.text.split('\n'))
      : part,
  );
}

// ---------------------------------------------------------------- members printed apart

/**
 * Members laid out apart from their body, to be remembered and put back in it (PrintedMember).
 * Each is laid out where it will sit: `depth` bodies deep and followed by what follows it there
 * (a separator, then a line break, as the body breaks), so it prints the same text it would have
 * printed in place: a layout decision reads only the column, the member and what follows up to
 * the next line break.
 */
export const printObjectMemberApart = (member: ObjectMember, depth: number): PrintedMember =>
  printApart(printObjectMember(member), depth, ',');

export const printInterfaceMemberApart = (member: InterfaceMember, depth: number): PrintedMember =>
  printApart(printInterfaceMember(member), depth, ';');

export const printClassMethodApart = (method: ClassMethod, depth: number): PrintedMember =>
  printApart(printClassMethod(method), depth, '');

function printApart(doc: builders.Doc, depth: number, after: string): PrintedMember {
  let placed: builders.Doc = [builders.hardline, doc, after];
  for (let level = 0; level < depth; level += 1) placed = builders.indent(placed);
  const text = printer.printDocToString(placed, PRINT_OPTIONS).formatted;
  // The text starts with the line break and the body's indentation, which the body gives it again,
  // and ends with `after`, which the body writes itself.
  const margin = ' '.repeat(depth * PRETTIER_OPTIONS.tabWidth);
  if (!text.startsWith(`\n${margin}`)) throw new Error(`a member printed apart starts elsewhere: ${text}`);
  return { kind: 'printed', text: text.slice(1 + margin.length, text.length - after.length) };
}
