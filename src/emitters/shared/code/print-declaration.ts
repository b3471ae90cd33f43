// Top-level declarations as prettier documents: imports, interfaces, type aliases, constants,
// functions and classes, with their doc comments.
import { builders } from 'prettier/doc';
import type { ClassMethod, Declaration, InterfaceMember, MethodSignature, Parameter, PieceRef, PropertySignature, Statement, TopLevel, TypeNode } from './ast.js';
import { printKey, printString } from './literals.js';
import { pieceDoc } from './piece-marker.js';
import { printAssignment, printExpression } from './print-expression.js';
import { printParameters, printPropertySignature, printType, printTypeParameters } from './print-type.js';

type Doc = builders.Doc;
const { group, hardline, ifBreak, indent, join, line } = builders;

export function printTopLevel(statement: TopLevel): Doc {
  return [printDocComment(statement.docs), statement.exported ? 'export ' : '', printDeclaration(statement.declaration)];
}

/**
 * `/** text *\/` on its own line; a description of several lines becomes one ` * line` each.
 * A "*\/" inside the text would end the comment early and turn the rest into code: it is escaped.
 */
export function printDocComment(text: string | undefined): Doc {
  if (!text) return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n').map((textLine) => textLine.trim());
  if (lines.length === 1) return [`/** ${lines[0]} */`, hardline];
  return ['/**', hardline, join(hardline, lines.map((textLine) => (textLine === '' ? ' *' : ` * ${textLine}`))), hardline, ' */', hardline];
}

function printDeclaration(node: Declaration): Doc {
  switch (node.kind) {
    case 'import':
      return printImport(node);
    case 'interface':
      return printInterface(node);
    case 'type-alias':
      return [printTypeAlias(node.name, node.type), ';'];
    case 'const':
      return group(['const ', printAssignment(node.name, ' =', node.value, undefined), ';']);
    case 'function':
      return ['function ', node.name, printTypeParameters(node.typeParams), printSignature(node.params, node.returns), ' ', printBlock(node.body)];
    case 'class':
      return printClass(node);
  }
}

function printImport(node: Extract<Declaration, { kind: 'import' }>): Doc {
  const source = [' from ', printString(node.from), ';'];
  const head = node.typeOnly ? 'import type ' : 'import ';
  if (node.namespace) return [head, '* as ', node.namespace, source];
  const names = node.names ?? [];
  if (names.length === 1) return [head, '{ ', names[0] as string, ' }', source];
  return [head, group(['{', indent([line, join([',', line], [...names])]), ifBreak(','), line, '}']), source];
}

function printInterface(node: Extract<Declaration, { kind: 'interface' }>): Doc {
  const heading: Doc[] = [' ', node.name, printTypeParameters(node.typeParams)];
  const heritage = node.extends ?? [];
  const extendsParts = heritage.length === 0 ? [] : [line, 'extends ', (heritage.length === 1 ? (doc: Doc) => doc : indent)(join([',', line], heritage.map((type) => printType(type))))];
  const head = heritage.length === 0 ? heading : [group(indent([...heading, ...extendsParts]))];
  if (node.typeParams && heritage.length > 0) throw new Error('an interface with type parameters and heritage is not supported by the printer');
  return group(['interface', ...head, ' ', printInterfaceBody(node.members)]);
}

const isPiece = (member: object): member is PieceRef => 'kind' in member && member.kind === 'piece';

function printInterfaceBody(members: readonly InterfaceMember[]): Doc {
  if (members.length === 0) return '{}';
  const printed = members.map((member, index) => [index === 0 ? '' : [';', line], isPiece(member) ? pieceDoc(member.index) : printInterfaceMemberDoc(member)]);
  return group(['{', indent([line, ...printed]), ';', line, '}'], { shouldBreak: true });
}

/** One member of an interface, as it sits between the separators. */
export function printInterfaceMemberDoc(member: Exclude<InterfaceMember, PieceRef>): Doc {
  return group([printDocComment(member.docs), 'method' in member ? printMethodSignature(member) : printPropertySignature(member)]);
}

function printMethodSignature(member: MethodSignature): Doc {
  return group([member.name, printSignature(member.params, member.returns, true)]);
}

/**
 * Parameters and return type. A sole parameter stays grouped with a return type that breaks
 * (prettier breaks the return type first then); a method signature groups its return type.
 */
function printSignature(params: readonly Parameter[], returns: TypeNode | undefined, isMethodSignature = false): Doc {
  const parameters = printParameters(params);
  const returnType = returns ? [': ', printType(returns)] : '';
  const groupsParameters = params.length === 1 && returns !== undefined && returns.kind === 'type-literal';
  const parametersDoc = groupsParameters ? group(parameters) : parameters;
  return isMethodSignature ? [parametersDoc, returns ? group(returnType) : ''] : group([parametersDoc, returnType]);
}

function printTypeAlias(name: string, type: TypeNode): Doc {
  const groupId = Symbol('assignment');
  return group([group(['type ', name]), ' =', group(indent(line), { id: groupId }), builders.lineSuffixBoundary, builders.indentIfBreak(printType(type), { groupId })]);
}

function printBlock(statements: readonly Statement[]): Doc {
  if (statements.length === 0) return '{}';
  return ['{', indent([hardline, join(hardline, statements.map(printStatement))]), hardline, '}'];
}

function printStatement(statement: Statement): Doc {
  if (statement.kind === 'return') return ['return ', printExpression(statement.value), ';'];
  return [printExpression(statement.expression), ';'];
}

/** One method of a class, as it sits between the blank lines. */
export function printClassMethodDoc(method: ClassMethod): Doc {
  return [printDocComment(method.docs), method.name, printSignature(method.params, method.returns), ' ', printBlock(method.body)];
}

function printClass(node: Extract<Declaration, { kind: 'class' }>): Doc {
  const fields = node.fields.map((field) => [field.modifiers ? `${field.modifiers} ` : '', printKey(field.name), ': ', printType(field.type), ';']);
  const constructor = ['constructor', printSignature(node.constructorParams, undefined), ' ', printBlock(node.constructorBody)];
  const methods = node.methods.map((method) => (isPiece(method) ? pieceDoc(method.index) : printClassMethodDoc(method)));
  const members: Doc[] = [...fields, constructor, ...methods];
  return ['class ', node.name, ' {', indent([hardline, join([hardline, hardline], members)]), hardline, '}'];
}
