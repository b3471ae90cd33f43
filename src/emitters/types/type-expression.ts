// A TypeIr as a TypeScript type expression.
import type { RecordIr, TypeIr } from '../../ir/types.js';
import { recordTypeName } from '../shared/imports.js';

export function typeExpression(type: TypeIr): string {
  const base = nonNullExpression(type);
  return type.nullable ? `${base} | null` : base;
}

function nonNullExpression(type: TypeIr): string {
  switch (type.kind) {
    case 'scalar':
      return type.scalar === 'integer' || type.scalar === 'number' ? 'number' : type.scalar === 'boolean' ? 'boolean' : 'string';
    case 'enum':
      return type.values.map((value) => JSON.stringify(value)).join(' | ');
    case 'list':
      return `${wrapUnion(typeExpression(type.items))}[]`;
    case 'map':
      return `Record<string, ${typeExpression(type.values)}>`;
    case 'json':
      return 'unknown';
    case 'record':
      return recordExpression(type);
  }
}

function recordExpression(type: Extract<TypeIr, { kind: 'record' }>): string {
  let expression = recordTypeName(type.record);
  const keys = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(' | ');
  if (type.pick.length > 0) expression = `Pick<${expression}, ${keys(type.pick)}>`;
  if (type.omit.length > 0) expression = `Omit<${expression}, ${keys(type.omit)}>`;
  if (type.partial) expression = `Partial<${expression}>`;
  return expression;
}

function wrapUnion(expression: string): string {
  return expression.includes(' | ') ? `(${expression})` : expression;
}

/** Fields a client may write: everything but the read-only ones. */
export function writableFields(record: RecordIr): string[] {
  return record.fields.filter((field) => !field.readOnly).map((field) => field.name);
}
