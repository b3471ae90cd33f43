// npm run ecosystem: installs the tools of ecosystem/package.json (from its lockfile, like a separate
// project), generates a client from each of the four emitted documents with orval, @hey-api/openapi-ts,
// kubb and openapi-typescript (+ openapi-fetch), type-checks the output under strict, then drives every
// scenario (scenarios.ts) through each client against a fresh reference service and compares each answer
// with the answer to svcgen's own client for the same call (status and body; generated ids, tokens and
// timestamps are numbered by first appearance). A second served API, the clinic fixture of issue 33
// (clinic/serve.ts), adds a tagged union, a multipart upload, a file body, a file download and an event
// stream, each reported on its own: a download counts when the bytes read are the bytes uploaded, a stream
// when its events are those booked, in order.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLINIC, CLINIC_OUT, DOCUMENTS, INTERFACES } from './interfaces.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const NODE22 = join(HERE, 'node_modules/node/bin/node');
const BIN = (name) => join(HERE, 'node_modules/.bin', name);
const TOOLS = ['orval', 'hey-api', 'kubb', 'openapi-fetch'];

function run(command, args, options = {}) {
  return execFileSync(command, args, {
    cwd: HERE,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    ...options,
  });
}

if (!existsSync(NODE22)) {
  console.log('ecosystem: installing the tools (npm ci in ecosystem/)');
  run('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

const version = (name) => JSON.parse(readFileSync(join(HERE, 'node_modules', name, 'package.json'), 'utf8')).version;
const versions = [
  `node ${run(NODE22, ['--version']).trim()} (tools; service on ${process.version})`,
  ...['orval', '@hey-api/openapi-ts', '@kubb/cli', 'openapi-typescript', 'openapi-fetch', 'typescript', 'zod'].map(
    (name) => `${name === '@kubb/cli' ? 'kubb' : name} ${version(name)}`,
  ),
];
console.log(`ecosystem: versions ${versions.join(', ')}`);

rmSync(join(HERE, 'out'), { recursive: true, force: true });
const generate = (label, args, command = NODE22) => {
  try {
    run(command, args);
  } catch (error) {
    console.log(`ecosystem: ${label} failed to generate:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    process.exit(1);
  }
};
// svcgen writes the clinic API first: its openapi.json is the tools' fifth document, its server is served.
generate(
  'svcgen',
  [
    join(ROOT, 'dist/cli.js'),
    'generate',
    '--no-cache',
    '--definitions',
    join(ROOT, 'test/fixtures/every-construct/definitions'),
    '--out',
    join(HERE, CLINIC_OUT),
  ],
  process.execPath,
);
generate('orval', [BIN('orval'), '--config', 'orval.config.mjs']);
generate('hey-api', [BIN('openapi-ts'), '-f', 'openapi-ts.config.mjs']);
generate('kubb', [BIN('kubb'), 'generate', '--config', 'kubb.config.ts']);
for (const [name, document] of Object.entries(DOCUMENTS)) {
  generate('openapi-typescript', [
    BIN('openapi-typescript'),
    document,
    // A member with a default (line2: { default: null }) may be left out of a request: see docs/ecosystem.md.
    '--default-non-nullable=false',
    '-o',
    `out/openapi-typescript/${name}.ts`,
  ]);
}

// strict type-check, one project per tool so that a failure is named.
const typeChecked = {};
for (const tool of ['orval', 'hey-api', 'kubb', 'openapi-typescript']) {
  try {
    run(NODE22, [BIN('tsc'), '-p', `tsconfig.${tool}.json`]);
    typeChecked[tool] = 'type-checks under strict';
  } catch (error) {
    const errors = `${error.stdout ?? ''}`.split('\n').filter((line) => line.includes('error TS'));
    typeChecked[tool] = `${errors.length} type errors under strict, first: ${errors[0] ?? error.message}`;
  }
  console.log(`ecosystem: ${tool} output ${typeChecked[tool]}`);
}

/** Starts a service (the reference one by default) on a free loopback port; resolves its base URL. */
function startService(args = ['examples/reference-service/main.ts']) {
  const dir = mkdtempSync(join(tmpdir(), 'svcgen-ecosystem-'));
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, SVC_LOG: '0', HOST: '127.0.0.1', PORT: '0', SVC_DATA: join(dir, 'svc.sqlite') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match)
        resolve({ base: match[1], stop: () => (child.kill('SIGTERM'), rmSync(dir, { recursive: true, force: true })) });
    });
    child.on('exit', (code) => reject(new Error(`the reference service exited (${code}) before listening`)));
  });
}

async function transcriptOf(tool) {
  const service = await startService();
  const clinic = await startService(['ecosystem/clinic/serve.ts']).catch((error) => {
    service.stop();
    throw error;
  });
  try {
    return JSON.parse(
      run(NODE22, ['--import', 'tsx', 'drive.ts', tool, service.base, clinic.base], {
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
  } finally {
    service.stop();
    clinic.stop();
  }
}

/** Generated values (ids, tokens, timestamps, the port) become placeholders numbered by first appearance. */
function normalizer() {
  const seen = new Map();
  const generated = /^([0-9a-f]{32}|[A-Za-z0-9_-]{24,}|\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)?)$/;
  const replace = (value) => {
    if (typeof value === 'string') {
      const number = (text) => {
        if (!seen.has(text)) seen.set(text, `<generated ${seen.size + 1}>`);
        return seen.get(text);
      };
      // Hex ids also appear inside links and messages.
      const text = value.replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://service').replace(/\b[0-9a-f]{32}\b/g, number);
      return generated.test(text) ? number(text) : text;
    }
    if (Array.isArray(value)) return value.map(replace);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v)]));
    return value;
  };
  return (entry) => JSON.stringify({ status: entry.status, body: replace(entry.body) });
}

const reference = await transcriptOf('svcgen');
const normalizeReference = normalizer();
const expected = reference.map(normalizeReference);
let correct = 0;
let total = 0;
const failures = [];
for (const tool of TOOLS) {
  const transcript = await transcriptOf(tool);
  const normalize = normalizer();
  for (const name of [...INTERFACES, CLINIC]) {
    // Counts by construct: the clinic API's steps each try a union, a multipart or file upload, a download or
    // an event stream.
    const counts = new Map();
    reference.forEach((entry, index) => {
      if (entry.api !== name) return;
      const count = counts.get(entry.construct) ?? { good: 0, all: 0 };
      counts.set(entry.construct, count);
      count.all += 1;
      const got = transcript[index];
      // A construct step counts only when svcgen's own client succeeded: failing alike is no agreement.
      const referenceSucceeded =
        entry.construct === undefined || (entry.status >= 200 && entry.status < 300 && entry.wrong === undefined);
      const agrees = got && got.step === entry.step && got.wrong === undefined && normalize(got) === expected[index];
      if (referenceSucceeded && agrees) count.good += 1;
      else
        failures.push(
          `${tool} ${name} ${entry.step}: sent ${got?.sent || '(nothing)'}${got?.error ? ` (${got.error})` : ''}; ` +
            `got ${got?.status}${got?.wrong ? ` (${got.wrong})` : ''}, svcgen's client got ${entry.status} ` +
            `for ${entry.sent}${entry.wrong ? ` (${entry.wrong})` : ''}`,
        );
    });
    const parts = [...counts].map(
      ([construct, count]) => `${construct ? `${construct} ` : ''}${count.good}/${count.all}`,
    );
    console.log(`ecosystem: ${tool} ${name} ${parts.join(', ')} requests correct`);
    for (const count of counts.values()) {
      correct += count.good;
      total += count.all;
    }
  }
}
for (const failure of failures) console.log(`ecosystem: wrong: ${failure}`);
console.log(`ecosystem: ${correct}/${total}`);
process.exitCode = correct === total ? 0 : 1;
