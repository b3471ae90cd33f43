// Top-level declarations as layout documents: imports, interfaces, type aliases, constants,
// functions and classes, with their doc comments. Bodies of interfaces and classes always break.
import { builders } from 'prettier/doc';
import {
  isPrinted,
  type ClassMethod,
  type Declaration,
  type InterfaceMember,
  type Parameter,
  type PrintedMember,
  type TopLevel,
  type TypeNode,
} from './ast.js';
import { printKey, printString } from './literals.js';
import { printAssignment, printBlock, printedStandIn } from './print-expression.js';
import {
  printAnnotation,
  printParameters,
  printPropertySignature,
  printType,
  printTypeParameters,
} from './print-type.js';

type Doc = builders.Doc;
const { align, conditionalGroup, fill, group, hardline, ifBreak, indent, join, line } = builders;

export function printTopLevel(statement: TopLevel): Doc {
  return [
    printDocComment(statement.docs),
    statement.exported ? 'export ' : '',
    printDeclaration(statement.declaration),
  ];
}

/**
 * `/** text *\/` on its own line when it fits, else ` * ` lines filled with words up to the print
 * width; a blank line of the text stays a paragraph break. A "*\/" inside the text would end the
 * comment early and turn the rest into code: it is escaped.
 */
function printDocComment(text: string | undefined): Doc {
  if (!text) return '';
  const paragraphs = text
    .replace(/\*\//g, '*\\/')
    .split('\n')
    .map((textLine) => textLine.trim());
  const words = (paragraph: string) => fill(join(line, paragraph.split(/\s+/)));
  const body = join(
    [hardline, ''],
    paragraphs.map((paragraph) => (paragraph === '' ? '' : words(paragraph))),
  );
  const lines = align(' * ', [hardline, body]);
  const multiLine = ['/**', lines, hardline, ' */'];
  const doc = paragraphs.length === 1 ? conditionalGroup([`/** ${paragraphs[0]} */`, multiLine]) : multiLine;
  return [doc, hardline];
}

function printDeclaration(node: Declaration): Doc {
  switch (node.kind) {
    case 'import':
      return printImport(node);
    case 're-export':
      return ['export ', printNames(node.names), ' from ', printString(node.from), ';'];
    case 'interface': {
      const heritage = node.extends?.length ? [' extends ', join(', ', node.extends.map(printType))] : '';
      const members = node.members.map(printInterfaceMember);
      return ['interface ', node.name, printTypeParameters(node.typeParams), heritage, ' ', printBody(members, ';')];
    }
    case 'type-alias':
      return group(['type ', node.name, printAnnotation(' =', node.type), ';']);
    case 'const':
      return group(['const ', printAssignment(node.name, ' =', node.value), ';']);
    case 'function': {
      const signature = printSignature(node.params, node.returns);
      return ['function ', node.name, printTypeParameters(node.typeParams), signature, ' ', printBlock(node.body)];
    }
    case 'class':
      return printClass(node);
  }
}

function printImport(node: Extract<Declaration, { kind: 'import' }>): Doc {
  const head = node.typeOnly ? 'import type ' : 'import ';
  const source = [' from ', printString(node.from), ';'];
  if (node.namespace) return [head, '* as ', node.namespace, source];
  return [head, printNames(node.names ?? []), source];
}

const printNames = (names: readonly string[]) =>
  group(['{', indent([line, join([',', line], [...names])]), ifBreak(','), line, '}']);

/** `{ member; member; }` (or without a separator), one member per line. */
function printBody(members: readonly Doc[], separator: string): Doc {
  if (members.length === 0) return '{}';
  const lines = members.map((member) => [member, separator]);
  return ['{', indent([hardline, join(hardline, lines)]), hardline, '}'];
}

export function printInterfaceMember(member: InterfaceMember): Doc {
  if (isPrinted(member)) return printedStandIn(member);
  const signature =
    'method' in member ? [member.name, printSignature(member.params, member.returns)] : printPropertySignature(member);
  return [printDocComment(member.docs), signature];
}

/** `(parameters): returns`: the parameters break one per line when the whole does not fit. */
function printSignature(params: readonly Parameter[], returns: TypeNode | undefined): Doc {
  return group([printParameters(params), returns ? [': ', printType(returns)] : '']);
}

export function printClassMethod(method: ClassMethod | PrintedMember): Doc {
  if (isPrinted(method)) return printedStandIn(method);
  return [
    printDocComment(method.docs),
    method.name,
    printSignature(method.params, method.returns),
    ' ',
    printBlock(method.body),
  ];
}

function printClass(node: Extract<Declaration, { kind: 'class' }>): Doc {
  const fields = node.fields.map((field) => [
    field.modifiers ? `${field.modifiers} ` : '',
    printKey(field.name),
    ': ',
    printType(field.type),
    ';',
  ]);
  const constructor = [
    'constructor',
    printSignature(node.constructorParams, undefined),
    ' ',
    printBlock(node.constructorBody),
  ];
  const members = [...fields, constructor, ...node.methods.map(printClassMethod)];
  return ['class ', node.name, ' {', indent([hardline, join([hardline, hardline], members)]), hardline, '}'];
}
