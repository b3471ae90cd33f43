#!/usr/bin/env node
// Where the generated server spends its CPU per request:
// `node bench/profile-server.mjs <out>|baseline [seconds] [--no-validate-responses] [--plain] [--port=N]` starts
// bench/generated-server.mjs over a generated output folder (or the hand-written baseline-server.mjs) under
// `node --cpu-prof`, loads `GET /api/v3/product?limit=25` with autocannon (3 s warm-up, then `seconds`, default 8),
// stops it and prints the libraries, the functions with the most self time and the runtime functions with the
// most inclusive time, as shares of the busy (non-idle) samples of the measured load. `<out>` must hold
// admin-api/ (svcgen generate). Under load from other processes the shares are rough: compare profiles
// taken in the same minutes.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
const seconds = Number(process.argv.find((arg, index) => index > 2 && /^\d+$/.test(arg)) ?? 8);
const flags = process.argv.includes('--no-validate-responses') ? ['--no-validate-responses'] : [];
// --plain: the Catalog API's plain JSON route (bench/plain-api) and its twin instead of the json:api one.
const plain = process.argv.includes('--plain');
// --port=N: the server's port (default 0, any free one), for machines where each user keeps to a range.
const port = /^--port=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--port=')) ?? '')?.[1] ?? '0';
if (!out) {
  process.stderr.write(
    'usage: node bench/profile-server.mjs <out>|baseline [seconds] [--no-validate-responses] [--plain] [--port=N]\n',
  );
  process.exit(2);
}

const profileDir = await mkdtemp(join(tmpdir(), 'svcgen-server-profile-'));
const baseline = out === 'baseline';
const scripts = plain
  ? { baseline: 'plain-baseline-server.mjs', generated: 'plain-generated-server.mjs' }
  : { baseline: 'baseline-server.mjs', generated: 'generated-server.mjs' };
const serverArgs = baseline
  ? [join(BENCH, scripts.baseline), port]
  : ['--import', 'tsx', join(BENCH, scripts.generated), out, port, ...flags];
const server = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', profileDir, ...serverArgs], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (chunk) => {
    text += chunk;
    const match = /listening (\S+)/.exec(text);
    if (match) resolve(match[1]);
  });
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

const { BENCH_CLIENT } = await import('./generated-server.mjs');
const { BASELINE_TOKEN } = await import('./baseline-server.mjs');
const { PLAIN_API_KEY } = await import('./plain-baseline-server.mjs');
const token =
  baseline || plain
    ? { access_token: BASELINE_TOKEN }
    : await fetch(`${url}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: BENCH_CLIENT,
          client_secret: BENCH_CLIENT,
        }),
      }).then((response) => response.json());
const { default: autocannon } = await import('autocannon');
const options = plain
  ? { url: `${url}/api/article?limit=25`, connections: 10, headers: { 'x-api-key': PLAIN_API_KEY } }
  : {
      url: `${url}/api/v3/product?limit=25`,
      connections: 10,
      headers: { accept: 'application/vnd.api+json', authorization: `Bearer ${token.access_token}` },
    };
await autocannon({ ...options, duration: 3 });
const load = await autocannon({ ...options, duration: seconds });
await new Promise((resolve) => {
  server.removeAllListeners('exit');
  server.on('exit', resolve);
  server.kill('SIGTERM');
});

const [file] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(await readFile(join(profileDir, file), 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
// Only the samples of the measured load (its last `seconds`): start-up (tsx compiling the output) and
// the warm-up are left out.
const self = new Map();
let at = profile.startTime;
const from = profile.endTime - seconds * 1e6;
profile.samples.forEach((id, index) => {
  at += profile.timeDeltas[index];
  if (at >= from) self.set(id, (self.get(id) ?? 0) + 1);
});
const byFunction = new Map();
const byLibrary = new Map();
let busy = 0;
for (const [id, count] of self) {
  const { callFrame } = nodes.get(id);
  if (callFrame.functionName === '(idle)') continue;
  busy += count;
  const where = callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(generated|out)\//, '');
  const name = `${callFrame.functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  const library =
    /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(callFrame.url)?.[1] ??
    (callFrame.url.startsWith('node:')
      ? 'node internals'
      : callFrame.url
        ? 'generated runtime'
        : callFrame.functionName);
  byLibrary.set(library, (byLibrary.get(library) ?? 0) + count);
}
// Inclusive time of the generated runtime's functions: each sample counts once for every such function on its stack.
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const inclusive = new Map();
for (const [id, count] of self) {
  if (nodes.get(id).callFrame.functionName === '(idle)') continue;
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const { callFrame } = nodes.get(at);
    if (!/\/(runtime|admin-api|[a-z-]+-api)\/[^/]+\.ts$/.test(callFrame.url) || !callFrame.functionName) continue;
    const name = `${callFrame.functionName} ${callFrame.url.split('/').slice(-2).join('/')}`;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + count);
  }
}
const top = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${((100 * samples) / busy).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
process.stdout.write(
  `${Math.round(load.requests.average)} req/s under the profiler; ${busy} busy samples\n\n` +
    `by library:\n${top(byLibrary, 12)}\n\nby function (self time):\n${top(byFunction, 30)}\n\n` +
    `runtime functions (inclusive):\n${top(inclusive, 20)}\n`,
);
