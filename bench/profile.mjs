#!/usr/bin/env node
// Where a cold `svcgen generate` spends its time: `node bench/profile.mjs [N] [profile.cpuprofile]`.
//
// Without a profile file it synthesises N entities (default 300) into bench/.work/profile-<N>/,
// runs `node --cpu-prof dist/cli-main.js generate --no-cache` on them into a fresh output folder, and
// summarises the profile it wrote; with one, it summarises that. Two rankings of the samples:
//   - by phase: the svcgen module the sample is working for (the outermost dist/ frame on its
//     stack, e.g. emitters/zod or definitions/load); samples with no svcgen frame on the stack
//     (async continuations, module loading) go by the library at their leaf;
//   - by code: whose code the sample is executing (the innermost frame with a URL): prettier,
//     typescript/ts-morph, yaml, zod, svcgen itself, node internals, garbage collection.
// "module loading" is time in a module's top-level code (import and evaluation of ts-morph,
// prettier, …). Percentages are of all samples; (idle) is time spent waiting (file I/O).
// It runs tsc's unbundled dist/cli-main.js, not the bundled dist/cli.js (scripts/bundle-cli.mjs), so that
// samples can be told apart by svcgen module; module loading costs more there than in the bundle.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { synthesize } from './synth.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, '..');

function library(url) {
  if (!url) return undefined;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node internals';
  const dist = /\/dist\/(.+)$/.exec(url);
  if (dist && url.includes(ROOT)) return `svcgen ${svcgenArea(dist[1])}`;
  return 'other';
}

function svcgenArea(path) {
  const parts = path.replace(/\.js$/, '').split('/');
  if (parts[0] === 'emitters' && parts.length > 2) return `emitters/${parts[1]}`;
  return parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0];
}

const LIBRARY_LABELS = {
  prettier: 'prettier (formatting)',
  typescript: 'typescript (ts-morph printing / AST)',
  'ts-morph': 'ts-morph',
  '@ts-morph/common': 'ts-morph',
  yaml: 'yaml (parsing definitions)',
  zod: 'zod (validating definitions)',
  handlebars: 'handlebars (templates)',
};
const label = (name) => LIBRARY_LABELS[name] ?? name;

export function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id) => {
    const stack = [];
    for (let current = id; current !== undefined; current = parent.get(current)) stack.push(nodes.get(current));
    return stack; // leaf first
  };
  const byPhase = new Map();
  const byCode = new Map();
  const cache = new Map();
  const classify = (id) => {
    if (cache.has(id)) return cache.get(id);
    const stack = stackOf(id);
    const leaf = stack[0].callFrame;
    let phase;
    let code;
    if (['(garbage collector)', '(idle)', '(program)'].includes(leaf.functionName)) {
      phase = code = leaf.functionName === '(program)' ? '(program: native, compiling)' : leaf.functionName;
    } else {
      const moduleTop = stack.some(
        (node) =>
          node.callFrame.functionName === '' &&
          node.callFrame.lineNumber === 0 &&
          node.callFrame.url &&
          !node.callFrame.url.includes('/dist/cli.js'),
      );
      const svcgenFrames = stack.filter((node) => library(node.callFrame.url)?.startsWith('svcgen '));
      const outer = svcgenFrames.filter((node) => !/\/dist\/(cli|generate)\.js$/.test(node.callFrame.url)).at(-1);
      const innerLibrary = stack
        .map((node) => library(node.callFrame.url))
        .find((name) => name && name !== 'node internals' && name !== 'other');
      code = label(stack.map((node) => library(node.callFrame.url)).find((name) => name) ?? 'other');
      if (moduleTop) phase = 'module loading (imports)';
      else if (outer) phase = library(outer.callFrame.url);
      else phase = innerLibrary ? label(innerLibrary) : 'node internals (fs, streams, …)';
    }
    const result = { phase, code };
    cache.set(id, result);
    return result;
  };
  const deltas = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, index) => {
    const ms = (deltas[index] ?? 0) / 1000;
    total += ms;
    const { phase, code } = classify(id);
    byPhase.set(phase, (byPhase.get(phase) ?? 0) + ms);
    byCode.set(code, (byCode.get(code) ?? 0) + ms);
  });
  const rank = (map) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms, share: ms / total }));
  return { totalMs: total, byPhase: rank(byPhase), byCode: rank(byCode) };
}

function print({ totalMs, byPhase, byCode }) {
  const rows = (list) =>
    list
      .filter((entry) => entry.share >= 0.001)
      .map(
        (entry, index) =>
          `  ${String(index + 1).padStart(2)}. ${entry.name.padEnd(46)} ${(entry.ms / 1000).toFixed(2).padStart(7)} s ${(entry.share * 100).toFixed(1).padStart(5)} %`,
      );
  process.stdout.write(
    `profiled: ${(totalMs / 1000).toFixed(2)} s of samples\n\nby phase (the svcgen module working; otherwise the library):\n${rows(byPhase).join('\n')}\n\nby code (whose function is running):\n${rows(byCode).join('\n')}\n`,
  );
}

async function main() {
  let file = process.argv[3];
  if (!file) {
    const count = Number(process.argv[2] ?? 300);
    if (!Number.isInteger(count) || count < 1)
      throw new Error('usage: node bench/profile.mjs [N] [profile.cpuprofile]');
    if (!existsSync(join(ROOT, 'dist', 'cli-main.js')))
      throw new Error('dist/cli-main.js is missing: run `npm run build` first');
    const dir = join(BENCH, '.work', `profile-${count}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await synthesize(count, join(dir, 'definitions'));
    const args = [
      '--cpu-prof',
      '--cpu-prof-dir',
      join(dir, 'profile'),
      join(ROOT, 'dist', 'cli-main.js'),
      'generate',
      '--definitions',
      'definitions',
      '--out',
      'out',
      '--no-cache',
    ];
    const timed = existsSync('/usr/bin/time');
    const started = process.hrtime.bigint();
    const run = timed
      ? spawnSync('/usr/bin/time', ['-f', 'peak RSS %M KiB, CPU %U s user + %S s system', process.execPath, ...args], {
          cwd: dir,
          encoding: 'utf8',
        })
      : spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (run.status !== 0) throw new Error(`svcgen generate failed:\n${run.stderr}`);
    process.stdout.write(
      `svcgen generate, N=${count}, cold, under --cpu-prof: ${seconds.toFixed(2)} s wall${timed ? `, ${run.stderr.trim().split('\n').at(-1)}` : ''}\n`,
    );
    const profiles = (await readdir(join(dir, 'profile'))).filter((name) => name.endsWith('.cpuprofile'));
    file = join(dir, 'profile', profiles[0]);
    process.stdout.write(`profile: ${file}\n`);
  }
  print(summarise(JSON.parse(await readFile(file, 'utf8'))));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
