#!/usr/bin/env node
// The hand-written baseline of the server budget: one Fastify route, `GET /api/v3/product?limit=25`,
// answering the Admin API's json:api list document (data, included tax and manufacturer, links,
// meta, aggregations) the way a developer would write it by hand: a bearer token checked against a
// token set, limit and page checked, records in memory, the document built per request, Fastify's
// default JSON serialisation.
//
// `node bench/baseline-server.mjs [port]` listens on 127.0.0.1 (port 0: any free port) and prints
// `listening <url>`; bench/run.mjs drives it with autocannon. The records come from
// `fixtureRecords()`, which the generated server's benchmark is meant to serve too.
import Fastify from 'fastify';
import { fileURLToPath } from 'node:url';

/** The bearer token the baseline accepts. */
export const BASELINE_TOKEN = 'baseline-bench-token';

const PRODUCT_COUNT = 100;
const TAX_COUNT = 3;
const MANUFACTURER_COUNT = 10;

const hexId = (kind, index) => `${kind}${index.toString(16)}`.padStart(32, '0');

/** Deterministic records shaped like definitions/admin-api.yaml: products with their tax and manufacturer. */
export function fixtureRecords() {
  const taxes = Array.from({ length: TAX_COUNT }, (_, index) => ({
    id: hexId('7a', index),
    taxRate: [19, 7, 0][index] ?? 0,
    name: `Tax ${index}`,
    createdAt: `2024-01-0${(index % 9) + 1}T08:00:00.000+00:00`,
  }));
  const manufacturers = Array.from({ length: MANUFACTURER_COUNT }, (_, index) => ({
    id: hexId('3c', index),
    catalogId: `catalog-${index % 2}`,
    name: `Manufacturer ${index}`,
    createdAt: `2024-02-${String((index % 28) + 1).padStart(2, '0')}T09:30:00.000+00:00`,
  }));
  const products = Array.from({ length: PRODUCT_COUNT }, (_, index) => {
    const tax = taxes[index % TAX_COUNT];
    const manufacturer = index % 7 === 0 ? null : manufacturers[index % MANUFACTURER_COUNT];
    return {
      id: hexId('9b', index),
      parentId: index >= 50 ? hexId('9b', index - 50) : null,
      name: `Product ${index}`,
      taxId: tax.id,
      manufacturerId: manufacturer ? manufacturer.id : null,
      stock: (index * 37) % 500,
      active: index % 5 !== 0,
      price: { net: 10 + index, gross: Math.round((10 + index) * (1 + tax.taxRate / 100) * 100) / 100, linked: true },
      createdAt: `2024-03-${String((index % 28) + 1).padStart(2, '0')}T10:15:00.000+00:00`,
      tax,
      manufacturer,
    };
  });
  return { products, taxes, manufacturers };
}

function resource(origin, type, record, relationships) {
  const self = `${origin}/api/v3/${type}/${record.id}`;
  const attributes = {};
  for (const [name, value] of Object.entries(record)) {
    if (name !== 'id' && !(name in relationships)) attributes[name] = value;
  }
  const links = {};
  for (const [name, data] of Object.entries(relationships)) {
    links[name] =
      data === undefined ? { links: { related: `${self}/${name}` } } : { data, links: { related: `${self}/${name}` } };
  }
  return { id: record.id, type, attributes, links: { self }, relationships: links };
}

export function buildServer() {
  const { products } = fixtureRecords();
  const tokens = new Set([BASELINE_TOKEN]);
  const app = Fastify({ logger: false });
  app.get('/api/v3/product', async (request, reply) => {
    const authorization = request.headers.authorization ?? '';
    if (!authorization.startsWith('Bearer ') || !tokens.has(authorization.slice(7))) {
      reply.code(401).type('application/vnd.api+json');
      return {
        errors: [
          {
            status: '401',
            code: 'FRAMEWORK__UNAUTHORIZED',
            title: 'Unauthorized',
            detail: 'The access token is missing, invalid or expired.',
          },
        ],
      };
    }
    const limit = request.query.limit === undefined ? 25 : Number(request.query.limit);
    const page = request.query.page === undefined ? 1 : Number(request.query.page);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500 || !Number.isInteger(page) || page < 1) {
      reply.code(400).type('application/vnd.api+json');
      return {
        errors: [
          {
            status: '400',
            code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER',
            title: 'Bad Request',
            detail: 'The parameter "limit" is invalid.',
          },
        ],
      };
    }
    const origin = `${request.protocol}://${request.host}`;
    const rows = products.slice((page - 1) * limit, page * limit);
    const included = new Map();
    const data = rows.map((product) => {
      const { tax, manufacturer, ...plain } = product;
      if (tax) included.set(`tax:${tax.id}`, resource(origin, 'tax', tax, { products: undefined }));
      if (manufacturer)
        included.set(
          `manufacturer:${manufacturer.id}`,
          resource(origin, 'manufacturer', manufacturer, { products: undefined }),
        );
      return resource(
        origin,
        'product',
        { ...plain, tax: null, manufacturer: null, parent: null, children: null },
        {
          parent: plain.parentId === null ? null : { type: 'product', id: plain.parentId },
          children: undefined,
          tax: tax ? { type: 'tax', id: tax.id } : null,
          manufacturer: manufacturer ? { type: 'manufacturer', id: manufacturer.id } : null,
        },
      );
    });
    const last = Math.max(1, Math.ceil(products.length / limit));
    const url = (p) => `${origin}/api/v3/product?limit=${limit}&page=${p}`;
    const links = { first: url(1) };
    if (page > 1) links.prev = url(page - 1);
    if (page < last) links.next = url(page + 1);
    links.last = url(last);
    links.self = url(page);
    reply.type('application/vnd.api+json');
    return {
      data,
      included: [...included.values()],
      links,
      meta: { fetchCount: rows.length, total: products.length },
      aggregations: [],
    };
  });
  return app;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2] ?? 0);
  const app = buildServer();
  const address = await app.listen({ host: '127.0.0.1', port });
  process.stdout.write(`listening ${address}\n`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
