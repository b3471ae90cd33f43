#!/usr/bin/env node
// CPU per request of servers side by side in one process, without sockets: `node --import tsx
// bench/server-inject.mjs [--plain] [rounds] <name>=<out>[:unchecked] ...` builds the hand-written baseline and the
// generated server over each output folder (`:unchecked`: validateResponses: false), then in each round sends every
// server a block of the budget's request through Fastify's inject (no TCP, no HTTP parsing by node) and times the
// block's CPU. The json:api route by default (`GET /api/v3/product?limit=25` of the Admin API); `--plain`: the
// Catalog API's plain JSON route (`GET /api/article?limit=25`, bench/plain-api). Prints each side's median µs per
// request and its ratio to the baseline. Interleaved blocks share the same minutes, so a lever worth a few percent
// shows on a loaded machine, where loopback load runs (bench/run.mjs) cannot tell it from the noise; the wire's own
// costs are not in it.
import { buildServer as buildBaseline, BASELINE_TOKEN } from './baseline-server.mjs';
import { BENCH_CLIENT, buildGeneratedServer } from './generated-server.mjs';
import { buildServer as buildPlainBaseline, PLAIN_API_KEY } from './plain-baseline-server.mjs';
import { buildGeneratedServer as buildPlainGenerated } from './plain-generated-server.mjs';

const BLOCK = 200;
const args = process.argv.slice(2);
const plain = args[0] === '--plain' ? Boolean(args.shift()) : false;
const rounds = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 9;
if (args.length === 0) {
  process.stderr.write(
    'usage: node --import tsx bench/server-inject.mjs [--plain] [rounds] <name>=<out>[:unchecked] ...\n',
  );
  process.exit(2);
}

async function generatedSide(spec) {
  const [name, target] = spec.split('=');
  const [out, flag] = target.split(':');
  const validateResponses = flag !== 'unchecked';
  if (plain) {
    const app = await buildPlainGenerated(out, { validateResponses });
    return { name, app, headers: { 'x-api-key': PLAIN_API_KEY } };
  }
  const app = await buildGeneratedServer(out, { validateResponses });
  const token = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: BENCH_CLIENT, client_secret: BENCH_CLIENT },
  });
  return {
    name,
    app,
    headers: { accept: 'application/vnd.api+json', authorization: `Bearer ${token.json().access_token}` },
  };
}

const baseline = plain
  ? { name: 'hand-written', app: buildPlainBaseline(), headers: { 'x-api-key': PLAIN_API_KEY } }
  : {
      name: 'hand-written',
      app: buildBaseline(),
      headers: { accept: 'application/vnd.api+json', authorization: `Bearer ${BASELINE_TOKEN}` },
    };
const sides = [baseline, ...(await Promise.all(args.map(generatedSide)))];
const url = plain ? '/api/article?limit=25' : '/api/v3/product?limit=25';

/** CPU µs per request over one block of requests. */
async function block(side) {
  const request = { method: 'GET', url, headers: side.headers };
  const started = process.cpuUsage();
  for (let index = 0; index < BLOCK; index += 1) {
    const answer = await side.app.inject(request);
    if (answer.statusCode !== 200) throw new Error(`${side.name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / BLOCK;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const side of sides) for (let warm = 0; warm < 5; warm += 1) await block(side);
const samples = new Map(sides.map((side) => [side.name, []]));
for (let round = 0; round < rounds; round += 1)
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) samples.get(side.name).push(await block(side));
const base = median(samples.get('hand-written'));
for (const side of sides) {
  const us = median(samples.get(side.name));
  process.stdout.write(
    `${side.name.padEnd(24)} ${us.toFixed(0).padStart(6)} µs CPU per request; hand-written / this ${(base / us).toFixed(2)}x\n`,
  );
}
await Promise.all(sides.map((side) => side.app.close()));
