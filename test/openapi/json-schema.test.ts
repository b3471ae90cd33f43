// TypeIr → JSON Schema, one case per rule of json-schema.ts.
import { describe, expect, it } from 'vitest';
import { Components, type ComponentRequest, type Direction } from '../../src/emitters/openapi/components.js';
import { DocumentComponents } from '../../src/emitters/openapi/document-names.js';
import { typeSchema } from '../../src/emitters/openapi/json-schema.js';
import { URI } from '../../src/runtime/core/uri-grammar.js';
import type { Constraints, FieldIr, RecordIr, ScalarKind, StringFormat, TypeIr } from '../../src/ir/types.js';

const at = { file: 'definitions/t.yaml', line: 1, column: 1 };

function scalar(
  kind: ScalarKind,
  extra: { format?: StringFormat; nullable?: boolean; coerce?: boolean; constraints?: Constraints } = {},
): TypeIr {
  return {
    kind: 'scalar',
    scalar: kind,
    format: extra.format,
    coerce: extra.coerce ?? false,
    nullable: extra.nullable ?? false,
    constraints: extra.constraints ?? {},
  };
}

/** A required field of the definitions, as the IR holds it. */
function requiredField(name: string, type: TypeIr, readOnly: boolean): FieldIr {
  return {
    name,
    type,
    required: true,
    readOnly,
    deprecated: false,
    default: undefined,
    relation: undefined,
    description: undefined,
    origin: 'spec',
    location: at,
  };
}

const item: RecordIr = {
  key: 't.item',
  name: 'item',
  file: 't',
  resourceType: 'item',
  apiAlias: undefined,
  description: undefined,
  origin: 'spec',
  location: at,
  fields: [
    requiredField('count', scalar('integer', { coerce: true }), false),
    requiredField('id', scalar('integer'), true),
  ],
};
/** The schema and the component schemas as the document prints them, $refs named. */
function schemaOf(type: TypeIr, direction: Direction = 'read', records: readonly RecordIr[] = [item]) {
  const components = new Components(records);
  const printed = components.printOperation({ schema: typeSchema(type, { components, direction }) });
  const document = new DocumentComponents();
  // Notes the calls and, depth first, every component they reach, as the emitter's assembly does.
  const collect = (calls: readonly ComponentRequest[]): void => {
    for (const request of document.newCalls(calls)) {
      const component = components.printComponent(request[0], request[1]);
      document.set(request, component.text);
      collect(component.calls);
    }
  };
  collect(printed.calls);
  document.name();
  const section: string[] = [];
  document.section('schemas', 4).write(section);
  const out: string[] = [];
  document.write(printed.text, out);
  return {
    schema: (JSON.parse(out.join('')) as { schema: unknown }).schema,
    components: JSON.parse(section.join('')) as Record<string, unknown>,
  };
}

const record = (extra: Partial<Extract<TypeIr, { kind: 'record' }>> = {}): TypeIr => ({
  kind: 'record',
  record: 't.item',
  omit: [],
  pick: [],
  partial: false,
  nullable: false,
  constraints: {},
  ...extra,
});

describe('typeSchema', () => {
  it.each<{ name: string; given: TypeIr; want: unknown }>([
    {
      name: 'hex-id is a pattern',
      given: scalar('string', { format: 'hex-id' }),
      want: { type: 'string', pattern: '^[0-9a-f]{32}$', examples: ['0123456789abcdef0123456789abcdef'] },
    },
    {
      // RFC 3986's grammar as a pattern too: a validator's uri format may be looser (uri-reference.test.ts).
      name: 'uri is a format and its pattern',
      given: scalar('string', { format: 'uri' }),
      want: { type: 'string', format: 'uri', pattern: URI, examples: ['aa://[a:a:a:a:a:a:a:a]/a'] },
    },
    { name: 'date', given: scalar('date'), want: { type: 'string', format: 'date' } },
    { name: 'date-time', given: scalar('date-time'), want: { type: 'string', format: 'date-time' } },
    {
      name: 'nullable adds null to type',
      given: scalar('date', { nullable: true }),
      want: { type: ['string', 'null'], format: 'date' },
    },
    {
      name: 'string constraints',
      given: scalar('string', { constraints: { minLength: 1, maxLength: 60 } }),
      want: { type: 'string', minLength: 1, maxLength: 60 },
    },
    {
      name: 'format pattern and own pattern both hold',
      given: scalar('string', { format: 'currency-code', constraints: { pattern: '^E' } }),
      want: { type: 'string', pattern: '^[A-Z]{3}$', allOf: [{ pattern: '^E' }] },
    },
    {
      name: 'integer range',
      given: scalar('integer', { constraints: { minimum: 1, maximum: 500 } }),
      want: { type: 'integer', minimum: 1, maximum: 500 },
    },
    {
      name: 'nullable enum lists null',
      given: { kind: 'enum', values: ['a', 'b'], nullable: true, constraints: {} },
      want: { type: ['string', 'null'], enum: ['a', 'b', null] },
    },
    {
      name: 'list with item bounds',
      given: { kind: 'list', items: scalar('string'), nullable: false, constraints: { minItems: 1 } },
      want: { type: 'array', items: { type: 'string' }, minItems: 1 },
    },
    {
      name: 'map (no __proto__ key)',
      given: { kind: 'map', values: scalar('number'), nullable: false, constraints: {} },
      want: {
        type: 'object',
        propertyNames: { not: { const: '__proto__' } },
        additionalProperties: { type: 'number' },
      },
    },
    { name: 'json is any value', given: { kind: 'json', nullable: true, constraints: {} }, want: {} },
    { name: 'record is a $ref', given: record(), want: { $ref: '#/components/schemas/Item' } },
    {
      name: 'nullable record',
      given: record({ nullable: true }),
      want: { anyOf: [{ $ref: '#/components/schemas/Item' }, { type: 'null' }] },
    },
  ])('$name', ({ given, want }) => {
    expect(schemaOf(given).schema).toEqual(want);
  });

  it('writes a record component with required fields and readOnly', () => {
    expect(schemaOf(record()).components['Item']).toEqual({
      type: 'object',
      properties: { count: { type: 'integer' }, id: { type: 'integer', readOnly: true } },
      required: ['count', 'id'],
      additionalProperties: false,
    });
  });

  it('writes a view in place: omit, pick and partial', () => {
    expect(schemaOf(record({ omit: ['id'], partial: true }), 'write').schema).toMatchObject({
      type: 'object',
      properties: { count: { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]{1,15}$' }] } },
      additionalProperties: false,
    });
    expect(schemaOf(record({ pick: ['id'] }), 'write').schema).toMatchObject({
      properties: { id: { type: 'integer' } },
      required: ['id'],
    });
  });

  it('names fields as the wire names them: "+1", "_links", "@odata.type", "a/b~c"', () => {
    const names = ['+1', '_links', '@odata.type', 'a/b~c'];
    const field = item.fields[1]!;
    const wired: RecordIr = {
      ...item,
      fields: names.map((name, index) => ({ ...field, name, readOnly: false, required: index % 2 === 0 })),
    };
    expect(schemaOf(record(), 'read', [wired]).components['Item']).toEqual({
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' }])),
      required: ['+1', '@odata.type'],
      additionalProperties: false,
    });
  });

  it('gives a record whose fields accept digits a separate input schema', () => {
    const { schema, components } = schemaOf(record(), 'write');
    expect(schema).toEqual({ $ref: '#/components/schemas/ItemInput' });
    expect(Object.keys(components)).toEqual(['ItemInput']);
  });
});
