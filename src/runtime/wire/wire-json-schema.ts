// The JSON Schema pieces the wire styles build their responses' serialization schemas from
// (wire-schemas.ts and the wire-<style>.ts modules): objects, counts, null, and references resolved.

export type JsonSchema = { [keyword: string]: unknown };

export const NULL: JsonSchema = { type: 'null' };
export const STRING: JsonSchema = { type: 'string' };
export const COUNT: JsonSchema = { type: 'integer' };
export const ANY_LIST: JsonSchema = { type: 'array', items: {} };

export function counted(list: JsonSchema): JsonSchema {
  return object({ items: list, total: COUNT }, ['items', 'total']);
}

/** An open record's attributes keep the members it does not name, as the record's own schema does. */
export function withOtherMembers(attributes: JsonSchema, record: JsonSchema): JsonSchema {
  const others = record['additionalProperties'];
  return others === undefined || others === false ? attributes : { ...attributes, additionalProperties: others };
}

export function object(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length > 0 && { required: [...required] }) };
}

/**
 * The schema with null allowed: a type list where the schema is one plain type, an anyOf beside a
 * bare reference (nullReferences makes it a reference to a nullable twin), else an if on null.
 */
export function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema['$ref'] === 'string' && Object.keys(schema).length === 1) return { anyOf: [NULL, schema] };
  const plain = ['$ref', 'anyOf', 'oneOf', 'allOf', 'if'].every((key) => !(key in schema));
  if (plain && typeof schema['type'] === 'string') {
    const nullable: JsonSchema = { ...schema, type: [schema['type'], 'null'] };
    if (Array.isArray(schema['enum'])) nullable['enum'] = [...(schema['enum'] as unknown[]), null];
    // A const that may be null is an enum of both: where a validator chooses a union's variant, null is kept.
    if ('const' in schema) {
      delete nullable['const'];
      nullable['enum'] = [schema['const'], null];
    }
    return nullable;
  }
  if (plain && Array.isArray(schema['type'])) return { ...schema, type: [...(schema['type'] as string[]), 'null'] };
  return { if: NULL, then: NULL, else: schema };
}

export function allowsNull(schema: JsonSchema): boolean {
  const type = schema['type'];
  return type === 'null' || (Array.isArray(type) && type.includes('null')) || nonNull(schema) !== undefined;
}

/** The other branch of a schema orNull made of one that is not null, else undefined. */
export function nonNull(schema: JsonSchema): JsonSchema | undefined {
  if (schema['then'] === NULL) return schema['else'] as JsonSchema;
  const anyOf = schema['anyOf'] as JsonSchema[] | undefined;
  return anyOf?.length === 2 && anyOf[0] === NULL ? anyOf[1] : undefined;
}

/** Resolves the schema's local references, through null wrappers, to the object schema of a record. */
export class Refs {
  private readonly defs: Record<string, JsonSchema>;

  constructor(defs: Record<string, JsonSchema>) {
    this.defs = defs;
  }

  object(schema: JsonSchema): JsonSchema | undefined {
    const inner = this.resolve(schema);
    if (!inner) return undefined;
    if (inner['properties'] !== undefined) return inner;
    const items = inner['items'] as JsonSchema | undefined;
    return items ? this.object(items) : undefined;
  }

  resolve(schema: JsonSchema): JsonSchema | undefined {
    const ref = schema['$ref'];
    if (typeof ref === 'string') return this.defs[ref.replace('#/$defs/', '')];
    const inner = nonNull(schema);
    return inner ? this.resolve(inner) : schema;
  }
}

/** The item schema of a list schema (through null), else undefined. */
export function listItems(schema: JsonSchema, refs: Refs): JsonSchema | undefined {
  const inner = refs.resolve(schema);
  return inner && inner['items'] !== undefined ? (inner['items'] as JsonSchema) : undefined;
}
