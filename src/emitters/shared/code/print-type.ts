// Types as prettier documents, built the way prettier builds them for the same source, so that
// prettier's own line fitting (printDocToString) lays them out exactly as prettier would.
import { builders } from 'prettier/doc';
import type { Parameter, PropertySignature, TypeNode } from './ast.js';
import { printKey, printNumber, printString } from './literals.js';
import { printExpression } from './print-expression.js';

type Doc = builders.Doc;
const { align, group, ifBreak, indent, join, line, softline } = builders;

/** Where a type sits: decides a union's indentation and parentheses. */
type TypePosition = 'annotation' | 'type-argument' | 'array-element';

export function printType(node: TypeNode, position: TypePosition = 'annotation'): Doc {
  switch (node.kind) {
    case 'reference':
      return [node.name, printTypeArguments(node.args)];
    case 'string-literal':
      return printString(node.value);
    case 'number-literal':
      return printNumber(node.value);
    case 'union':
      return printUnion(node.types, position);
    case 'array':
      return [printType(node.element, 'array-element'), '[]'];
    case 'indexed':
      return [printType(node.object), '[', printType(node.index), ']'];
    case 'typeof':
      return ['typeof ', node.name];
    case 'type-literal':
      return printTypeLiteral(node.members);
    case 'function':
      return group([printParameters(node.params), ' => ', printType(node.returns)]);
  }
}

/** `<A, B>` after a type name or a callee; one simple argument never breaks. */
export function printTypeArguments(args: readonly TypeNode[]): Doc {
  if (args.length === 0) return '';
  if (args.length === 1 && hugsAsTypeArgument(args[0] as TypeNode)) return ['<', printType(args[0] as TypeNode, 'type-argument'), '>'];
  return group(['<', indent([softline, join([',', line], args.map((arg) => printType(arg, 'type-argument')))]), softline, '>']);
}

/** `<T>` on a declaration (prettier adds a trailing comma there when it breaks). */
export function printTypeParameters(names: readonly string[] | undefined): Doc {
  if (!names || names.length === 0) return '';
  return group(['<', indent([softline, join([',', line], [...names])]), ifBreak(','), softline, '>']);
}

function hugsAsTypeArgument(node: TypeNode): boolean {
  return isSimpleType(node) || node.kind === 'type-literal' || (node.kind === 'union' && hugsUnion(node.types));
}

/** A keyword or a type name without arguments. */
function isSimpleType(node: TypeNode): boolean {
  return node.kind === 'reference' && node.args.length === 0;
}

const isObjectLike = (node: TypeNode) => node.kind === 'type-literal' || node.kind === 'reference';
const isVoidLike = (node: TypeNode) => node.kind === 'reference' && (node.name === 'null' || node.name === 'void');

/** `T | null`: one object-like member and the rest null or void is written inline, never broken. */
function hugsUnion(types: readonly TypeNode[]): boolean {
  const objectType = types.find(isObjectLike);
  return objectType !== undefined && types.every((type) => type === objectType || isVoidLike(type));
}

function printUnion(types: readonly TypeNode[], position: TypePosition): Doc {
  if (hugsUnion(types)) return join(' | ', types.map((type) => printType(type)));
  const members = types.map((type) => align(2, printType(type)));
  const indented = position !== 'type-argument';
  const parts = [ifBreak([indented ? line : '', '| ']), join([line, '| '], members)];
  if (position === 'array-element') return ['(', group([indent(parts), softline]), ')'];
  return group(indented ? indent([group(parts)]) : [group(parts)]);
}

/** `{ a: A; b: B }`: on one line when it fits, else one member per line. */
export function printTypeLiteral(members: readonly PropertySignature[]): Doc {
  if (members.length === 0) return '{}';
  const printed = members.map((member, index) => [index === 0 ? '' : [';', line], group(printPropertySignature(member))]);
  return group(['{', indent([line, ...printed]), ifBreak(';'), line, '}']);
}

export function printPropertySignature(member: PropertySignature): Doc {
  return [member.readonly ? 'readonly ' : '', printKey(member.name), member.optional ? '?' : '', ': ', printType(member.type)];
}

/** `(a: A, b?: B = x)`: one line when it fits, else one parameter per line with a trailing comma. */
export function printParameters(params: readonly Parameter[]): Doc {
  if (params.length === 0) return '()';
  const printed = params.map((param, index) => [printParameter(param), index === params.length - 1 ? '' : [',', line]]);
  if (params.length === 1 && (params[0] as Parameter).type.kind === 'type-literal' && !(params[0] as Parameter).initializer) return ['(', ...printed, ')'];
  return ['(', indent([softline, ...printed]), ifBreak(','), softline, ')'];
}

function printParameter(param: Parameter): Doc {
  const annotated = [param.name, param.optional ? '?' : '', ': ', printType(param.type)];
  return param.initializer ? [annotated, ' = ', printExpression(param.initializer)] : annotated;
}
