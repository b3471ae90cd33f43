#!/usr/bin/env node
// The generated side of the server budget:
// `node --import tsx bench/generated-server.mjs <out> [port] [--no-validate-responses]`
// serves the Admin API from svcgen's generated Fastify plugin (<out>/admin-api/server.ts) over the
// records of baseline-server.mjs, and prints `listening <url>`. Only listProduct has an
// implementation; OAuth accepts the client id and secret BENCH_CLIENT (client_credentials grant).
// Answers go through the compiled serializers; --no-validate-responses turns off judging each result
// by its response schema (validateResponses: false), to price it.
import Fastify from 'fastify';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureRecords } from './baseline-server.mjs';
import { serveGeneratedFromCommandLine } from './serve-generated.mjs';

export const BENCH_CLIENT = 'bench';

export async function buildGeneratedServer(outDir, { validateResponses = true } = {}) {
  const { adminApiPlugin } = await import(pathToFileURL(join(resolve(outDir), 'admin-api', 'server.ts')).href);
  const { products } = fixtureRecords();
  const implemented = {
    async listProduct({ query }) {
      const start = (query.page - 1) * query.limit;
      return { items: products.slice(start, start + query.limit), total: products.length };
    },
  };
  const handlers = new Proxy(implemented, {
    get: (target, name) =>
      target[name] ??
      (async () => {
        throw new Error(`bench: handler ${String(name)} is not implemented`);
      }),
  });
  const app = Fastify({ logger: false });
  await app.register(
    adminApiPlugin({
      handlers,
      auth: {
        oauth: {
          verifyPassword: () => false,
          verifyClient: (id, secret) => id === BENCH_CLIENT && secret === BENCH_CLIENT,
          throttle: false,
        },
      },
      validateResponses,
    }),
  );
  return app;
}

await serveGeneratedFromCommandLine(import.meta.url, buildGeneratedServer);
