// A TypeIr as a TypeScript type.
import type { RecordType, ScalarKind, TypeIr, UnionType } from '../../ir/types.js';
import {
  arrayType,
  intersection,
  numberType,
  stringType,
  typeLiteral,
  typeRef,
  union,
  type TypeNode,
} from '../shared/code/ast.js';
import { symbols } from '../../ir/symbols.js';

/** The TypeScript type of each scalar: dates travel as ISO text. */
const SCALAR_TYPES: Record<ScalarKind, 'string' | 'number' | 'boolean'> = {
  string: 'string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  date: 'string',
  'date-time': 'string',
};

export function typeExpression(type: TypeIr): TypeNode {
  const base = nonNullExpression(type);
  return type.nullable ? union([base, typeRef('null')]) : base;
}

function nonNullExpression(type: TypeIr): TypeNode {
  if (type.named !== undefined) return typeRef(symbols.namedType(type.named));
  switch (type.kind) {
    case 'scalar':
      return type.const !== undefined ? constType(type.const) : typeRef(SCALAR_TYPES[type.scalar]);
    case 'enum':
      return union(type.values.map(stringType));
    case 'list':
      return arrayType(typeExpression(type.items));
    case 'map':
      return typeRef('Record', [typeRef('string'), typeExpression(type.values)]);
    case 'json':
      return typeRef('unknown');
    case 'record':
      return recordExpression(type);
    case 'union':
      return unionExpression(type);
  }
}

/** A const is its literal type: 'card', 3, true. */
function constType(value: string | number | boolean): TypeNode {
  if (typeof value === 'string') return stringType(value);
  return typeof value === 'number' ? numberType(value) : typeRef(String(value));
}

/**
 * `A | B`; a tagged union's variants each with their value (`Card & { kind: 'card' }`), so that a switch on the
 * member narrows even where the record declares it a plain string.
 */
function unionExpression(type: UnionType): TypeNode {
  const tag = type.discriminator;
  return union(
    type.variants.map((variant, index) => {
      const expression = typeExpression(variant);
      const value = tag?.values[index];
      if (!tag || value === undefined) return expression;
      return intersection([expression, typeLiteral([{ name: tag.property, type: stringType(value) }])]);
    }),
  );
}

function recordExpression(type: RecordType): TypeNode {
  let expression = typeRef(symbols.recordType(type.record));
  const keys = (names: readonly string[]) => union(names.map(stringType));
  if (type.pick.length > 0) expression = typeRef('Pick', [expression, keys(type.pick)]);
  if (type.omit.length > 0) expression = typeRef('Omit', [expression, keys(type.omit)]);
  if (type.partial) expression = typeRef('Partial', [expression]);
  return expression;
}
