#!/usr/bin/env node
// The benchmark of issue 7: `npm run bench` (builds first) or `node bench/run.mjs`.
//
// For each N of BENCH_SIZES (default 4,50,300) it synthesises definitions (bench/synth.mjs) and
// prints medians of BENCH_RUNS (default 5) whole-process runs of:
//   - `node -e 0`, the floor of any node command;
//   - svcgen cold: `node dist/cli.js generate --no-cache` into a fresh output folder;
//   - svcgen no-op rerun: the same command without --no-cache on an output folder it wrote;
//   - svcgen after one entity changed: one field of one entity edited (bench/synth.mjs --variant),
//     over an output folder and format cache left by the previous run, as a developer reruns it;
//   - orval (fetch client + zod) over every OpenAPI document svcgen wrote for the same N;
//   - output size, and `tsc --noEmit` over the output (one strict tsconfig for every tool);
//   - @hey-api/openapi-ts (types + sdk + zod) over the same documents, into a fresh folder each run;
// then the budgets of the issue with their ratios and PASS or MISS, and the server budget.
// The first five run in rounds (each once per round, in that order), so both sides of a ratio are
// sampled over the same minutes: a shared machine's speed drifts more between steps minutes apart
// than the budgets' margins. tsc and hey-api (minutes per run at N=300) run after the rounds; the peers'
// part of that (hey-api, tsc over orval's output) runs BENCH_PEER_RUNS times (default 1; tsc over svcgen's output
// as often, so both sides of that ratio have as many samples), each stopped after
// BENCH_PEER_TIMEOUT_SECONDS (default 240) or sooner, once a timeout alone proves its budget (peerRun): a peer
// that timed out is judged as a bound (svcgen's figure / the timeout), so a full run stays under 20 minutes.
//
// svcgen runs from a copy of the build taken at the start (bench/.work/svcgen: dist, src/runtime,
// templates, package.json; node_modules linked to the repo's), so a rebuild of dist/ while the
// benchmark runs can neither change nor break what is measured.
// Wall time is measured here around the child process. Peak RSS is the child's own maximum
// resident set (GNU `/usr/bin/time -f %M`, else bench/rss-probe.cjs through NODE_OPTIONS).
// The server budgets (SERVER_SCENARIOS), each a generated server (run with tsx; answers judged by the response
// schemas and written by the compiled serializers) against a hand-written Fastify twin (JSON.stringify, no
// schema), both serving the same records: the real definitions' Admin API, GET /api/v3/product?limit=25, a
// json:api list (bench/generated-server.mjs, bench/baseline-server.mjs), and the plain JSON Catalog API of
// bench/plain-api, GET /api/article?limit=25, a success envelope (bench/plain-generated-server.mjs,
// bench/plain-baseline-server.mjs). Loaded alternately with autocannon over loopback in BENCH_SERVER_ROUNDS rounds
// (default 3); the generated servers also run with validateResponses: false, which prices the judging.
// Printed: each side's median and best requests per second, its CPU per request (user + system of the server
// process over the measured load: far less moved by other load than requests per second) and the ratios;
// the budgets (>= 1.2x judged, >= 1.5x unjudged) are judged by CPU per request (the medians of the rounds),
// which stays put on a loaded machine where requests per second halve; by the best rounds' requests per second
// only where the server's CPU cannot be read.
// Serializing alone (bench/serializer.mjs): the same json:api document written by the compiled serializer
// and by JSON.stringify in one process, alternating rounds, medians and their ratio.
// Before and after in one run: BENCH_BEFORE=<name>, a build kept with `node bench/compare.mjs save <name>`,
// runs that build's no-op, cold and one-changed steps in the same rounds (and tsc over its output when it
// differs), then judges every budget for both builds and prints each svcgen figure after / before.
// Environment: BENCH_RUNS, BENCH_SIZES (none: the server figures only), BENCH_SERVER_SECONDS (default 5;
// 0 skips the server measurement), BENCH_SERVER_ROUNDS, BENCH_TIMEOUT_SECONDS (default 900, per process),
// BENCH_PEER_RUNS, BENCH_PEER_TIMEOUT_SECONDS, BENCH_SERVER_ONLY (jsonapi or plain: one server budget), BENCH_BEFORE,
// BENCH_SERVER_PORT (the measured servers' port, one server at a time; default 0, any free port).
// BENCH_IMPORT_ROUNDS (default 3; 0 skips it): the import budget of issue 34 (bench/import-budget.mjs), svcgen
// import + generate of GitHub's REST description against openapi-typescript's types in interleaved rounds, then
// against orval's and hey-api's clients of it (after the rounds, capped as the peers above), and Microsoft Graph's
// peak RSS; BENCH_SIZES=none BENCH_SERVER_SECONDS=0 runs it alone.
// BENCH_CLUSTER=1 (then also bench/cluster.mjs: requests per second through HAProxy with 1 and 3 instances on
// PostgreSQL and Redis, and the shared stores' cost per login and per authenticated request; no budget).
// Work files: bench/.work/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchImport, printImport } from './import-budget.mjs';
import { synthesize, synthesizeAdminApi } from './synth.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, '..');
const WORK = join(BENCH, '.work');
const NODE = process.execPath;
const SNAPSHOT = join(WORK, 'svcgen');
const CLI = join(SNAPSHOT, 'dist', 'cli.js');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const GNU_TIME = '/usr/bin/time';

const RUNS = positiveInteger('BENCH_RUNS', 5);
const SIZES =
  process.env.BENCH_SIZES === 'none'
    ? []
    : (process.env.BENCH_SIZES ?? '4,50,300').split(',').map((text) => Number(text.trim()));
const SERVER_SECONDS = nonNegativeInteger('BENCH_SERVER_SECONDS', 5);
const SERVER_ROUNDS = positiveInteger('BENCH_SERVER_ROUNDS', 3);
// The port each measured server listens on (one at a time); 0: any free port.
const SERVER_PORT = String(nonNegativeInteger('BENCH_SERVER_PORT', 0));
const TIMEOUT_MS = positiveInteger('BENCH_TIMEOUT_SECONDS', 900) * 1000;
const PEER_TIMEOUT_MS = positiveInteger('BENCH_PEER_TIMEOUT_SECONDS', 240) * 1000;
const PEER_RUNS = positiveInteger('BENCH_PEER_RUNS', 1);
const BEFORE = process.env.BENCH_BEFORE || undefined;
const IMPORT_ROUNDS = nonNegativeInteger('BENCH_IMPORT_ROUNDS', 3);
const BEFORE_CLI = BEFORE && join(WORK, 'builds', BEFORE, 'dist', 'cli.js');
if (BEFORE && (!/^[\w.-]+$/.test(BEFORE) || !existsSync(BEFORE_CLI)))
  fail(`BENCH_BEFORE names no saved build "${BEFORE}" (keep one first: node bench/compare.mjs save <name>)`);
if (SIZES.some((size) => !Number.isInteger(size) || size < 1))
  fail(`BENCH_SIZES must list whole numbers >= 1 (got "${process.env.BENCH_SIZES}")`);

function positiveInteger(name, fallback) {
  const value = process.env[name] === undefined || process.env[name] === '' ? fallback : Number(process.env[name]);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a whole number >= 1 (got "${process.env[name]}")`);
  return value;
}

function nonNegativeInteger(name, fallback) {
  const value = process.env[name] === undefined || process.env[name] === '' ? fallback : Number(process.env[name]);
  if (!Number.isInteger(value) || value < 0) fail(`${name} must be a whole number >= 0 (got "${process.env[name]}")`);
  return value;
}

function fail(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(1);
}

// Each line says the minutes since the bench started, so the length of each part shows in its log.
const STARTED = process.hrtime.bigint();
const minutesSinceStart = () => Number(process.hrtime.bigint() - STARTED) / 6e10;
const log = (text) => process.stderr.write(`bench [${minutesSinceStart().toFixed(1)} min]: ${text}\n`);

// ---------------------------------------------------------------- measuring one process

const RSS_METHOD =
  existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M %U %S', 'true']).status === 0 ? 'gnu-time' : 'probe';

/** Runs `node <args>` to completion: wall time (ms), peak RSS (KiB), exit code, output. */
export async function measure(args, { cwd = ROOT, env = {}, timeoutMs = TIMEOUT_MS } = {}) {
  const rssFile = join(WORK, `rss-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
  const childEnv = { ...process.env, ...env };
  let command = NODE;
  let commandArgs = args;
  if (RSS_METHOD === 'gnu-time') {
    command = GNU_TIME;
    commandArgs = ['-f', '%M %U %S', '-o', rssFile, NODE, ...args];
  } else {
    childEnv.BENCH_RSS_FILE = rssFile;
    childEnv.NODE_OPTIONS =
      `${childEnv.NODE_OPTIONS ?? ''} --require ${JSON.stringify(join(BENCH, 'rss-probe.cjs'))}`.trim();
  }
  const started = process.hrtime.bigint();
  const result = await new Promise((resolve) => {
    // Its own process group, so a timeout ends the measured process and not only /usr/bin/time.
    const child = spawn(command, commandArgs, {
      cwd,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code: code ?? (signal ? 128 : 1),
        signal,
        timedOut,
        timeoutMs,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // gnu-time: one line "<KiB> <user s> <system s>" (after a "Command exited …" line on failure);
  // probe: one line "<KiB> <cpu s>" per node process.
  let rssKiB;
  let cpuMs;
  try {
    const lines = (await readFile(rssFile, 'utf8'))
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number))
      .filter((fields) => fields.length >= 2 && fields.every(Number.isFinite));
    if (RSS_METHOD === 'gnu-time') {
      const last = lines.at(-1);
      if (last) [rssKiB, cpuMs] = [last[0], (last[1] + last[2]) * 1000];
    } else if (lines.length > 0) {
      rssKiB = Math.max(...lines.map((fields) => fields[0]));
      cpuMs = lines.reduce((sum, fields) => sum + fields[1] * 1000, 0);
    }
  } catch {
    // No figures: the process died before writing them.
  }
  await rm(rssFile, { force: true });
  return { ...result, ms, rssKiB, cpuMs };
}

class StepError extends Error {
  /** `timedOut`: the timeout (ms) the process ran into, else false. */
  constructor(message, timedOut = false) {
    super(message);
    this.timedOut = timedOut;
  }
}

export function assertOk(what, run) {
  if (run.code === 0) return;
  const tail = `${run.stderr}\n${run.stdout}`.trim().split('\n').slice(-15).join('\n');
  throw new StepError(
    `${what} ${run.timedOut ? `timed out after ${Math.round(run.timeoutMs / 1000)} s` : `exited with ${run.code}`}:\n${tail}`,
    run.timedOut && run.timeoutMs,
  );
}

export const median = (values) => {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** `runs` measured runs; `before` prepares each one (unmeasured), `check` validates each. */
async function repeat(what, args, { cwd, before, check, runs: count = RUNS, timeoutMs } = {}) {
  const runs = [];
  for (let index = 0; index < count; index += 1) {
    if (before) await before(index);
    const run = await measure(typeof args === 'function' ? args(index) : args, { cwd, timeoutMs });
    if (check) check(run, index);
    else assertOk(what, run);
    runs.push(run);
  }
  return summarize(runs);
}

/**
 * The rerun after one entity changed, as a step of `interleave`: before each round, the admin API
 * in `definitions` becomes that round's variant of the synthetic one (`count` entities, built from
 * the real admin API text `realAdmin`). Each round edits the same field to a value never seen
 * before, so its files miss the format cache; a run that finds nothing to write fails.
 */
export function changedStep(name, { args, cwd, definitions, realAdmin, count, what }) {
  return {
    name,
    args,
    cwd,
    before: (round) => writeFile(join(definitions, 'admin-api.yaml'), synthesizeAdminApi(realAdmin, count, round + 1)),
    check: (run) => {
      assertOk(`${what} (one entity changed)`, run);
      if (/up to date/.test(run.stdout)) throw new StepError(`${what} (one entity changed) wrote nothing`);
    },
  };
}

const summarize = (runs) => ({
  ms: median(runs.map((run) => run.ms)),
  cpuMs: median(runs.map((run) => run.cpuMs)),
  rssKiB: median(runs.map((run) => run.rssKiB)),
  last: runs.at(-1),
});

/**
 * `rounds` rounds, each running every step once, in order: the two sides of a ratio are then sampled
 * over the same stretch of time, on a machine whose speed drifts over minutes (a shared VM).
 * A step is { name, args, cwd, before(round), check(run, round), extra() }. One that fails leaves
 * the rounds; `failed(name, error)` is told why. Returns the summary of each step that finished,
 * with every run's wall time (`samples`, in round order). `rotate`: each round starts one step
 * later than the last, so that no step always runs first (or always right after another).
 */
export async function interleave(steps, failed, rounds = RUNS, { rotate = false } = {}) {
  const runs = new Map(steps.map((step) => [step.name, []]));
  let live = steps;
  for (let round = 0; round < rounds; round += 1) {
    const start = rotate ? round % live.length : 0;
    for (const step of [...live.slice(start), ...live.slice(0, start)]) {
      try {
        if (step.before) await step.before(round);
        const run = await measure(step.args, { cwd: step.cwd });
        if (step.check) step.check(run, round);
        else assertOk(step.name, run);
        runs.get(step.name).push(run);
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
        failed(step.name, error);
        live = live.filter((other) => other !== step);
      }
    }
  }
  const results = {};
  for (const step of live)
    results[step.name] = {
      ...summarize(runs.get(step.name)),
      samples: runs.get(step.name).map((run) => run.ms),
      ...(step.extra ? await step.extra() : {}),
    };
  return results;
}

// ---------------------------------------------------------------- files and configs

async function folderSize(dir) {
  let files = 0;
  let bytes = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** Whether two output folders hold the same files with the same bytes. */
async function sameFiles(a, b) {
  const listing = async (root) =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .sort();
  const files = await listing(a);
  if (files.join('\n') !== (await listing(b)).join('\n')) return false;
  for (const file of files) if (!(await readFile(join(a, file))).equals(await readFile(join(b, file)))) return false;
  return true;
}

/** One strict type-check config for every tool's output; the libraries the output imports come from the repo. */
async function writeTsconfig(file, includeDir) {
  const modules = join(ROOT, 'node_modules');
  const paths = {};
  for (const name of ['zod', 'fastify', 'undici']) {
    paths[name] = [join(modules, name)];
    paths[`${name}/*`] = [join(modules, name, '*')];
  }
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      typeRoots: [join(modules, '@types')],
      paths,
      strict: true,
      noUncheckedIndexedAccess: true,
      noImplicitOverride: true,
      noFallthroughCasesInSwitch: true,
      forceConsistentCasingInFileNames: true,
      esModuleInterop: true,
      isolatedModules: true,
      skipLibCheck: true,
      resolveJsonModule: true,
      noEmit: true,
      incremental: false,
    },
    include: [`${relative(dirname(file), includeDir).split('\\').join('/')}/**/*.ts`],
  };
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
}

/** tsc over one output: PEER_RUNS runs by default, as the peer it is compared with (minutes per run at N=300). */
async function typecheck(what, tsconfig, cwd, peer = { runs: PEER_RUNS }) {
  const result = await repeat(what, [TSC, '-p', tsconfig], {
    cwd,
    ...peer,
    check: (run) => {
      if (run.code !== 0 && !/error TS\d+/.test(run.stdout)) assertOk(what, run);
    },
  });
  const errors = (result.last.stdout.match(/error TS\d+/g) ?? []).length;
  if (errors > 0)
    log(
      `${what}: ${errors} type error(s), first: ${result.last.stdout.split('\n').find((line) => /error TS\d+/.test(line))}`,
    );
  return { ms: result.ms, cpuMs: result.cpuMs, errors };
}

function packageVersion(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function binOf(packageDir, name) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name];
  return join(packageDir, bin);
}

/** Copies the built generator to `to`: what dist/ reads beside itself, and a link to the repo's node_modules. */
export async function snapshotGenerator(to = SNAPSHOT) {
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  for (const path of ['dist', 'src/runtime', 'templates', 'schema', 'package.json']) {
    if (existsSync(join(ROOT, path))) await cp(join(ROOT, path), join(to, path), { recursive: true });
  }
  await symlink(join(ROOT, 'node_modules'), join(to, 'node_modules'), 'dir');
}

// ---------------------------------------------------------------- the comparison tools

const ORVAL_DIR = join(BENCH, 'node_modules', 'orval');
const HEY_API_DIR = join(BENCH, 'node_modules', '@hey-api', 'openapi-ts');

function ensureBenchDependencies() {
  if (existsSync(ORVAL_DIR) && existsSync(HEY_API_DIR)) return;
  log('installing the comparison tools: npm ci --prefix bench');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', BENCH, '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) fail('npm ci --prefix bench failed');
}

/**
 * Copies svcgen's OpenAPI documents out of an output folder, one per interface, so the other tools
 * read the same files while that folder is regenerated; undefined until the emitter exists.
 */
async function copyOpenApiDocuments(outDir, toDir) {
  if (!existsSync(join(outDir, 'admin-api', 'openapi.json'))) return undefined;
  await mkdir(toDir, { recursive: true });
  const found = [];
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    const source = join(outDir, entry.name, 'openapi.json');
    if (!entry.isDirectory() || !existsSync(source)) continue;
    const file = join(toDir, `${entry.name}.json`);
    await cp(source, file);
    found.push({ name: entry.name, file });
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The orval command over `documents`, as a step of the interleaved rounds (see benchSize); `zod: false` writes
 * the fetch client alone (the import budget: orval 7.13's zod writer throws on GitHub's description).
 */
export async function orvalStep(dir, documents, { zod = true } = {}) {
  await mkdir(dir, { recursive: true });
  const out = join(dir, 'out');
  const projects = {};
  for (const { name, file } of documents) {
    // packageJson: the repo's, so orval sees zod 4 and writes zod 4 code.
    const common = { packageJson: join(ROOT, 'package.json') };
    projects[`${name}-client`] = {
      input: { target: file },
      output: { ...common, target: join(out, name, 'client.ts'), client: 'fetch' },
    };
    if (zod)
      projects[`${name}-zod`] = {
        input: { target: file },
        output: { ...common, target: join(out, name, 'zod.ts'), client: 'zod' },
      };
  }
  const config = join(dir, 'orval.config.cjs');
  await writeFile(config, `module.exports = ${JSON.stringify(projects, null, 2)};\n`);
  // orval carries on past a project that throws and exits 1 at the end: such a run still counts,
  // with the failed projects named in the table (their output is missing from size and tsc).
  const failed = new Map();
  return {
    name: 'orval',
    args: [binOf(ORVAL_DIR, 'orval'), '--config', config],
    cwd: dir,
    before: () => rm(out, { recursive: true, force: true }),
    check: (run) => {
      if (run.code === 0) return;
      const failures = [...`${run.stdout}\n${run.stderr}`.matchAll(/🛑 (\S+) - (.*)/g)];
      if (failures.length === 0 || failures.length === Object.keys(projects).length) assertOk('orval', run);
      for (const [, project, message] of failures) failed.set(project, message.trim());
    },
    extra: async () => ({
      out,
      size: await folderSize(out),
      failed: [...failed].map(([project, message]) => `${project}: ${message}`),
      projects: Object.keys(projects).length,
    }),
  };
}

export async function runHeyApi(dir, documents, peer) {
  await mkdir(dir, { recursive: true });
  const out = join(dir, 'out');
  const configs = documents.map(({ name, file }) => ({
    input: file,
    output: join(out, name),
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk', 'zod'],
  }));
  const config = join(dir, 'openapi-ts.config.mjs');
  await writeFile(config, `export default ${JSON.stringify(configs, null, 2)};\n`);
  const timing = await repeat('@hey-api/openapi-ts', [binOf(HEY_API_DIR, 'openapi-ts'), '--file', config], {
    cwd: dir,
    before: () => rm(out, { recursive: true, force: true }),
    ...peer,
  });
  return { ...timing, out, size: await folderSize(out) };
}

// ---------------------------------------------------------------- the peers' part

/** The budgets that divide by a peer run after the rounds (see printBudgets). */
const HEY_API_LIMIT = 0.07;
const TSC_LIMIT = 1;
// The generator's own budgets, at issue 37's limits (issue 7 had 0.6, 2 and 0.25; issue 32 asks 0.25 by wall).
const SEED_COLD_LIMIT = 0.3;
const NOOP_LIMIT = 1.5;
const CHANGED_LIMIT = 0.2;

/**
 * How a peer that runs after the rounds (hey-api, tsc over orval's output) is run: PEER_RUNS times, each
 * stopped at the shorter of PEER_TIMEOUT_MS and the time past which a timeout alone proves the budget
 * (svcgen's figure / limit, plus 10%): a peer still running then is judged as a bound, and its minutes
 * past that point buy no verdict.
 */
export function peerRun(svcgenMs, limit) {
  const proving = svcgenMs === undefined ? PEER_TIMEOUT_MS : Math.ceil((svcgenMs / limit) * 1.1);
  return { runs: PEER_RUNS, timeoutMs: Math.max(30_000, Math.min(PEER_TIMEOUT_MS, proving)) };
}

/** The larger of this build's and the BENCH_BEFORE build's figure: a bound must judge both. */
const slowest = (...figures) => {
  const known = figures.filter((ms) => ms !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
};

export const describePeer = ({ runs, timeoutMs }) =>
  `${runs} run(s), each stopped after ${Math.round(timeoutMs / 1000)} s (judged as a bound then)`;

// ---------------------------------------------------------------- one size

async function benchSize(count) {
  const dir = join(WORK, `n${count}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const defs = join(dir, 'definitions');
  await synthesize(count, defs);
  const figures = { count };
  const failed = (name, error) => {
    // A timeout is a lower bound: budgets that divide by it can still be judged (see budget()).
    figures[name] = { error: error.message.split('\n')[0], ...(error.timedOut ? { atLeastMs: error.timedOut } : {}) };
    log(`N=${count}: ${error.message}`);
  };
  const step = async (name, run) => {
    try {
      figures[name] = await run();
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
      failed(name, error);
    }
  };
  const generateArgs = (cli, definitions, out, ...flags) => [
    cli,
    'generate',
    '--definitions',
    definitions,
    '--out',
    out,
    ...flags,
  ];
  // The measured build, and with BENCH_BEFORE the build it is compared with (its folders prefixed "before-").
  const builds = [{ key: '', cli: CLI }, ...(BEFORE ? [{ key: 'before', cli: BEFORE_CLI }] : [])];
  const named = (build, name) => (build.key ? `${build.key}${name[0].toUpperCase()}${name.slice(1)}` : name);
  const folder = (build, name) => join(dir, build.key ? `${build.key}-${name}` : name);

  // Unmeasured set-up: the cold output gives the OpenAPI documents the other tools read; the no-op
  // and the one-entity-changed reruns each get an output folder and caches left by an earlier run.
  // cwd is a build's folder, so its format cache lives in <folder>/node_modules/.cache/svcgen, fresh per bench.
  log(`N=${count}: set-up runs`);
  for (const build of builds) {
    build.cwd = build.key ? folder(build, 'cwd') : dir;
    await mkdir(build.cwd, { recursive: true });
    build.editDefs = folder(build, 'definitions-edited');
    await cp(defs, build.editDefs, { recursive: true });
    const generate = async (what, definitions, out, ...flags) =>
      assertOk(
        `${what}${build.key ? ` (${build.key})` : ''}`,
        await measure(generateArgs(build.cli, definitions, out, ...flags), { cwd: build.cwd }),
      );
    try {
      await generate('svcgen generate (cold)', defs, folder(build, 'out'), '--no-cache');
      await generate('svcgen generate (before the no-op reruns)', defs, folder(build, 'out-noop'));
      await generate('svcgen generate (before the edits)', build.editDefs, folder(build, 'out-edited'));
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
      failed(named(build, 'cold'), error);
      return figures;
    }
  }
  const coldOut = join(dir, 'out');
  const documents = await copyOpenApiDocuments(coldOut, join(dir, 'openapi'));
  figures.openApi = documents?.map((document) => document.name);

  const realAdmin = await readFile(join(ROOT, 'definitions', 'admin-api.yaml'), 'utf8');
  const svcgenSteps = (build) => [
    {
      name: named(build, 'noop'),
      args: generateArgs(build.cli, defs, folder(build, 'out-noop')),
      cwd: build.cwd,
      check: (run) => {
        assertOk('svcgen generate (no-op)', run);
        if (!/up to date/.test(run.stdout)) {
          const key = named(build, 'noopRebuilt');
          figures[key] = (figures[key] ?? 0) + 1;
          log(`N=${count}: the no-op rerun did not find the output up to date and rebuilt it: ${run.stdout.trim()}`);
        }
      },
    },
    {
      name: named(build, 'cold'),
      args: generateArgs(build.cli, defs, folder(build, 'out'), '--no-cache'),
      cwd: build.cwd,
      before: () => rm(folder(build, 'out'), { recursive: true, force: true }),
    },
    changedStep(named(build, 'changed'), {
      args: generateArgs(build.cli, build.editDefs, folder(build, 'out-edited')),
      cwd: build.cwd,
      definitions: build.editDefs,
      realAdmin,
      count,
      what: `svcgen generate${build.key ? ` (${build.key})` : ''}`,
    }),
  ];
  const steps = [
    { name: 'nodeNoop', args: ['-e', '0'], cwd: dir },
    ...builds.flatMap(svcgenSteps),
    ...(documents ? [await orvalStep(join(dir, 'orval'), documents)] : []),
  ];
  log(`N=${count}: ${RUNS} round(s) of ${steps.map((each) => each.name).join(', ')}`);
  Object.assign(figures, await interleave(steps, failed));
  if (figures.cold.error) return figures;
  figures.size = await folderSize(coldOut);

  log(`N=${count}: tsc --noEmit over svcgen's output`);
  const svcgenTsconfig = join(dir, 'tsconfig.svcgen.json');
  await writeTsconfig(svcgenTsconfig, coldOut);
  await step('tscSvcgen', () => typecheck(`tsc over svcgen's output (N=${count})`, svcgenTsconfig, dir));
  if (BEFORE && !figures.beforeCold?.error) {
    const beforeOut = folder(builds[1], 'out');
    if (await sameFiles(coldOut, beforeOut)) figures.beforeSameOutput = true;
    else {
      log(`N=${count}: tsc --noEmit over the output of ${BEFORE} (it differs)`);
      const beforeTsconfig = join(dir, 'tsconfig.before.json');
      await writeTsconfig(beforeTsconfig, beforeOut);
      await step('beforeTscSvcgen', () => typecheck(`tsc over ${BEFORE}'s output (N=${count})`, beforeTsconfig, dir));
    }
  }

  if (documents) {
    if (figures.orval.out) {
      log(`N=${count}: tsc --noEmit over orval's output`);
      const orvalTsconfig = join(dir, 'tsconfig.orval.json');
      await writeTsconfig(orvalTsconfig, figures.orval.out);
      const peer = peerRun(slowest(figures.tscSvcgen?.ms, figures.beforeTscSvcgen?.ms), TSC_LIMIT);
      figures.peerTimeouts = { ...figures.peerTimeouts, tscOrval: peer.timeoutMs };
      log(`N=${count}: tsc over orval's output: ${describePeer(peer)}`);
      await step('tscOrval', () => typecheck(`tsc over orval's output (N=${count})`, orvalTsconfig, dir, peer));
    }
    // Not in the rounds: one hey-api run takes minutes at N=300, and its budget has a wide margin.
    const peer = peerRun(slowest(figures.cold?.ms, figures.beforeCold?.ms), HEY_API_LIMIT);
    figures.peerTimeouts = { ...figures.peerTimeouts, heyApi: peer.timeoutMs };
    log(`N=${count}: @hey-api/openapi-ts over ${documents.length} OpenAPI document(s): ${describePeer(peer)}`);
    await step('heyApi', () => runHeyApi(join(dir, 'hey-api'), documents, peer));
  }
  return figures;
}

// ---------------------------------------------------------------- the server budget

/** Starts `node <args>` and waits for its `listening <url>` line. */
async function startServer(args, cwd) {
  const child = spawn(NODE, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const url = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /listening (\S+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`server exited with ${code} before listening: ${errors.trim().split('\n').slice(0, 5).join(' | ')}`),
      );
    });
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) =>
        child.exitCode !== null ? resolve() : (child.on('exit', resolve), child.kill('SIGTERM')),
      ),
  };
}

/**
 * The two server budgets: each a route of a generated server against its hand-written twin, both over the same
 * records. `baseline` and `generated` are the servers' scripts in bench/; `authorize(url, side)` gives the
 * request headers of a side; `check(body)` says whether the probe's answer is the document measured; `bound`, where
 * known, what caps the route's ratio, printed beside a budget it misses.
 */
const SERVER_SCENARIOS = [
  {
    key: 'jsonapi',
    route: 'GET /api/v3/product?limit=25',
    what: 'json:api list of 25 with included',
    definitions: join(ROOT, 'definitions'),
    entry: join('admin-api', 'server.ts'),
    path: '/api/v3/product?limit=25',
    accept: 'application/vnd.api+json',
    baseline: 'baseline-server.mjs',
    generated: 'generated-server.mjs',
    authorize: async (url, side) => {
      if (side !== 'baseline') return { authorization: await oauthToken(url) };
      const { BASELINE_TOKEN } = await import('./baseline-server.mjs');
      return { authorization: `Bearer ${BASELINE_TOKEN}` };
    },
    check: (body) =>
      Array.isArray(body.data) && body.data.length === 25 && Array.isArray(body.included) && body.included.length > 0,
  },
  {
    key: 'plain',
    route: 'GET /api/article?limit=25',
    what: 'plain JSON success envelope of 25 records',
    definitions: join(BENCH, 'plain-api', 'definitions'),
    entry: join('catalog-api', 'server.ts'),
    path: '/api/article?limit=25',
    accept: 'application/json',
    baseline: 'plain-baseline-server.mjs',
    generated: 'plain-generated-server.mjs',
    // What caps the ratio whatever the generated server does (docs/performance.md, the compiled record reader):
    // the wire and one JSON.stringify of the page are 88% of the twin's CPU per request, and the generated
    // server pays both, so it cannot pass about 1/0.88 = 1.13x. Printed beside a MISS.
    bound: "bound ~1.13x: the wire and JSON.stringify, which the generated server pays too, are 88% of the twin's CPU",
    authorize: async () => ({ 'x-api-key': (await import('./plain-baseline-server.mjs')).PLAIN_API_KEY }),
    check: (body) => body.success === true && Array.isArray(body.data) && body.data.length === 25,
  },
];

/** BENCH_SERVER_ONLY=<key>: only that scenario (while iterating on one). */
const SCENARIOS = SERVER_SCENARIOS.filter(
  (scenario) => !process.env.BENCH_SERVER_ONLY || scenario.key === process.env.BENCH_SERVER_ONLY,
);

/** autocannon on the scenario's route after checking that the answer is the document it measures. */
async function requestsPerSecond(scenario, url, headers, pid) {
  const { default: autocannon } = await import('autocannon');
  const target = `${url}${scenario.path}`;
  const probe = await fetch(target, { headers: { accept: scenario.accept, ...headers } });
  const text = await probe.text();
  const body = probe.status === 200 ? JSON.parse(text) : undefined;
  if (!body || !scenario.check(body))
    throw new Error(`${target} did not answer a ${scenario.what} (status ${probe.status}: ${text.slice(0, 200)})`);
  const options = { url: target, connections: 10, pipelining: 1, headers: { accept: scenario.accept, ...headers } };
  // Warm-up (JIT, connections): 3 s, since on a loaded machine 1 s left compiled serializers and zod still tiering up.
  await autocannon({ ...options, duration: 3 });
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ ...options, duration: SERVER_SECONDS });
  const cpuMs = processCpuMs(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  // CPU per request: the server's own user + system time, far less disturbed by other load than requests per second.
  return { rps: result.requests.average, cpuUs: (cpuMs * 1000) / result.requests.total, bytes: text.length };
}

/** User + system CPU time of a process so far (Linux /proc; NaN elsewhere), in ms. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15, in clock ticks (100 per second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function oauthToken(url) {
  const { BENCH_CLIENT } = await import('./generated-server.mjs');
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: BENCH_CLIENT, client_secret: BENCH_CLIENT }),
  });
  const body = await response.json();
  if (response.status !== 200 || typeof body.access_token !== 'string')
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  return `Bearer ${body.access_token}`;
}

/** Writes per second of the compiled serializer and of JSON.stringify (bench/serializer.mjs), per round. */
async function serializerFigures(out) {
  log(`serializing the json:api list document: compiled serializer and JSON.stringify, ${SERVER_ROUNDS * 3} rounds`);
  const run = await measure(['--import', 'tsx', join(BENCH, 'serializer.mjs'), out, String(SERVER_ROUNDS * 3)]);
  if (run.code !== 0) return { error: run.stderr.trim().split('\n').at(-1) ?? `exited with ${run.code}` };
  const figures = JSON.parse(run.stdout.trim().split('\n').at(-1));
  return { compiled: median(figures.compiled), stringify: median(figures.stringify), bytes: figures.bytes };
}

/** One load run against a server started by `args` (see benchServer). */
async function measureServer(scenario, side, args) {
  const server = await startServer(args, ROOT);
  try {
    return await requestsPerSecond(scenario, server.url, await scenario.authorize(server.url, side), server.pid);
  } finally {
    await server.stop();
  }
}

/**
 * Each scenario of SERVER_SCENARIOS: the hand-written twin and the generated server (run with tsx), each loaded
 * with autocannon over loopback, alternately (every other round in reverse order), SERVER_ROUNDS times, the
 * generated server also with validateResponses: false. Every round is kept: the median says what is typical, the
 * best what the code can do (on a shared machine other work only lowers a figure). Returns the figures by scenario
 * key.
 */
async function benchServer() {
  if (SERVER_SECONDS === 0) return { skipped: 'BENCH_SERVER_SECONDS=0' };
  if (!existsSync(join(ROOT, 'node_modules', 'autocannon')))
    return { skipped: 'autocannon is not installed (npm install)' };
  const dir = join(WORK, 'server');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const results = {};
  for (const scenario of SCENARIOS) results[scenario.key] = await prepareScenario(scenario, dir);
  for (let round = 1; round <= SERVER_ROUNDS; round += 1) {
    for (const scenario of SCENARIOS) {
      const figures = results[scenario.key];
      const say = (what) =>
        log(`server round ${round}/${SERVER_ROUNDS}, ${scenario.route}: ${what}, autocannon ${SERVER_SECONDS} s`);
      const generated = (folder, ...flags) => [
        '--import',
        'tsx',
        join(BENCH, scenario.generated),
        folder,
        SERVER_PORT,
        ...flags,
      ];
      // [what is said, the figures' key, the server's arguments]
      const sides = [
        ['hand-written Fastify twin', 'baseline', [join(BENCH, scenario.baseline), SERVER_PORT]],
        ['generated server', 'generated', generated(figures.out)],
        ...(figures.beforeSame === false
          ? [[`generated server of ${BEFORE}`, 'beforeGenerated', generated(figures.beforeOut)]]
          : []),
        ['generated server, validateResponses: false', 'unchecked', generated(figures.out, '--no-validate-responses')],
      ];
      // Every other round in reverse, so that a drift within a round (other work starting) is not one side's each time.
      for (const [what, key, args] of round % 2 === 1 ? sides : sides.reverse()) {
        say(what);
        const side = key === 'baseline' ? 'baseline' : 'generated';
        await keepRound(figures, key, () => measureServer(scenario, side, args));
      }
    }
  }
  return results;
}

/** Generates the scenario's output (and BENCH_BEFORE's), and serializing alone for the json:api document. */
async function prepareScenario(scenario, dir) {
  const out = join(dir, `${scenario.key}-out`);
  const figures = { out };
  const generate = (cli, to) =>
    measure([cli, 'generate', '--definitions', scenario.definitions, '--out', to, '--no-cache'], { cwd: dir });
  const generated = await generate(CLI, out);
  if (generated.code !== 0)
    figures.generated = { error: `svcgen generate failed: ${generated.stderr.trim().split('\n')[0]}` };
  else if (!existsSync(join(out, scenario.entry))) figures.generated = { skipped: 'server emitter not built yet' };
  else if (!existsSync(join(ROOT, 'node_modules', 'tsx')))
    figures.generated = { skipped: 'tsx is not installed (npm install)' };
  // A generated side that failed or was skipped is so for every variant.
  if (figures.generated) {
    figures.unchecked = figures.generated;
    return figures;
  }
  if (scenario.key === 'jsonapi') figures.serializer = await serializerFigures(out);
  // BENCH_BEFORE: the before build's server is measured too, unless it generated the same code.
  if (BEFORE) {
    figures.beforeOut = join(dir, `${scenario.key}-before-out`);
    const before = await generate(BEFORE_CLI, figures.beforeOut);
    if (before.code !== 0)
      figures.beforeGenerated = { error: `${BEFORE} failed: ${before.stderr.trim().split('\n')[0]}` };
    figures.beforeSame = before.code === 0 && (await sameFiles(out, figures.beforeOut));
  }
  return figures;
}

/** Adds one round's result to `figures[key]`: every round's requests per second and CPU per request. */
async function keepRound(figures, key, run) {
  if (figures[key]?.error || figures[key]?.skipped) return;
  try {
    const result = await run();
    const samples = [...(figures[key]?.samples ?? []), result.rps];
    const cpuSamples = [...(figures[key]?.cpuSamples ?? []), result.cpuUs];
    figures[key] = {
      ...result,
      samples,
      cpuSamples,
      rps: Math.max(...samples),
      median: median(samples),
      cpuUs: median(cpuSamples),
    };
  } catch (error) {
    figures[key] = { error: error.message };
  }
}

// ---------------------------------------------------------------- printing

const fmtMs = (ms) => (ms === undefined ? 'n/a' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);
const fmtMiB = (kib) => (kib === undefined ? 'n/a' : `${(kib / 1024).toFixed(0)} MiB`);
const fmtSize = (size) =>
  size
    ? `${size.files} files, ${size.bytes >= 1048576 ? `${(size.bytes / 1048576).toFixed(1)} MiB` : `${(size.bytes / 1024).toFixed(0)} KiB`}`
    : 'n/a';
const fmtRatio = (ratio) =>
  ratio === undefined || !Number.isFinite(ratio) ? 'n/a' : `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}x`;

function cell(figures, key, show) {
  if (!figures) return 'n/a';
  const entry = figures[key];
  if (entry?.error) return entry.atLeastMs ? `> ${fmtMs(entry.atLeastMs)} (timed out)` : 'failed';
  if (key === 'orval' || key === 'heyApi' || key === 'tscOrval') {
    if (figures.cold?.error) return 'n/a';
    if (!figures.openApi) return 'n/a (no openapi.json yet)';
  }
  if (entry === undefined) return 'n/a';
  return show(entry);
}

function ratioCell(figures, numerator, denominator) {
  const ratio = ratioOf(figures, numerator, denominator);
  const floor = valueOf(figures, denominator.replace(/\.ms$/, '.atLeastMs'));
  if (ratio === undefined && floor !== undefined && valueOf(figures, numerator) !== undefined)
    return `< ${fmtRatio(valueOf(figures, numerator) / floor)}`;
  return ratio === undefined
    ? figures?.openApi || !/orval|heyApi/.test(denominator)
      ? 'n/a'
      : 'n/a (no openapi.json yet)'
    : fmtRatio(ratio);
}

function valueOf(figures, path) {
  let value = figures;
  for (const key of path.split('.')) value = value?.[key];
  return typeof value === 'number' ? value : undefined;
}

function ratioOf(figures, numerator, denominator) {
  const a = valueOf(figures, numerator);
  const b = valueOf(figures, denominator);
  return a === undefined || b === undefined || b === 0 ? undefined : a / b;
}

function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) =>
    `| ${row.map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join(' | ')} |`;
  const out = [
    line(rows[0]),
    `|${widths.map((width, column) => (column === 0 ? ':' : '') + '-'.repeat(width + 1) + (column === 0 ? '' : ':')).join('|')}|`,
  ];
  for (const row of rows.slice(1)) out.push(line(row));
  process.stdout.write(`${out.join('\n')}\n`);
}

export function report(results, server, meta) {
  const bySize = new Map(results.map((figures) => [figures.count, figures]));
  const sizes = results.map((figures) => figures.count);
  const row = (label, show) => [label, ...sizes.map((count) => show(bySize.get(count)))];
  const out = (text = '') => process.stdout.write(`${text}\n`);

  out(`svcgen benchmark: medians of ${RUNS} whole-process run(s); ${meta.machine}`);
  out(
    `svcgen ${meta.svcgen} | orval ${meta.orval} (fetch client + zod) | @hey-api/openapi-ts ${meta.heyApi} (types + sdk + zod) | typescript ${meta.typescript}`,
  );
  out(
    `peak RSS: ${RSS_METHOD === 'gnu-time' ? "the child process's own maximum resident set, GNU /usr/bin/time -f %M" : 'process.resourceUsage().maxRSS of each node process at exit (bench/rss-probe.cjs), largest of them'}`,
  );
  out(
    `load average (1 min) at start ${meta.loadStart}, at end ${loadavg()[0].toFixed(1)}: wall times are only comparable within one run on a quiet machine`,
  );
  if (sizes.length === 0) {
    out();
    printTable([['budget', 'ratio', 'CPU ratio', 'limit', 'result'], ...serverBudgets(server)]);
    if (BEFORE) {
      // The before build's server is measured with results judged only; its unjudged rows would be this build's.
      out();
      out(`before: the saved build ${BEFORE}, results judged, measured in the same rounds`);
      const judged = serverBudgets(asBeforeServer(server)).filter((row) => !row[0].includes('validateResponses'));
      printTable([['budget', 'ratio', 'CPU ratio', 'limit', 'result'], ...judged]);
    }
    out();
    printServer(server);
    return;
  }
  out(
    `synthetic admin-api: N entities x 7 operations (list, get, owner, members, create, update, delete), plus the real store-api, price-list-api, banner-api and shared`,
  );
  out();
  printTable([
    ['figure', ...sizes.map((count) => `N=${count}`)],
    row('operations in the synthetic admin-api', (f) => String(f.count * 7)),
    row('node -e 0', (f) => cell(f, 'nodeNoop', (e) => fmtMs(e.ms))),
    row('svcgen generate, cold (--no-cache, fresh out)', (f) => cell(f, 'cold', (e) => fmtMs(e.ms))),
    row('svcgen generate, cold: CPU (user + sys)', (f) => cell(f, 'cold', (e) => fmtMs(e.cpuMs))),
    row('svcgen generate, cold: peak RSS', (f) => cell(f, 'cold', (e) => fmtMiB(e.rssKiB))),
    row('svcgen generate, no-op rerun', (f) =>
      cell(
        f,
        'noop',
        (e) => `${fmtMs(e.ms)}${f.noopRebuilt ? ` (NOT up to date in ${f.noopRebuilt} of ${RUNS})` : ''}`,
      ),
    ),
    row('svcgen generate, one entity changed', (f) => cell(f, 'changed', (e) => fmtMs(e.ms))),
    row('svcgen output', (f) => (f?.size ? fmtSize(f.size) : 'n/a')),
    row('tsc --noEmit over svcgen output', (f) =>
      cell(
        f,
        'tscSvcgen',
        (e) => `${fmtMs(e.ms)}${e.errors ? ` (${e.errors} type error${e.errors === 1 ? '' : 's'})` : ''}`,
      ),
    ),
    row('openapi.json documents', (f) => (f?.openApi ? String(f.openApi.length) : 'n/a (no openapi.json yet)')),
    row('orval (fetch client + zod)', (f) =>
      cell(
        f,
        'orval',
        (e) => `${fmtMs(e.ms)}${e.failed?.length ? ` (${e.failed.length} of ${e.projects} projects failed)` : ''}`,
      ),
    ),
    row('orval: CPU (user + sys)', (f) => cell(f, 'orval', (e) => fmtMs(e.cpuMs))),
    row('orval: peak RSS', (f) => cell(f, 'orval', (e) => fmtMiB(e.rssKiB))),
    row('orval output', (f) => cell(f, 'orval', (e) => fmtSize(e.size))),
    row('tsc --noEmit over orval output', (f) =>
      cell(
        f,
        'tscOrval',
        (e) => `${fmtMs(e.ms)}${e.errors ? ` (${e.errors} type error${e.errors === 1 ? '' : 's'})` : ''}`,
      ),
    ),
    row('hey-api (types + sdk + zod)', (f) => cell(f, 'heyApi', (e) => fmtMs(e.ms))),
    row('peers after the rounds: timeout of hey-api, of tsc over orval', (f) =>
      f?.peerTimeouts
        ? `${fmtMs(f.peerTimeouts.heyApi)}, ${fmtMs(f.peerTimeouts.tscOrval)} (x ${PEER_RUNS} run(s))`
        : 'n/a',
    ),
    row('hey-api: CPU (user + sys)', (f) => cell(f, 'heyApi', (e) => fmtMs(e.cpuMs))),
    row('hey-api: peak RSS', (f) => cell(f, 'heyApi', (e) => fmtMiB(e.rssKiB))),
    row('hey-api output', (f) => cell(f, 'heyApi', (e) => fmtSize(e.size))),
    row('ratio: svcgen cold / orval', (f) => ratioCell(f, 'cold.ms', 'orval.ms')),
    row('ratio: svcgen cold / hey-api', (f) => ratioCell(f, 'cold.ms', 'heyApi.ms')),
    row('ratio: svcgen peak RSS / orval', (f) => ratioCell(f, 'cold.rssKiB', 'orval.rssKiB')),
    row('ratio: no-op rerun / node -e 0', (f) => ratioCell(f, 'noop.ms', 'nodeNoop.ms')),
    row('ratio: one entity changed / cold', (f) => ratioCell(f, 'changed.ms', 'cold.ms')),
    row('ratio: tsc svcgen output / orval output', (f) => ratioCell(f, 'tscSvcgen.ms', 'tscOrval.ms')),
  ]);

  out();
  if (BEFORE) {
    out(`after: this build`);
    printBudgets(bySize, sizes, server);
    out();
    out(`before: the saved build ${BEFORE}, measured in the same rounds`);
    const before = new Map([...bySize].map(([count, figures]) => [count, asBefore(figures)]));
    printBudgets(before, sizes, asBeforeServer(server));
    out();
    printBeforeAfter(bySize, sizes, server);
  } else printBudgets(bySize, sizes, server);
  const failures = results.flatMap((figures) => [
    ...Object.entries(figures)
      .filter(([, value]) => value?.error)
      .map(([key, value]) => `N=${figures.count} ${key}: ${value.error}`),
    ...Object.entries(figures).flatMap(([key, value]) =>
      (value?.failed ?? []).map((failure) => `N=${figures.count} ${key}, project ${failure}`),
    ),
  ]);
  if (failures.length > 0) {
    out();
    out('failures (details on stderr):');
    for (const failure of failures) out(`  ${failure}`);
  }
  out();
  printServer(server);
}

/** The before build's server figures in the places the budgets read (BENCH_BEFORE). */
function asBeforeServer(server) {
  if (server.skipped) return server;
  const before = {};
  for (const [key, figures] of Object.entries(server))
    before[key] = figures.beforeSame === false ? { ...figures, generated: figures.beforeGenerated } : figures;
  return before;
}

/** The before build's figures in the places the budgets read (BENCH_BEFORE). */
function asBefore(figures) {
  return {
    ...figures,
    cold: figures.beforeCold,
    noop: figures.beforeNoop,
    changed: figures.beforeChanged,
    noopRebuilt: figures.beforeNoopRebuilt,
    tscSvcgen: figures.beforeSameOutput ? figures.tscSvcgen : figures.beforeTscSvcgen,
  };
}

/** The budgets of the issues: each judged at the N the issue names; without it, at the nearest N measured (said so). */
function printBudgets(bySize, sizes, server) {
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  const at = (wanted, fallback) =>
    bySize.has(wanted)
      ? { figures: bySize.get(wanted), note: '' }
      : { figures: bySize.get(fallback), note: ` [N=${wanted} not measured; at N=${fallback}]` };
  // Judged on wall time, as the issue states them; the CPU-time ratio beside it is less disturbed by other load.
  const budget = (label, { figures, note }, numerator, denominator, limit) => {
    const ratio = ratioOf(figures, numerator, denominator);
    const floor = valueOf(figures, denominator.replace(/\.ms$/, '.atLeastMs'));
    const value = valueOf(figures, numerator);
    if (ratio === undefined && floor !== undefined && value !== undefined) {
      // The denominator timed out: the ratio is at most value / timeout.
      return [
        label + note,
        `< ${fmtRatio(value / floor)}`,
        '',
        `<= ${limit}x`,
        value / floor <= limit ? 'PASS (the other side timed out)' : 'n/a (the other side timed out)',
      ];
    }
    const cpu = numerator.endsWith('.ms')
      ? fmtRatio(ratioOf(figures, numerator.replace(/\.ms$/, '.cpuMs'), denominator.replace(/\.ms$/, '.cpuMs')))
      : '';
    if (ratio === undefined) {
      const why = figures?.cold?.error
        ? 'svcgen failed'
        : !figures?.openApi && /orval|heyApi/.test(denominator)
          ? 'no openapi.json yet'
          : 'not measured';
      return [label + note, 'n/a', cpu, `<= ${limit}x`, `n/a (${why})`];
    }
    return [label + note, fmtRatio(ratio), cpu, `<= ${limit}x`, ratio <= limit ? 'PASS' : 'MISS'];
  };
  const four = at(4, smallest);
  const big = at(300, largest);
  const noopRows = sizes.map((count) =>
    budget(
      `no-op rerun <= 1.5 x node -e 0 (N=${count})`,
      { figures: bySize.get(count), note: '' },
      'noop.ms',
      'nodeNoop.ms',
      NOOP_LIMIT,
    ),
  );
  printTable([
    ['budget', 'ratio', 'CPU ratio', 'limit', 'result'],
    budget('four interfaces, cold, all emitters: svcgen / orval (N=4)', four, 'cold.ms', 'orval.ms', SEED_COLD_LIMIT),
    budget('N=300 cold: svcgen / orval', big, 'cold.ms', 'orval.ms', 0.5),
    budget('N=300 cold: svcgen / hey-api', big, 'cold.ms', 'heyApi.ms', HEY_API_LIMIT),
    budget('N=300 cold: svcgen peak RSS / orval peak RSS', big, 'cold.rssKiB', 'orval.rssKiB', 1),
    ...noopRows,
    budget('one entity changed / cold (N=300)', big, 'changed.ms', 'cold.ms', CHANGED_LIMIT),
    budget('tsc --noEmit: svcgen output / orval output (N=300)', big, 'tscSvcgen.ms', 'tscOrval.ms', TSC_LIMIT),
    ...serverBudgets(server),
  ]);
}

/** Each svcgen figure of this build over the same figure of the BENCH_BEFORE build, measured in the same rounds. */
function printBeforeAfter(bySize, sizes, server) {
  const rows = [['svcgen figure', ...sizes.flatMap((count) => [`N=${count} before`, 'after', 'after / before'])]];
  const figure = (label, key, field, show) =>
    rows.push([
      label,
      ...sizes.flatMap((count) => {
        const after = bySize.get(count);
        const before = asBefore(after);
        return [
          cell(before, key, (e) => show(e[field])),
          cell(after, key, (e) => show(e[field])),
          fmtRatio(ratioOf({ after, before }, `after.${key}.${field}`, `before.${key}.${field}`)),
        ];
      }),
    ]);
  figure('cold', 'cold', 'ms', fmtMs);
  figure('cold: CPU (user + sys)', 'cold', 'cpuMs', fmtMs);
  figure('cold: peak RSS', 'cold', 'rssKiB', fmtMiB);
  figure('no-op rerun', 'noop', 'ms', fmtMs);
  figure('no-op rerun: CPU', 'noop', 'cpuMs', fmtMs);
  figure('one entity changed', 'changed', 'ms', fmtMs);
  figure('one entity changed: CPU', 'changed', 'cpuMs', fmtMs);
  figure('tsc --noEmit over the output', 'tscSvcgen', 'ms', fmtMs);
  printTable(rows);
  const same = sizes.filter((count) => bySize.get(count).beforeSameOutput);
  if (same.length > 0)
    process.stdout.write(`same output from both builds at N=${same.join(', ')}: one tsc measurement serves both\n`);
  for (const scenario of server.skipped ? [] : SCENARIOS) {
    const figures = server[scenario.key];
    if (figures.beforeSame)
      process.stdout.write(`${scenario.route}: same generated server code from both builds, measured once\n`);
    else if (figures.beforeGenerated?.rps && figures.generated?.rps)
      process.stdout.write(
        `${scenario.route}, best rounds: before ${Math.round(figures.beforeGenerated.rps)}, after ${Math.round(figures.generated.rps)} req/s (after / before ${fmtRatio(figures.generated.rps / figures.beforeGenerated.rps)}; CPU per request ${Math.round(figures.beforeGenerated.cpuUs)} and ${Math.round(figures.generated.cpuUs)} µs)\n`,
      );
  }
}

const describeServer = (entry, name) =>
  entry?.rps
    ? `${name} ${Math.round(entry.rps)} req/s`
    : entry?.error
      ? `${name} failed: ${entry.error}`
      : entry?.skipped
        ? `${name}: ${entry.skipped}`
        : `${name} not measured`;

/** What each server budget asks: generated / hand-written, by CPU per request, with results judged and without. */
const SERVER_LIMITS = { generated: 1.2, unchecked: 1.5 };

/** The server budgets: the hand-written side's CPU per request over the generated side's (medians of the rounds). */
function serverBudgets(server) {
  const rows = [];
  for (const scenario of SCENARIOS) {
    for (const [key, limit] of Object.entries(SERVER_LIMITS)) {
      const label = `server ${scenario.route}: generated${key === 'unchecked' ? ' (validateResponses: false)' : ''} / hand-written`;
      const figures = server.skipped ? undefined : server[scenario.key];
      if (!figures) {
        rows.push([label, 'n/a', '', `>= ${limit}x`, `n/a (${server.skipped})`]);
        continue;
      }
      const generated = figures[key];
      const sides = `${describeServer(generated, 'generated')}, ${describeServer(figures.baseline, 'hand-written')}`;
      if (!generated?.rps || !figures.baseline?.rps) {
        rows.push([label, 'n/a', '', `>= ${limit}x`, `n/a (${sides})`]);
        continue;
      }
      const ratio = generated.rps / figures.baseline.rps;
      const cpu = figures.baseline.cpuUs / generated.cpuUs;
      // Judged by CPU per request (medians of the rounds), which other load on the machine barely moves; by the
      // best rounds' requests per second only where the server's CPU cannot be read (no /proc).
      const judged = Number.isFinite(cpu) ? cpu : ratio;
      const by = Number.isFinite(cpu) ? 'judged by CPU per request, medians' : 'judged by requests/s, best rounds';
      rows.push([
        label,
        fmtRatio(ratio),
        Number.isFinite(cpu) ? `${fmtRatio(cpu)} (per request)` : '',
        `>= ${limit}x`,
        `${judged >= limit ? 'PASS' : 'MISS'} (${sides}; ${by}${judged < limit && scenario.bound ? `; ${scenario.bound}` : ''})`,
      ]);
    }
  }
  return rows;
}

/** Each server side: requests per second (median and best of the rounds), CPU per request, ratios of medians. */
function printServer(server) {
  const out = (text = '') => process.stdout.write(`${text}\n`);
  if (server.skipped) return out(`server: not measured (${server.skipped})`);
  for (const scenario of SCENARIOS) printScenario(scenario, server[scenario.key]);
  printSerializer(server.jsonapi?.serializer);
}

function printScenario(scenario, figures) {
  process.stdout.write(
    `\nserver: ${scenario.route} (${scenario.what}), autocannon ${SERVER_SECONDS} s x 10 connections over loopback, ${SERVER_ROUNDS} round(s) each, alternately\n`,
  );
  const rps = (value) => (value === undefined ? 'n/a' : `${Math.round(value)} req/s`);
  const side = (label, entry) => [
    label,
    entry?.error ? 'failed' : rps(entry?.median),
    entry?.error ? entry.error.slice(0, 60) : rps(entry?.rps),
    Number.isFinite(entry?.cpuUs) ? `${Math.round(entry.cpuUs)} µs` : 'n/a',
    entry?.bytes ? `${entry.bytes} B` : 'n/a',
  ];
  // CPU per request: lower is better, so the ratio that says "x times the hand-written route" is the inverse.
  const ratio = (a, b) =>
    a?.median && b?.median
      ? `${fmtRatio(a.median / b.median)}${Number.isFinite(a.cpuUs / b.cpuUs) ? ` (by CPU per request ${fmtRatio(b.cpuUs / a.cpuUs)})` : ''}`
      : 'n/a';
  printTable([
    ['server', 'median', 'best', 'CPU per request (median)', 'response body'],
    side('hand-written Fastify twin (JSON.stringify, no schema)', figures.baseline),
    side('generated, results judged (default)', figures.generated),
    side('generated, validateResponses: false', figures.unchecked),
    ['ratio of medians: generated / hand-written', ratio(figures.generated, figures.baseline), '', '', ''],
    [
      'ratio of medians: generated without judging / hand-written',
      ratio(figures.unchecked, figures.baseline),
      '',
      '',
      '',
    ],
    [
      'ratio of medians: judging results (generated / without)',
      ratio(figures.generated, figures.unchecked),
      '',
      '',
      '',
    ],
  ]);
}

function printSerializer(serializer) {
  const out = (text = '') => process.stdout.write(`${text}\n`);
  if (!serializer) return;
  out();
  if (serializer.error) return out(`serializing alone: failed (${serializer.error})`);
  const ops = (value) => `${Math.round(value)} writes/s`;
  printTable([
    ['serializing the json:api list document alone (one process, medians)', 'writes per second', 'body'],
    [
      'compiled serializer (fast-json-stringify, from the response schema)',
      ops(serializer.compiled),
      `${serializer.bytes} B`,
    ],
    ['JSON.stringify', ops(serializer.stringify), `${serializer.bytes} B`],
    ['ratio: compiled / JSON.stringify', fmtRatio(serializer.compiled / serializer.stringify), ''],
  ]);
}

// ---------------------------------------------------------------- main

async function main() {
  if (!existsSync(join(ROOT, 'dist', 'cli.js')))
    fail('dist/cli.js is missing: run `npm run build` first (npm run bench does)');
  // orval and hey-api run only for the generator's figures and the import budget.
  if (SIZES.length > 0 || IMPORT_ROUNDS > 0) ensureBenchDependencies();
  await mkdir(WORK, { recursive: true });
  await snapshotGenerator();
  const cpu = cpus();
  const meta = {
    machine: `${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, node ${process.version}, ${process.platform}`,
    svcgen: packageVersion(ROOT),
    orval: packageVersion(ORVAL_DIR),
    heyApi: packageVersion(HEY_API_DIR),
    typescript: packageVersion(join(ROOT, 'node_modules', 'typescript')),
    loadStart: loadavg()[0].toFixed(1),
  };
  log(`sizes ${SIZES.join(', ')}; ${RUNS} run(s) each; peak RSS by ${RSS_METHOD}; work folder ${relative(ROOT, WORK)}`);
  const results = [];
  for (const count of SIZES) results.push(await benchSize(count));
  const server = await benchServer();
  const imported =
    IMPORT_ROUNDS > 0 ? await benchImport({ root: ROOT, work: WORK, cli: CLI, rounds: IMPORT_ROUNDS, log }) : undefined;
  report(results, server, meta);
  if (imported) printImport(imported);
  // The whole run's length, which issue 37 asks to stay under 20 minutes (the cluster below is optional and apart).
  process.stdout.write(
    `\nwhole bench: ${minutesSinceStart().toFixed(1)} min wall (load average ${meta.loadStart} at the start, ${loadavg()[0].toFixed(1)} at the end)\n`,
  );
  // The cluster's figures (bench/cluster.mjs): HAProxy, PostgreSQL and Redis must be there.
  if (process.env.BENCH_CLUSTER === '1') {
    const cluster = spawnSync(NODE, ['--import', 'tsx', join(BENCH, 'cluster.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (cluster.status !== 0) fail('bench/cluster.mjs failed');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
