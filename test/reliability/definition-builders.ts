// Small builders of definition files: one valid interface, then copies of it with one thing broken.
import { stringify } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A small valid interface that exercises records, auth, errors and a route with every kind of parameter. */
export function shop(): JsonObject {
  return {
    name: 'shop',
    interface: {
      title: 'Shop API',
      basePath: '/api',
      style: 'success-envelope',
      errorStyle: 'success-false',
      limits: { bodyBytes: 65536 },
    },
    auth: {
      apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      digest: {
        type: 'digest',
        realm: 'shop',
        algorithms: ['SHA-256'],
        qop: ['auth'],
        nonceLifetime: 300,
        privileges: { resource: 'product', names: ['read', 'write'] },
      },
    },
    errors: {
      notFound: { status: 404, message: 'No product {id}' },
      validation: { status: 400, message: 'Invalid' },
    },
    records: {
      product: {
        description: 'A product.',
        fields: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', minLength: 1 },
          price: { type: 'number', minimum: 0 },
          tags: { type: 'list', items: { type: 'string' }, required: false },
          kind: { type: 'enum', values: ['simple', 'bundle'], default: 'simple' },
          maker: { type: 'record', record: 'maker', nullable: true, required: false },
        },
      },
      maker: { fields: { id: { type: 'integer' }, label: { type: 'string' } } },
    },
    routes: {
      getProduct: {
        summary: 'One product.',
        method: 'GET',
        path: '/products/{id}',
        auth: 'digest',
        privilege: 'read',
        pathParams: { id: { type: 'integer' } },
        query: { expand: { type: 'boolean', required: false } },
        headers: { 'X-Trace': { type: 'string', required: false } },
        responses: { '200': { body: { type: 'record', record: 'product' } } },
        errors: ['notFound'],
      },
      createProduct: {
        method: 'POST',
        path: '/products',
        auth: 'apiKey',
        body: { type: 'record', record: 'product', omit: ['id'] },
        responses: { '201': { body: { type: 'record', record: 'product' } } },
        errors: ['validation'],
      },
    },
  };
}

/** A file of shared records only. */
export function common(): JsonObject {
  return {
    name: 'common',
    records: {
      money: { fields: { amount: { type: 'number' }, currency: { type: 'string', format: 'currency-code' } } },
    },
  };
}

export function yamlText(value: unknown): string {
  return stringify(value, { lineWidth: 0 });
}

/** A deep copy of `doc` with `edit` applied to it. */
export function edited(doc: JsonObject, edit: (copy: JsonObject) => void): JsonObject {
  const copy = structuredClone(doc);
  edit(copy);
  return copy;
}

/** Sets the value at a path (missing mappings are created). */
export function setAt(doc: JsonObject, path: readonly string[], value: Json): void {
  let node: JsonObject = doc;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as JsonObject;
  }
  node[path.at(-1) as string] = value;
}

export function deleteAt(doc: JsonObject, path: readonly string[]): void {
  let node: Json = doc;
  for (const key of path.slice(0, -1)) node = (node as JsonObject)[key] as Json;
  delete (node as JsonObject)[path.at(-1) as string];
}

/** Renames a key in place, keeping its position among its siblings. */
export function renameAt(doc: JsonObject, path: readonly string[], to: string): void {
  let parent: JsonObject = doc;
  for (const key of path.slice(0, -1)) parent = parent[key] as JsonObject;
  const from = path.at(-1) as string;
  const entries = Object.entries(parent).map(([key, value]): [string, Json] => [key === from ? to : key, value]);
  for (const key of Object.keys(parent)) delete parent[key];
  for (const [key, value] of entries) parent[key] = value;
}
