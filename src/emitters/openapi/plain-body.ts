// A success body as the handler gives it, the wire styles' common ground: the value, or for a list
// with a total, {items, total}.
import type { TypeIr } from '../../ir/types.js';
import { typeSchema, type SchemaContext } from './json-schema.js';
import type { Schema, SchemaObject } from './types.js';

export const TOTAL: SchemaObject = {
  type: 'integer',
  minimum: 0,
  description: 'Number of records matching, on every page.',
};

export function plainBody(body: TypeIr, total: boolean, ctx: SchemaContext): Schema {
  if (!total) return typeSchema(body, ctx);
  return {
    type: 'object',
    properties: {
      items: typeSchema(body, ctx),
      total: TOTAL,
    },
    required: ['items', 'total'],
  };
}
