// A generated TypeScript file from its top-level statements, laid out as prettier's document printer
// lays it out (layout.ts), with svcgen's fixed options (print width 120, single quotes). Statements are
// laid out one at a time: a blank line between two resets every layout decision.
import { builders } from 'prettier/doc';
import { printDoc } from './layout.js';
import { PRETTIER_OPTIONS } from '../format-options.js';
import {
  memberText,
  type ClassMethod,
  type InterfaceMember,
  type MemberText,
  type ObjectMember,
  type TopLevel,
} from './ast.js';
import { printClassMethod, printInterfaceMember, printTopLevel } from './print-declaration.js';
import { printObjectMember } from './print-expression.js';

/**
 * Imports one per line, then each declaration after a blank line. A string is a declaration
 * already printed by printStatement (e.g. a part an emitter renders on its own).
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
  return printDoc(printTopLevel(statement));
}

// ---------------------------------------------------------------- members as text

/**
 * A member as its text (MemberText), laid out where it will sit: `depth` bodies deep and followed
 * by what follows it there (a separator, then a line break, as the body breaks), so it is the text
 * it prints in place: a layout decision reads only the column, the member and what follows up to
 * the next line break.
 */
export const objectMemberText = (member: ObjectMember, depth: number): MemberText =>
  layOut(printObjectMember(member), depth, ',');

export const interfaceMemberText = (member: InterfaceMember, depth: number): MemberText =>
  layOut(printInterfaceMember(member), depth, ';');

export const classMethodText = (method: ClassMethod, depth: number): MemberText =>
  layOut(printClassMethod(method), depth, '');

function layOut(doc: builders.Doc, depth: number, after: string): MemberText {
  let placed: builders.Doc = [builders.hardline, doc, after];
  for (let level = 0; level < depth; level += 1) placed = builders.indent(placed);
  const text = printDoc(placed);
  // The text starts with the line break and the body's indentation, which the body gives it again,
  // and ends with `after`, which the body writes itself.
  const margin = ' '.repeat(depth * PRETTIER_OPTIONS.tabWidth);
  if (!text.startsWith(`\n${margin}`)) throw new Error(`a member laid out as text starts elsewhere: ${text}`);
  return memberText(text.slice(1 + margin.length, text.length - after.length));
}
