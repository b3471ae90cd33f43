#!/usr/bin/env node
// The hand-written twin of the plain JSON server budget: one Fastify route, `GET /api/article?limit=25`,
// answering the Catalog API's success envelope ({success, data, total}) the way a developer would write it by
// hand: an API key in X-Api-Key checked against a key set, limit and offset checked, records in memory,
// Fastify's default JSON serialisation. bench/plain-api/definitions/catalog-api.yaml is the API it twins.
//
// `node bench/plain-baseline-server.mjs [port]` listens on 127.0.0.1 (port 0: any free port) and prints
// `listening <url>`. The records come from `fixtureArticles()`, which the generated server serves too.
import Fastify from 'fastify';
import { fileURLToPath } from 'node:url';

/** The API key both sides of the plain JSON budget accept. */
export const PLAIN_API_KEY = 'plain-bench-key';

const ARTICLE_COUNT = 100;
const CURRENCIES = ['EUR', 'USD', 'GBP'];

/** Deterministic articles shaped like bench/plain-api/definitions/catalog-api.yaml. */
export function fixtureArticles() {
  return Array.from({ length: ARTICLE_COUNT }, (_, index) => ({
    id: index + 1,
    sku: `SKU-${String(index + 1).padStart(6, '0')}`,
    name: `Article ${index + 1}`,
    description: `A plain article of the catalog, number ${index + 1}, with a description of a usual length.`,
    price: Math.round((5 + index * 1.37) * 100) / 100,
    currency: CURRENCIES[index % CURRENCIES.length],
    stock: (index * 53) % 700,
    active: index % 4 !== 0,
    tags: index % 3 === 0 ? ['sale', 'new'] : ['catalog'],
    createdAt: `2024-04-${String((index % 28) + 1).padStart(2, '0')}T11:45:00.000+00:00`,
    updatedAt: index % 2 === 0 ? null : `2024-05-${String((index % 28) + 1).padStart(2, '0')}T08:00:00.000+00:00`,
  }));
}

export function buildServer() {
  const articles = fixtureArticles();
  const keys = new Set([PLAIN_API_KEY]);
  const app = Fastify({ logger: false });
  app.get('/api/article', async (request, reply) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !keys.has(key)) {
      reply.code(401);
      return { success: false, message: 'Invalid or missing API key' };
    }
    const limit = request.query.limit === undefined ? 25 : Number(request.query.limit);
    const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500 || !Number.isInteger(offset) || offset < 0) {
      reply.code(400);
      return { success: false, message: 'Invalid request: limit or offset' };
    }
    return { success: true, data: articles.slice(offset, offset + limit), total: articles.length };
  });
  return app;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const app = buildServer();
  const address = await app.listen({ host: '127.0.0.1', port: Number(process.argv[2] ?? 0) });
  process.stdout.write(`listening ${address}\n`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
