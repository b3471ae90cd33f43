// json:api relationships under a third-party deserializer: jsona resolves every relationship of the
// Admin API's answers from `data` + `included`, and what it resolves is compared with the database
// itself. Every relationship, on primary and included resources, carries `data`; every included
// record is named by some linkage and appears once (JSON:API 1.0 full linkage).
import Database from 'better-sqlite3';
import JsonaModule from 'jsona';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../examples/reference-service/seed.js';
import { expectJsonApi, passwordGrant, send, startService, type ReceivedResponse, type Service } from './helpers.js';
import { OpenApiResponses } from './openapi-responses.js';

// jsona is published as CommonJS and ES module: take the class whichever way the loader hands it over.
const Jsona = (JsonaModule as unknown as { default?: typeof JsonaModule }).default ?? JsonaModule;
const jsona = new Jsona();
const openapi = new OpenApiResponses('admin-api');

type Model = Record<string, any> & { id: string; type: string };
interface Identifier {
  type: string;
  id: string;
}
interface Resource extends Identifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: Identifier | Identifier[] | null; links: { related: string } }>;
}

let service: Service;
let token: string;
let db: Database.Database;

beforeAll(async () => {
  service = await startService();
  token = (await passwordGrant(service)).access_token;
  db = new Database(service.config.dataFile, { readonly: true });
});
afterAll(async () => {
  db.close();
  await service.close();
});

const PARENT = seedId('product:Trail Jacket');
const CHILD = seedId('product:Trail Jacket Small');
const TAX = seedId('tax:standard');
const MANUFACTURER = seedId('manufacturer:acme');

/** The path as the Admin API's document names it: ids become {id}, the query goes. */
const documentedPath = (path: string) => (path.split('?')[0] as string).replace(/\/[0-9a-f]{32}(?=\/|$)/g, '/{id}');

/** A json:api answer, valid JSON:API 1.0 and as the document says; its plain JSON twin too. */
async function jsonApi(path: string): Promise<ReceivedResponse> {
  const answer = await send(service.baseUrl, path, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status, answer.text).toBe(200);
  expectJsonApi(answer);
  openapi.expectDocumented(answer, documentedPath(path), 'get');
  const plain = await send(service.baseUrl, path, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  openapi.expectDocumented(plain, documentedPath(path), 'get');
  return answer;
}

interface ProductRow {
  id: string;
  name: string;
  parent_id: string | null;
  tax_id: string;
  manufacturer_id: string | null;
}

const productRow = (id: string) => db.prepare('SELECT * FROM product WHERE id = ?').get(id) as ProductRow;
const productIds = (column: 'parent_id' | 'tax_id' | 'manufacturer_id', id: string): string[] =>
  (db.prepare(`SELECT id FROM product WHERE ${column} = ? ORDER BY rowid`).all(id) as { id: string }[]).map(
    (row) => row.id,
  );
const nameOf = (table: 'product' | 'tax' | 'manufacturer', id: string): string =>
  (db.prepare(`SELECT name FROM ${table} WHERE id = ?`).get(id) as { name: string }).name;
const ids = (models: Model[]): string[] => models.map((model) => model.id);

/** Every relationship of every resource carries data; included records are named somewhere and appear once. */
function expectFullLinkage(document: { data: Resource | Resource[]; included: Resource[] }): void {
  const primary = Array.isArray(document.data) ? document.data : [document.data];
  const all = [...primary, ...document.included];
  const keys = all.map((resource) => `${resource.type}:${resource.id}`);
  expect(new Set(keys).size).toBe(keys.length);
  const named = new Set<string>();
  for (const resource of all) {
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      expect(relationship, `${resource.type}:${resource.id} ${name}`).toHaveProperty('data');
      const data = relationship.data;
      for (const identifier of Array.isArray(data) ? data : data ? [data] : [])
        named.add(`${identifier.type}:${identifier.id}`);
    }
  }
  for (const resource of document.included) expect(named.has(`${resource.type}:${resource.id}`)).toBe(true);
}

/**
 * A product's resolved relationships against the database; `included` says whether the related records' attributes
 * arrived.
 */
function expectProductRelations(product: Model, resolved: boolean): void {
  const row = productRow(product.id);
  expect(product.tax.id).toBe(row.tax_id);
  expect(product.manufacturer?.id ?? null).toBe(row.manufacturer_id);
  expect(product.parent?.id ?? null).toBe(row.parent_id);
  expect(ids(product.children)).toEqual(productIds('parent_id', product.id));
  if (!resolved) return;
  expect(product.tax.name).toBe(nameOf('tax', row.tax_id));
  if (row.manufacturer_id !== null) expect(product.manufacturer.name).toBe(nameOf('manufacturer', row.manufacturer_id));
  if (row.parent_id !== null) expect(product.parent.name).toBe(nameOf('product', row.parent_id));
  for (const child of product.children as Model[]) expect(child.name).toBe(nameOf('product', child.id));
}

describe('json:api relationships resolved by jsona from data + included', () => {
  it('a product with its children: tax, manufacturer, parent and children resolve, on included records too', async () => {
    const answer = await jsonApi(`/api/v3/product/${PARENT}`);
    expectFullLinkage(answer.json);
    const product = jsona.deserialize(answer.json) as Model;
    expect(product.name).toBe('Trail Jacket');
    expectProductRelations(product, true);
    expect(product.children.length).toBeGreaterThan(0);
    for (const child of product.children as Model[]) {
      expect(child.parent.id).toBe(PARENT);
      expect(child.parent.name).toBe('Trail Jacket');
      expect(ids(child.children)).toEqual(productIds('parent_id', child.id));
    }
    expect(ids(product.tax.products)).toEqual(productIds('tax_id', product.tax.id));
    expect(ids(product.manufacturer.products)).toEqual(productIds('manufacturer_id', product.manufacturer.id));
  });

  it('a variant: its parent resolves with the parent`s own relationships', async () => {
    const answer = await jsonApi(`/api/v3/product/${CHILD}`);
    expectFullLinkage(answer.json);
    const product = jsona.deserialize(answer.json) as Model;
    expectProductRelations(product, true);
    expect(product.parent.name).toBe('Trail Jacket');
    expect(ids(product.parent.children)).toEqual(productIds('parent_id', PARENT));
    expect(ids(product.parent.children)).toContain(CHILD);
  });

  it('a page of products: every product and every included record resolves', async () => {
    const answer = await jsonApi('/api/v3/product?limit=12&page=1');
    expectFullLinkage(answer.json);
    const products = jsona.deserialize(answer.json) as Model[];
    expect(products).toHaveLength(12);
    for (const product of products) expectProductRelations(product, true);
    const included = answer.json.included as Resource[];
    const primary = new Set(products.map((product) => product.id));
    expect(included.some((resource) => resource.type === 'product' && primary.has(resource.id))).toBe(false);
    expect(included.some((resource) => resource.type === 'tax')).toBe(true);
  });

  it('a tax with its products, and a page of taxes', async () => {
    const answer = await jsonApi(`/api/v3/tax/${TAX}`);
    expectFullLinkage(answer.json);
    const tax = jsona.deserialize(answer.json) as Model;
    expect(tax.name).toBe(nameOf('tax', TAX));
    expect(ids(tax.products)).toEqual(productIds('tax_id', TAX));
    expect(tax.products.length).toBeGreaterThan(0);
    for (const product of tax.products as Model[]) {
      expect(product.name).toBe(nameOf('product', product.id));
      expect(product.tax.id).toBe(TAX);
      expectProductRelations(product, false);
    }
    const list = await jsonApi('/api/v3/tax');
    expectFullLinkage(list.json);
    for (const item of jsona.deserialize(list.json) as Model[])
      expect(ids(item.products)).toEqual(productIds('tax_id', item.id));
  });

  it('a manufacturer with its products, and a page of manufacturers', async () => {
    const answer = await jsonApi(`/api/v3/manufacturer/${MANUFACTURER}`);
    expectFullLinkage(answer.json);
    const manufacturer = jsona.deserialize(answer.json) as Model;
    expect(manufacturer.name).toBe('Acme Goods');
    expect(ids(manufacturer.products)).toEqual(productIds('manufacturer_id', MANUFACTURER));
    for (const product of manufacturer.products as Model[]) {
      expect(product.name).toBe(nameOf('product', product.id));
      expectProductRelations(product, false);
    }
    const list = await jsonApi('/api/v3/manufacturer');
    expectFullLinkage(list.json);
    for (const item of jsona.deserialize(list.json) as Model[]) {
      expect(ids(item.products)).toEqual(productIds('manufacturer_id', item.id));
    }
  });

  it('association routes: a product`s tax and manufacturer carry their products, a product without parent is null', async () => {
    const tax = await jsonApi(`/api/v3/product/${CHILD}/tax`);
    expectFullLinkage(tax.json);
    const taxModel = jsona.deserialize(tax.json) as Model;
    expect(ids(taxModel.products)).toEqual(productIds('tax_id', taxModel.id));
    const manufacturer = await jsonApi(`/api/v3/product/${CHILD}/manufacturer`);
    expectFullLinkage(manufacturer.json);
    const manufacturerModel = jsona.deserialize(manufacturer.json) as Model;
    expect(ids(manufacturerModel.products)).toEqual(productIds('manufacturer_id', manufacturerModel.id));
    const children = await jsonApi(`/api/v3/product/${PARENT}/children`);
    expectFullLinkage(children.json);
    for (const child of jsona.deserialize(children.json) as Model[]) expectProductRelations(child, true);
    const noParent = await jsonApi(`/api/v3/product/${PARENT}/parent`);
    expect(noParent.json.data).toBeNull();
  });
});
