// The included resources of a json:api list: each related record once per type and id, in the order first met across
// types, and none that is also primary data.
import { describe, expect, it } from 'vitest';
import type { InterfaceMeta } from '../../src/runtime/core/interface-meta.js';
import { jsonApiList } from '../../src/runtime/wire/jsonapi/jsonapi.js';

const record = (type: string, relations: InterfaceMeta['records'][string]['relations'] = {}) => ({
  type,
  resourcePath: `/shop/${type}`,
  relations,
  nested: {},
});

const meta: InterfaceMeta = {
  name: 'shop-api',
  title: 'Shop API',
  basePath: '/shop',
  style: 'jsonapi',
  errorStyle: 'errors-array',
  errors: {},
  auth: {},
  records: {
    product: record('product', {
      tax: { kind: 'to-one', record: 'tax' },
      maker: { kind: 'to-one', record: 'maker' },
      parent: { kind: 'to-one', record: 'product' },
    }),
    tax: record('tax'),
    maker: record('maker'),
  },
};

function includedOf(products: Record<string, unknown>[]): string[] {
  const options = { meta, origin: 'http://127.0.0.1', path: '/shop/product' };
  const document = jsonApiList(options, 'product', products, undefined, products.length) as {
    included: { type: string; id: string }[];
  };
  return document.included.map(({ type, id }) => `${type}:${id}`);
}

describe('json:api included resources', () => {
  it('are listed once each, in the order first met across types; the same id of two types is two resources', () => {
    const products = [
      { id: 'p1', tax: { id: '1' }, maker: { id: '1' } },
      { id: 'p2', tax: { id: '2' }, maker: { id: '1' } },
      { id: 'p3', tax: { id: '1' }, maker: { id: '2' } },
    ];
    expect(includedOf(products)).toEqual(['tax:1', 'maker:1', 'tax:2', 'maker:2']);
  });

  it('leave out a record that is primary data, and keep one of another type with its id', () => {
    const products = [
      { id: 'p1', parent: { id: 'p2' }, tax: { id: 'p2' } },
      { id: 'p2', parent: { id: 'p9' } },
    ];
    expect(includedOf(products)).toEqual(['tax:p2', 'product:p9']);
  });
});
