#!/usr/bin/env node
// The generated side of the plain JSON server budget:
// `node --import tsx bench/plain-generated-server.mjs <out> [port] [--no-validate-responses]` serves the Catalog API
// (bench/plain-api/definitions) from svcgen's generated Fastify plugin (<out>/catalog-api/server.ts) over the
// records of plain-baseline-server.mjs, and prints `listening <url>`. The API key is PLAIN_API_KEY.
import Fastify from 'fastify';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureArticles, PLAIN_API_KEY } from './plain-baseline-server.mjs';
import { serveGeneratedFromCommandLine } from './serve-generated.mjs';

export async function buildGeneratedServer(outDir, { validateResponses = true } = {}) {
  const { catalogApiPlugin } = await import(pathToFileURL(join(resolve(outDir), 'catalog-api', 'server.ts')).href);
  const articles = fixtureArticles();
  const app = Fastify({ logger: false });
  await app.register(
    catalogApiPlugin({
      handlers: {
        async listArticles({ query }) {
          return { items: articles.slice(query.offset, query.offset + query.limit), total: articles.length };
        },
      },
      auth: { key: { verifyApiKey: (key) => (key === PLAIN_API_KEY ? { subject: 'bench' } : undefined) } },
      validateResponses,
    }),
  );
  return app;
}

await serveGeneratedFromCommandLine(import.meta.url, buildGeneratedServer);
