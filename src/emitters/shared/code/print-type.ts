// Types as layout documents: on one line when they fit, else a union puts one member per line
// and a type literal or parameter list one entry per line.
import { builders } from 'prettier/doc';
import { byKind, type ByKind, type Parameter, type PropertySignature, type TypeNode } from './ast.js';
import { printKey, printNumber, printString } from './literals.js';
import { printExpression, printList } from './print-expression.js';

type Doc = builders.Doc;
const { align, group, ifBreak, indent, join, line, softline } = builders;

export const printType = (node: TypeNode): Doc => byKind(TYPES, node);

const TYPES: ByKind<TypeNode, Doc> = {
  reference: (node) => [node.name, printTypeArguments(node.args)],
  'string-literal': (node) => printString(node.value),
  'number-literal': (node) => printNumber(node.value),
  union: (node) =>
    staysOnOneLine(node.types)
      ? join(' | ', node.types.map(printType))
      : group([indent([softline, unionMembers(node.types)]), softline]),
  intersection: (node) => join(' & ', node.types.map(printType)),
  array: ({ element }) =>
    element.kind === 'union' || element.kind === 'intersection'
      ? ['(', printType(element), ')[]']
      : [printType(element), '[]'],
  indexed: (node) => [printType(node.object), '[', printType(node.index), ']'],
  typeof: (node) => ['typeof ', node.name],
  predicate: (node) => [node.parameter, ' is ', printType(node.type)],
  // `{ a: A; b: B }`: on one line when it fits, else one member per line.
  'type-literal': (node) => group(printList('{', node.members.map(printPropertySignature), '}', line, ';')),
  function: (node) => group([printParameters(node.params), ' => ', printType(node.returns)]),
};

/** `T | null`: a type and null or undefined reads as one type and is never broken. */
function staysOnOneLine(types: readonly TypeNode[]): boolean {
  const isNullish = (type: TypeNode) =>
    type.kind === 'reference' && (type.name === 'null' || type.name === 'undefined');
  return types.length === 2 && types.some(isNullish);
}

/** `A | B`, or with each member on its own line after a leading `| ` (a member that breaks, indented past it). */
function unionMembers(types: readonly TypeNode[]): Doc {
  return [
    ifBreak('| '),
    join(
      [line, '| '],
      types.map((type) => align(2, printType(type))),
    ),
  ];
}

/** `: type` or ` = type`; a union that does not fit starts on the next line, one member per line. */
export function printAnnotation(operator: string, type: TypeNode): Doc {
  if (type.kind !== 'union' || staysOnOneLine(type.types)) return [operator, ' ', printType(type)];
  return [operator, group(indent([line, unionMembers(type.types)]))];
}

/**
 * `<A, B>` after a type name or a callee; a sole type literal hugs the brackets (`Promise<{`), and so does a sole
 * union of one type and void or null (`Promise<void | Answers<`), as prettier prints them. A union among the
 * arguments puts its members one per line at the arguments' indent when it breaks.
 */
export function printTypeArguments(args: readonly TypeNode[]): Doc {
  if (args.length === 0) return '';
  const [sole] = args;
  if (args.length === 1 && sole?.kind === 'type-literal') return ['<', printType(sole), '>'];
  if (args.length === 1 && sole?.kind === 'union' && hugsVoid(sole.types))
    return ['<', join(' | ', sole.types.map(printType)), '>'];
  const printArgument = (arg: TypeNode) =>
    arg.kind === 'union' && !staysOnOneLine(arg.types) ? group(unionMembers(arg.types)) : printType(arg);
  return group(['<', indent([softline, join([',', line], args.map(printArgument))]), softline, '>']);
}

/** `T | void` (or null): one type with void or null, which prettier keeps on one line as type arguments. */
function hugsVoid(types: readonly TypeNode[]): boolean {
  const voids = types.filter((one) => one.kind === 'reference' && (one.name === 'void' || one.name === 'null'));
  return voids.length === types.length - 1;
}

/** `<T>` on a declaration. */
/** `<A, B extends C>`, or one parameter per line when they do not fit (as prettier breaks them). */
export function printTypeParameters(names: readonly string[] | undefined): Doc {
  return names && names.length > 0 ? group(printList('<', names, '>', softline)) : '';
}

export function printPropertySignature(member: PropertySignature): Doc {
  const key = member.index ? ['[', String(member.name), ': string]'] : printKey(member.name);
  const name = [member.readonly ? 'readonly ' : '', key, member.optional ? '?' : ''];
  return group([name, printAnnotation(':', member.type)]);
}

/** `(a: A, b?: B = x)`: one line when it fits, else one parameter per line with a trailing comma. */
export function printParameters(params: readonly Parameter[]): Doc {
  return printList('(', params.map(printParameter), ')', softline);
}

function printParameter(param: Parameter): Doc {
  const annotated = [param.name, param.optional ? '?' : '', param.type ? [': ', printType(param.type)] : ''];
  return param.initializer ? [annotated, ' = ', printExpression(param.initializer)] : annotated;
}
