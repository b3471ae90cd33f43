#!/usr/bin/env node
// Side by side, svcgen builds on the runs issue 7 budgets, for a change too small for
// `npm run bench` to tell from noise:
//   node bench/compare.mjs save <name>        keeps the current build (run `npm run build` first)
//                                              under bench/.work/builds/<name>
//   node bench/compare.mjs [--rounds R] [--size N] [--cold] [--noop] <name>[:<node flag>,…] …
// measures each named build in interleaved rounds (every build once per round, so all of them see
// the same minutes of a shared machine; each round starts one run later, so none always goes
// first) and prints medians: the rerun after one entity changed (wall and CPU) and, with --cold,
// the cold run (--no-cache) and the changed/cold ratio; with --noop, the rerun with nothing changed
// and its ratio to `node -e 0`, run in the same rounds. Node flags after a colon run the same
// build with V8 settings, e.g. `head head:--v8-pool-size=1`.
// Each label works in its own folder (bench/.work/compare-<N>/), set up by one unmeasured run;
// each round edits one entity to a value no run has seen (bench/synth.mjs's variant).
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { assertOk, changedStep, interleave, measure, snapshotGenerator } from './run.mjs';
import { synthesize } from './synth.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, '..');
const BUILDS = join(BENCH, '.work', 'builds');
const NAME = /^[\w.-]+$/;

function fail(message) {
  process.stderr.write(`compare: ${message}\n`);
  process.exit(2);
}

async function save(name) {
  if (!NAME.test(name ?? '')) fail('save needs a name of letters, digits, ".", "_" or "-"');
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) fail('dist/cli.js is missing: run `npm run build` first');
  await snapshotGenerator(join(BUILDS, name));
  process.stdout.write(`saved the current build as ${name}\n`);
}

/** "name:--flag,--flag" → the build's CLI and the node flags to run it with. */
function parseLabel(label) {
  const [name, flags = ''] = label.split(':');
  const cli = join(BUILDS, name, 'dist', 'cli.js');
  if (!NAME.test(name) || !existsSync(cli))
    fail(`no saved build "${name}" (save it first: node bench/compare.mjs save ${name})`);
  return { label, cli, flags: flags.split(',').filter(Boolean) };
}

/** A no-op run must find the output up to date (else it measures a build). */
function assertNoop(label, run) {
  assertOk(`${label} (no-op)`, run);
  if (!/up to date/.test(run.stdout)) throw new Error(`${label} (no-op) was not up to date`);
}

const wholeNumber = (text, what) =>
  /^[1-9]\d*$/.test(text) ? Number(text) : fail(`${what} must be a whole number >= 1 (got "${text}")`);

async function compare(options, labels) {
  const rounds = wholeNumber(options.rounds, '--rounds');
  const size = wholeNumber(options.size, '--size');
  const builds = labels.map(parseLabel);
  if (builds.length === 0) fail('name at least one saved build');
  if (new Set(labels).size !== labels.length) fail('each label once (a build with other node flags is another label)');
  const work = join(BENCH, '.work', `compare-${size}`);
  const definitions = join(work, 'definitions');
  await rm(work, { recursive: true, force: true });
  await synthesize(size, definitions);
  const realAdmin = await readFile(join(ROOT, 'definitions', 'admin-api.yaml'), 'utf8');
  const steps = [];
  for (const [index, build] of builds.entries()) {
    const dir = join(work, String(index));
    await cp(definitions, join(dir, 'definitions'), { recursive: true });
    const generate = (out, ...flags) => [
      ...build.flags,
      build.cli,
      'generate',
      '--definitions',
      'definitions',
      '--out',
      out,
      ...flags,
    ];
    assertOk(`set-up run of ${build.label}`, await measure(generate('out'), { cwd: dir }));
    steps.push(
      changedStep(`${build.label} changed`, {
        args: generate('out'),
        cwd: dir,
        definitions: join(dir, 'definitions'),
        realAdmin,
        count: size,
        what: build.label,
      }),
    );
    // The changed step edits the definitions each round: an unmeasured run first brings noop/ up to date.
    const refresh = async () =>
      assertOk(`refresh of ${build.label} no-op`, await measure(generate('noop'), { cwd: dir }));
    if (options.noop)
      steps.push({
        name: `${build.label} no-op`,
        args: generate('noop'),
        cwd: dir,
        before: refresh,
        check: (run) => assertNoop(build.label, run),
      });
    if (options.cold)
      steps.push({
        name: `${build.label} cold`,
        args: generate('cold', '--no-cache'),
        cwd: dir,
        before: () => rm(join(dir, 'cold'), { recursive: true, force: true }),
      });
  }
  // The no-op budget is a ratio to an empty node process, so that is sampled in the same rounds.
  if (options.noop) steps.push({ name: 'node -e 0', args: ['-e', '0'], cwd: work });
  process.stderr.write(`compare: N=${size}, ${rounds} round(s) of ${steps.map((step) => step.name).join(', ')}\n`);
  const results = await interleave(steps, (name, error) => fail(`${name}: ${error.message}`), rounds, { rotate: true });
  for (const { label } of builds) {
    const changed = results[`${label} changed`];
    const cold = results[`${label} cold`];
    const noop = results[`${label} no-op`];
    const figures = [`changed ${changed.ms.toFixed(0)} ms (CPU ${changed.cpuMs?.toFixed(0) ?? '?'} ms)`];
    if (cold) figures.push(`cold ${cold.ms.toFixed(0)} ms`, `changed/cold ${(changed.ms / cold.ms).toFixed(3)}`);
    const empty = results['node -e 0'];
    if (noop)
      figures.push(
        `no-op ${noop.ms.toFixed(0)} ms (CPU ${noop.cpuMs?.toFixed(0) ?? '?'} ms)`,
        `no-op / node -e 0 ${(noop.ms / empty.ms).toFixed(2)} (CPU ${(noop.cpuMs / empty.cpuMs).toFixed(2)})`,
      );
    process.stdout.write(
      `${label}: ${figures.join(', ')}; changed runs: ${changed.samples.map((ms) => ms.toFixed(0)).join(' ')}\n`,
    );
  }
  const empty = results['node -e 0'];
  if (empty) process.stdout.write(`node -e 0: ${empty.ms.toFixed(0)} ms (CPU ${empty.cpuMs?.toFixed(0) ?? '?'} ms)\n`);
}

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        rounds: { type: 'string', default: '9' },
        size: { type: 'string', default: '300' },
        cold: { type: 'boolean', default: false },
        noop: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail(error.message);
  }
}

const { values, positionals } = parseCommandLine();
await mkdir(join(BENCH, '.work'), { recursive: true });
if (positionals[0] === 'save') await save(positionals[1]);
else await compare(values, positionals);
