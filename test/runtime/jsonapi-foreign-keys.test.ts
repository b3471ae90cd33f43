// A to-one relation the handler left out of a json:api record is identified through its foreign key
// (docs/definitions.md, Relations): a foreign key value names the record, null names none, and a
// foreign key the handler left out too says nothing, so the relationship carries links only.
import { describe, expect, it } from 'vitest';
import type { InterfaceMeta } from '../../src/runtime/core/interface-meta.js';
import { jsonApiSingle } from '../../src/runtime/wire/jsonapi/jsonapi.js';

const meta: InterfaceMeta = {
  name: 'fuzz-api',
  title: 'Fuzz API',
  basePath: '/fuzz',
  style: 'jsonapi',
  errorStyle: 'errors-array',
  errors: {},
  auth: {},
  records: {
    item: {
      type: 'item',
      resourcePath: '/fuzz/items',
      relations: { owner: { kind: 'to-one', record: 'item', foreignKey: 'ownerId' } },
      nested: {},
      numericId: true,
    },
  },
};

function ownerRelationship(record: Record<string, unknown>): unknown {
  const document = jsonApiSingle({ meta, origin: 'http://127.0.0.1', path: '/fuzz/items/6' }, 'item', record) as {
    data: { relationships: Record<string, unknown> };
  };
  return document.data.relationships['owner'];
}

describe('json:api relationships of to-one relations left out', () => {
  it('a foreign key value names the related record', () => {
    expect(ownerRelationship({ id: 6, ownerId: 7 })).toMatchObject({ data: { type: 'item', id: '7' } });
  });

  it('a null foreign key names none', () => {
    expect(ownerRelationship({ id: 6, ownerId: null })).toMatchObject({ data: null });
  });

  it('a foreign key left out too leaves the data out, links only (found by fuzz:apis)', () => {
    const relationship = ownerRelationship({ id: 6 }) as Record<string, unknown>;
    expect(relationship).not.toHaveProperty('data');
    expect(relationship).toHaveProperty('links.related');
  });
});

describe('json:api attributes named like inherited members', () => {
  it('a field named constructor or toString is an attribute, not a relation', () => {
    const document = jsonApiSingle({ meta, origin: 'http://127.0.0.1', path: '/fuzz/items/6' }, 'item', {
      id: 6,
      ownerId: null,
      constructor: 'c',
      toString: 't',
    }) as { data: { attributes: Record<string, unknown>; relationships: Record<string, unknown> } };
    expect(document.data.attributes).toEqual({ ownerId: null, constructor: 'c', toString: 't' });
    expect(Object.keys(document.data.relationships)).toEqual(['owner']);
  });
});
