#!/usr/bin/env node
// The generated side of the plain JSON server budget:
// `node --import tsx bench/plain-generated-server.mjs <out> [port] [--no-validate-responses]` serves the Catalog API
// (bench/plain-api/definitions) from svcgen's generated Fastify plugin (<out>/catalog-api/server.ts) over the
// records of plain-baseline-server.mjs, and prints `listening <url>`. The API key is PLAIN_API_KEY.
import Fastify from 'fastify';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fixtureArticles, PLAIN_API_KEY } from './plain-baseline-server.mjs';

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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outDir = process.argv[2];
  if (!outDir) {
    process.stderr.write(
      'usage: node --import tsx bench/plain-generated-server.mjs <out> [port] [--no-validate-responses]\n',
    );
    process.exit(2);
  }
  const app = await buildGeneratedServer(outDir, {
    validateResponses: !process.argv.includes('--no-validate-responses'),
  });
  const address = await app.listen({ host: '127.0.0.1', port: Number(process.argv[3] ?? 0) });
  process.stdout.write(`listening ${address}\n`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
