// Top-level declarations as layout documents: imports, interfaces, type aliases, constants,
// functions and classes, with their doc comments. Bodies of interfaces and classes always break.
import { builders } from 'prettier/doc';
import {
  byKind,
  isMemberText,
  type ByKind,
  type ClassMethod,
  type Declaration,
  type InterfaceMember,
  type Parameter,
  type MemberText,
  type TopLevel,
  type TypeNode,
} from './ast.js';
import { printKey, printString } from './literals.js';
import { printBlock, printBody, printConst, printList, printMemberText } from './print-expression.js';
import {
  printAnnotation,
  printParameters,
  printPropertySignature,
  printType,
  printTypeParameters,
} from './print-type.js';

type Doc = builders.Doc;
const { align, conditionalGroup, fill, group, hardline, join, line } = builders;

export function printTopLevel(statement: TopLevel): Doc {
  return [
    printDocComment(statement.docs),
    statement.exported ? 'export ' : '',
    byKind(DECLARATIONS, statement.declaration),
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
  const body = join([hardline, ''], paragraphs.map(words));
  const lines = align(' * ', [hardline, body]);
  const multiLine = ['/**', lines, hardline, ' */'];
  const doc = paragraphs.length === 1 ? conditionalGroup([`/** ${paragraphs[0]} */`, multiLine]) : multiLine;
  return [doc, hardline];
}

const DECLARATIONS: ByKind<Declaration, Doc> = {
  import: (node) => [
    node.typeOnly ? 'import type ' : 'import ',
    node.namespace ? ['* as ', node.namespace] : printNames(node.names ?? []),
    ' from ',
    printString(node.from),
    ';',
  ],
  're-export': (node) => ['export ', printNames(node.names), ' from ', printString(node.from), ';'],
  interface: (node) => {
    const heritage = node.extends?.length ? [' extends ', join(', ', node.extends.map(printType))] : '';
    const members = printBody(node.members.map((member) => [printInterfaceMember(member), ';']));
    return ['interface ', node.name, printTypeParameters(node.typeParams), heritage, ' ', members];
  },
  'type-alias': (node) =>
    group(['type ', node.name, printTypeParameters(node.typeParams), printAnnotation(' =', node.type), ';']),
  const: printConst,
  function: (node) => {
    const signature = printSignature(node.params, node.returns);
    return ['function ', node.name, printTypeParameters(node.typeParams), signature, ' ', printBlock(node.body)];
  },
  class: (node) => {
    const fields = node.fields.map((field) => [
      field.modifiers ? `${field.modifiers} ` : '',
      printKey(field.name),
      ': ',
      printType(field.type),
      ';',
    ]);
    const constructor = printClassMethod({
      name: 'constructor',
      params: node.constructorParams,
      body: node.constructorBody,
    });
    const members = [...fields, constructor, ...node.methods.map(printClassMethod)];
    return ['class ', node.name, ' ', printBody(members, [hardline, hardline])];
  },
};

const printNames = (names: readonly string[]) => group(printList('{', names, '}', line));

export function printInterfaceMember(member: InterfaceMember): Doc {
  if (isMemberText(member)) return printMemberText(member);
  const signature =
    'method' in member ? [member.name, printSignature(member.params, member.returns)] : printPropertySignature(member);
  return [printDocComment(member.docs), signature];
}

/** `(parameters): returns`: the parameters break one per line when the whole does not fit. */
function printSignature(params: readonly Parameter[], returns: TypeNode | undefined): Doc {
  return group([printParameters(params), returns ? [': ', printType(returns)] : '']);
}

export function printClassMethod(method: ClassMethod | MemberText): Doc {
  if (isMemberText(method)) return printMemberText(method);
  return [
    printDocComment(method.docs),
    method.name,
    printSignature(method.params, method.returns),
    ' ',
    printBlock(method.body),
  ];
}
