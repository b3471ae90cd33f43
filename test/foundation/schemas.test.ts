// The committed zod schemas against the interface documents' shapes: what they accept, what they
// turn it into, and what they refuse (with the member they refuse it for).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as admin from '../../generated/admin-api/schemas.js';
import * as banner from '../../generated/banner-api/schemas.js';
import * as priceList from '../../generated/price-list-api/schemas.js';
import * as store from '../../generated/store-api/schemas.js';

const HEX = '0123456789abcdef0123456789abcdef';

const product = {
  id: HEX,
  name: 'Shirt',
  taxId: HEX,
  stock: 5,
  active: true,
  price: { net: 10, gross: 11.9, linked: true },
  createdAt: '2024-05-01T10:00:00+02:00',
};

const newProduct = { name: 'Shirt', taxId: HEX, stock: 5, active: true, price: { net: 10, gross: 11.9, linked: true } };

const price = {
  id: 1,
  priceListId: 2,
  orderNumber: 'SW10001',
  price: 9.5,
  pseudoPrice: 0,
  from: 1,
  to: 10,
  validFrom: null,
  gross: true,
};

const newBanner = {
  description: 'Summer sale',
  image: 'media/summer.png',
  link: 'https://shop.example/sale',
  linkTarget: '_blank',
  categoryId: '7',
};

const countryPage = { total: 0, aggregations: {}, page: 1, limit: 25, elements: [] };

/** Where and why a schema refused a value: the member's path, or "+key" for an unknown key. */
function refusals(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => `+${key}`).join(' ')
      : issue.path.map(String).join('.') || '(root)',
  );
}

describe('accepted, as the interface documents show them', () => {
  it.each([
    {
      name: 'an admin product record; absent nullable ids become null',
      schema: admin.productSchema,
      given: product,
      want: { ...product, parentId: null, manufacturerId: null },
    },
    {
      name: 'a date-time in UTC',
      schema: admin.productSchema,
      given: { ...product, createdAt: '2024-05-01T08:00:00Z' },
      want: { ...product, createdAt: '2024-05-01T08:00:00Z', parentId: null, manufacturerId: null },
    },
    {
      name: 'a price list price with validFrom null',
      schema: priceList.priceListPriceSchema,
      given: price,
      want: { ...price, validTo: null, calculation: null },
    },
    {
      name: 'a price list price with a date',
      schema: priceList.priceListPriceSchema,
      given: { ...price, validFrom: '2024-02-29' },
      want: { ...price, validFrom: '2024-02-29', validTo: null, calculation: null },
    },
    {
      name: 'a banner create body, categoryId "7" read as 7',
      schema: banner.createBannerBodySchema,
      given: newBanner,
      want: { ...newBanner, categoryId: 7, validFrom: null, validTo: null },
    },
    {
      name: 'a banner create body with categoryId 7',
      schema: banner.createBannerBodySchema,
      given: { ...newBanner, categoryId: 7 },
      want: { ...newBanner, categoryId: 7, validFrom: null, validTo: null },
    },
    // An update changes the fields it names: a field it leaves out keeps its value, so no default fills it in.
    {
      name: 'a banner update body, categoryId "7" read as 7',
      schema: banner.updateBannerBodySchema,
      given: { categoryId: '7' },
      want: { categoryId: 7 },
    },
    {
      name: 'a banner update body setting validFrom to null',
      schema: banner.updateBannerBodySchema,
      given: { validFrom: null },
      want: { validFrom: null },
    },
    {
      name: 'a banner batch update entry',
      schema: banner.batchUpdateBannersBodySchema,
      given: [{ id: 3, link: 'https://x.example' }],
      want: [{ id: 3, link: 'https://x.example' }],
    },
    {
      name: 'a product update body',
      schema: admin.updateProductBodySchema,
      given: { name: 'Shirt' },
      want: { name: 'Shirt' },
    },
    { name: 'a country search page', schema: store.countrySearchResultSchema, given: countryPage },
  ])('$name', ({ schema, given, want }) => {
    expect(refusals(schema, given)).toEqual([]);
    expect(schema.parse(given)).toEqual(want ?? given);
  });
});

describe('refused', () => {
  it.each([
    // Only banner categoryId reads digits; every other number in a body must be a JSON number.
    {
      name: 'stock "5" in a product record',
      schema: admin.productSchema,
      given: { ...product, stock: '5' },
      want: ['stock'],
    },
    {
      name: 'stock "5" in a product create body',
      schema: admin.createProductBodySchema,
      given: { ...newProduct, stock: '5' },
      want: ['stock'],
    },
    {
      name: 'priority "5" in a price list body',
      schema: priceList.createPriceListBodySchema,
      given: { name: 'B2B', priority: '5' },
      want: ['priority'],
    },
    {
      name: 'limit "25" in a country page',
      schema: store.countrySearchResultSchema,
      given: { ...countryPage, limit: '25' },
      want: ['limit'],
    },
    {
      name: 'categoryId "seven"',
      schema: banner.createBannerBodySchema,
      given: { ...newBanner, categoryId: 'seven' },
      want: ['categoryId'],
    },
    {
      name: 'categoryId "7.5"',
      schema: banner.createBannerBodySchema,
      given: { ...newBanner, categoryId: '7.5' },
      want: ['categoryId'],
    },
    {
      name: 'categoryId "0" (below the minimum)',
      schema: banner.createBannerBodySchema,
      given: { ...newBanner, categoryId: '0' },
      want: ['categoryId'],
    },
    {
      name: 'an id in uppercase hex',
      schema: admin.productSchema,
      given: { ...product, id: HEX.toUpperCase() },
      want: ['id'],
    },
    {
      name: 'an id of 31 hex characters',
      schema: admin.productSchema,
      given: { ...product, id: HEX.slice(1) },
      want: ['id'],
    },
    {
      name: 'a path id in uppercase hex',
      schema: admin.getProductPathParamsSchema,
      given: { id: HEX.toUpperCase() },
      want: ['id'],
    },
    {
      name: 'month 13',
      schema: priceList.priceListPriceSchema,
      given: { ...price, validFrom: '2024-13-01' },
      want: ['validFrom'],
    },
    {
      name: 'February 30',
      schema: priceList.priceListPriceSchema,
      given: { ...price, validTo: '2024-02-30' },
      want: ['validTo'],
    },
    {
      name: 'a date-time without offset',
      schema: admin.productSchema,
      given: { ...product, createdAt: '2024-05-01T10:00:00' },
      want: ['createdAt'],
    },
    {
      name: 'a date where a date-time belongs',
      schema: admin.productSchema,
      given: { ...product, createdAt: '2024-05-01' },
      want: ['createdAt'],
    },
    {
      name: 'an unknown field on a record',
      schema: admin.productSchema,
      given: { ...product, colour: 'red' },
      want: ['+colour'],
    },
    {
      name: 'an unknown field in a nested record',
      schema: admin.productSchema,
      given: { ...product, price: { ...product.price, tax: 1 } },
      want: ['+tax'],
    },
    {
      name: 'an unknown field on a body',
      schema: banner.createBannerBodySchema,
      given: { ...newBanner, id: 3 },
      want: ['+id'],
    },
    {
      name: 'an update body with an unknown field',
      schema: banner.updateBannerBodySchema,
      given: { colour: 'red' },
      want: ['+colour'],
    },
    {
      name: 'an update body with a bad date',
      schema: banner.updateBannerBodySchema,
      given: { validTo: '2024-05-01' },
      want: ['validTo'],
    },
    {
      name: 'a missing required field',
      schema: admin.productSchema,
      given: { ...product, name: undefined },
      want: ['name'],
    },
  ])('$name', ({ schema, given, want }) => {
    expect(refusals(schema, given)).toEqual(want);
  });
});

describe('query and path parameters, read from text', () => {
  it.each([
    {
      name: 'limit "25" is 25',
      schema: admin.listProductQuerySchema,
      given: { limit: '25' },
      want: { limit: 25, page: 1 },
    },
    {
      name: 'limit "500" is the admin maximum',
      schema: admin.listProductQuerySchema,
      given: { limit: '500' },
      want: { limit: 500, page: 1 },
    },
    { name: 'admin defaults', schema: admin.listProductQuerySchema, given: {}, want: { limit: 25, page: 1 } },
    {
      name: 'banner list defaults: limit 1000, start 0',
      schema: banner.listBannersQuerySchema,
      given: {},
      want: { limit: 1000, start: 0, sort: [], filter: [] },
    },
    {
      name: 'price list defaults',
      schema: priceList.listPriceListsQuerySchema,
      given: {},
      want: { limit: 25, offset: 0 },
    },
    {
      name: 'a query member no schema names is dropped',
      schema: priceList.listPriceListsQuerySchema,
      given: { utm: 'x' },
      want: { limit: 25, offset: 0 },
    },
    { name: 'a path id "12" is 12', schema: banner.getBannerPathParamsSchema, given: { id: '12' }, want: { id: 12 } },
  ])('$name', ({ schema, given, want }) => {
    expect(refusals(schema, given)).toEqual([]);
    expect(schema.parse(given)).toEqual(want);
  });

  it.each([
    { name: 'limit "abc"', schema: admin.listProductQuerySchema, given: { limit: 'abc' }, want: ['limit'] },
    { name: 'admin limit "501"', schema: admin.listProductQuerySchema, given: { limit: '501' }, want: ['limit'] },
    { name: 'limit "0"', schema: admin.listProductQuerySchema, given: { limit: '0' }, want: ['limit'] },
    { name: 'limit "2.5"', schema: admin.listProductQuerySchema, given: { limit: '2.5' }, want: ['limit'] },
    {
      name: 'price list limit "1001"',
      schema: priceList.listPriceListsQuerySchema,
      given: { limit: '1001' },
      want: ['limit'],
    },
    { name: 'banner start "-1"', schema: banner.listBannersQuerySchema, given: { start: '-1' }, want: ['start'] },
    { name: 'a path id "12a"', schema: banner.getBannerPathParamsSchema, given: { id: '12a' }, want: ['id'] },
  ])('$name is refused', ({ schema, given, want }) => {
    expect(refusals(schema, given)).toEqual(want);
  });
});
