// Types as layout documents: on one line when they fit, else a union puts one member per line
// and a type literal or parameter list one entry per line.
import { builders } from 'prettier/doc';
import type { Parameter, PropertySignature, TypeNode } from './ast.js';
import { printKey, printNumber, printString } from './literals.js';
import { printExpression } from './print-expression.js';

type Doc = builders.Doc;
const { group, ifBreak, indent, join, line, softline } = builders;

export function printType(node: TypeNode): Doc {
  switch (node.kind) {
    case 'reference':
      return [node.name, printTypeArguments(node.args)];
    case 'string-literal':
      return printString(node.value);
    case 'number-literal':
      return printNumber(node.value);
    case 'union':
      return staysOnOneLine(node.types)
        ? join(' | ', node.types.map(printType))
        : group([indent([softline, unionMembers(node.types)]), softline]);
    case 'array':
      return node.element.kind === 'union' ? ['(', printType(node.element), ')[]'] : [printType(node.element), '[]'];
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

/** `T | null`: a type and null or undefined reads as one type and is never broken. */
function staysOnOneLine(types: readonly TypeNode[]): boolean {
  const isNullish = (type: TypeNode) =>
    type.kind === 'reference' && (type.name === 'null' || type.name === 'undefined');
  return types.length === 2 && types.some(isNullish);
}

/** `A | B`, or with each member on its own line after a leading `| `. */
function unionMembers(types: readonly TypeNode[]): Doc {
  return [ifBreak('| '), join([line, '| '], types.map(printType))];
}

/** `: type` or ` = type`; a union that does not fit starts on the next line, one member per line. */
export function printAnnotation(operator: string, type: TypeNode): Doc {
  if (type.kind !== 'union' || staysOnOneLine(type.types)) return [operator, ' ', printType(type)];
  return [operator, group(indent([line, unionMembers(type.types)]))];
}

/** `<A, B>` after a type name or a callee; a sole type literal hugs the brackets (`Promise<{`). */
export function printTypeArguments(args: readonly TypeNode[]): Doc {
  if (args.length === 0) return '';
  if (args.length === 1 && args[0]?.kind === 'type-literal') return ['<', printType(args[0]), '>'];
  return group(['<', indent([softline, join([',', line], args.map(printType))]), softline, '>']);
}

/** `<T>` on a declaration. */
export function printTypeParameters(names: readonly string[] | undefined): Doc {
  return names && names.length > 0 ? ['<', names.join(', '), '>'] : '';
}

/** `{ a: A; b: B }`: on one line when it fits, else one member per line. */
function printTypeLiteral(members: readonly PropertySignature[]): Doc {
  if (members.length === 0) return '{}';
  return group(['{', indent([line, join([';', line], members.map(printPropertySignature))]), ifBreak(';'), line, '}']);
}

export function printPropertySignature(member: PropertySignature): Doc {
  const name = [member.readonly ? 'readonly ' : '', printKey(member.name), member.optional ? '?' : ''];
  return group([name, printAnnotation(':', member.type)]);
}

/** `(a: A, b?: B = x)`: one line when it fits, else one parameter per line with a trailing comma. */
export function printParameters(params: readonly Parameter[]): Doc {
  if (params.length === 0) return '()';
  return ['(', indent([softline, join([',', line], params.map(printParameter))]), ifBreak(','), softline, ')'];
}

function printParameter(param: Parameter): Doc {
  const annotated = [param.name, param.optional ? '?' : '', param.type ? [': ', printType(param.type)] : ''];
  return param.initializer ? [annotated, ' = ', printExpression(param.initializer)] : annotated;
}
