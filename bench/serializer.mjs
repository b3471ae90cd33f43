#!/usr/bin/env node
// Serializing alone, in one process: `node --import tsx bench/serializer.mjs <out> [rounds]` builds the
// Admin API's json:api list document of 25 products (with included tax and manufacturer) from the
// records of baseline-server.mjs, the way the generated server renders it, and times writing it with
// the serializer compiled from its answer schema (fast-json-stringify, Fastify's default compiler)
// against JSON.stringify, in alternating rounds of a fixed number of writes. Prints one JSON line:
// {"compiled": [ops/s per round], "stringify": [ops/s per round], "bytes": n}. The two texts must
// parse to the same document (the records declare every member they hold), or it exits 1.
import fastJsonStringify from 'fast-json-stringify';
import { isDeepStrictEqual } from 'node:util';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureRecords } from './baseline-server.mjs';

const WRITES = 2_000;

const outDir = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
if (!outDir) {
  process.stderr.write('usage: node --import tsx bench/serializer.mjs <out> [rounds]\n');
  process.exit(2);
}
const load = (path) => import(pathToFileURL(join(resolve(outDir), path)).href);
const { adminApiMeta, adminApiRoutes } = await load('admin-api/metadata.ts');
const schemas = await load('admin-api/schemas.ts');
const { ResponseBodySchemas } = await load('runtime/server/response-serializers.ts');
const { jsonApiList } = await load('runtime/wire/jsonapi/jsonapi.ts');

const { products } = fixtureRecords();
const origin = 'http://127.0.0.1:3000';
const page = products.slice(0, 25);
const document = jsonApiList({ meta: adminApiMeta, origin, path: '/api/v3/product' }, 'product', page, {
  limit: 25,
  page: 1,
  total: products.length,
});
const response = adminApiRoutes.listProduct.responses[0];
const schema = new ResponseBodySchemas(adminApiMeta, schemas.listProductResponseSchemas).body(response, 'jsonapi');
const compiled = fastJsonStringify(schema);

if (!isDeepStrictEqual(JSON.parse(compiled(document)), JSON.parse(JSON.stringify(document)))) {
  process.stderr.write('bench: the compiled serializer and JSON.stringify wrote different documents\n');
  process.exit(1);
}

/** Writes per second of `write` over WRITES writes. */
function opsPerSecond(write) {
  let length = 0;
  const started = process.hrtime.bigint();
  for (let index = 0; index < WRITES; index += 1) length += write(document).length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (length === 0) throw new Error('nothing written');
  return WRITES / seconds;
}

// Warm-up: both through the JIT before anything counts.
opsPerSecond(compiled);
opsPerSecond(JSON.stringify);
const figures = { compiled: [], stringify: [], bytes: JSON.stringify(document).length };
for (let round = 0; round < rounds; round += 1) {
  figures.compiled.push(opsPerSecond(compiled));
  figures.stringify.push(opsPerSecond(JSON.stringify));
}
process.stdout.write(`${JSON.stringify(figures)}\n`);
