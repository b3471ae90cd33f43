// The fuzzer's verdict on a batch of definition folders. An invalid one must get located one-line
// diagnostics and leave its output folder untouched; a valid one must generate, pass `check` at
// once, give OpenAPI documents that @readme/openapi-parser accepts and Redocly's recommended rules
// pass without errors, type-check under strict options (one tsc run for the whole batch), import,
// and serve every route without a 5xx. FUZZ_PROFILE=1 prints the time of each stage of a batch.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import { formatDiagnostic } from '../../src/definitions/diagnostics.js';
import { collectInputs } from '../../src/inputs.js';
import type { Ir } from '../../src/ir/types.js';
import { check, generate } from '../../src/pipeline.js';
import { ESM_STRICT_INDEXED, TYPE_ROOTS } from '../../test/helpers/compiler-options.js';
import { serveAndProbe } from './serve.js';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** One mutant: a folder holding definitions/ (its input) and out/ (its output, seeded with a sentinel). */
export interface Mutant {
  readonly dir: string;
  /** How it was made, for the report. */
  readonly label: string;
}

/**
 * What a caller of judgeBatch may change (the API fuzzer, scripts/fuzz-apis.ts, does): TypeScript
 * options added to the strict ones, a config, work after a mutant passed check (e.g. writing more .ts files
 * for tsc), whether to type-check at all, and what serving a mutant proves.
 */
export interface BatchOptions {
  /** Each mutant's svcgen.config.yaml (the API fuzzer turns the opt-in emitters on); none by default. */
  readonly config?: string;
  readonly compilerOptions?: Readonly<Record<string, unknown>>;
  readonly afterCheck?: (mutant: Mutant) => Promise<void>;
  readonly typeCheck?: boolean;
  /** The type checker's script: tsc by default; tsgo (TypeScript 7) checks a batch several times faster. */
  readonly compiler?: string;
  readonly serve?: (mutant: Mutant, outDir: string, ir: Ir) => Promise<string | undefined>;
}

export type Verdict =
  | { readonly kind: 'valid' }
  | { readonly kind: 'invalid'; readonly codes: readonly string[] }
  | { readonly kind: 'failed'; readonly stage: string; readonly detail: string };

const SENTINEL = 'sentinel.txt';
const CONFIG_FILE = 'svcgen.config.yaml';
const DIAGNOSTIC_LINE = /^[^\s:][^:\n]*:[1-9]\d*:[1-9]\d* SVC\d{3} [^\n]+$/;

export async function prepareOutput(dir: string): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(dir, 'out'), { recursive: true });
  await writeFile(join(dir, 'out', SENTINEL), 'left as it was\n');
}

function runOptions(dir: string) {
  return {
    cwd: dir,
    definitionsDir: join(dir, 'definitions'),
    outDir: join(dir, 'out'),
    gitattributes: false,
    cache: false,
  } as const;
}

let redoclyConfig: ReturnType<typeof createConfig> | undefined;

/** Generates, checks and validates one mutant; the batch steps (tsc, serving) come after. */
async function generateOne(mutant: Mutant): Promise<Verdict> {
  const options = runOptions(mutant.dir);
  let result;
  try {
    result = await generate(options);
  } catch (error) {
    return { kind: 'failed', stage: 'generate', detail: (error as Error).stack ?? String(error) };
  }
  if (!result.ok) {
    const lines = result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic));
    const unlocated = lines.find((line) => !DIAGNOSTIC_LINE.test(line));
    if (lines.length === 0 || unlocated !== undefined)
      return { kind: 'failed', stage: 'diagnostics', detail: unlocated ?? 'no diagnostics' };
    const left = await readdir(join(mutant.dir, 'out'));
    const sentinel = await readFile(join(mutant.dir, 'out', SENTINEL), 'utf8').catch(() => '');
    if (left.join() !== SENTINEL || sentinel !== 'left as it was\n')
      return { kind: 'failed', stage: 'untouched', detail: `out/ holds ${left.join(', ')}` };
    return { kind: 'invalid', codes: [...new Set(result.diagnostics.map((diagnostic) => diagnostic.code))] };
  }
  try {
    // generate keeps what it did not write; check (rightly) names such a file, so the sentinel goes first.
    const kept = await readFile(join(mutant.dir, 'out', SENTINEL), 'utf8').catch(() => '');
    if (kept !== 'left as it was\n')
      return { kind: 'failed', stage: 'foreign file', detail: `generate did not keep out/${SENTINEL}` };
    await rm(join(mutant.dir, 'out', SENTINEL));
    const checked = await check(options);
    if (!checked.ok || !checked.upToDate)
      return {
        kind: 'failed',
        stage: 'check',
        detail: JSON.stringify(checked.ok ? checked.drift : checked.diagnostics).slice(0, 2000),
      };
  } catch (error) {
    return { kind: 'failed', stage: 'check', detail: (error as Error).stack ?? String(error) };
  }
  for (const module of await modulesOf(join(mutant.dir, 'out'))) {
    const file = join(mutant.dir, 'out', module, 'openapi.json');
    if (!existsSync(file)) continue;
    const text = await readFile(file, 'utf8');
    const result = await validate(JSON.parse(text) as Parameters<typeof validate>[0]);
    if (!result.valid)
      return { kind: 'failed', stage: 'openapi', detail: `${module}: ${JSON.stringify(result.errors).slice(0, 2000)}` };
    const lint = await redoclyLint(text, file);
    if (lint === undefined) continue;
    const errors = lint
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    if (errors.length > 0)
      return {
        kind: 'failed',
        stage: 'openapi',
        detail: `${module} (Redocly recommended): ${errors.join('\n').slice(0, 2000)}`,
      };
  }
  return { kind: 'valid' };
}

/**
 * Redocly's recommended rules over one document, or undefined when Redocly itself throws. It does on a
 * schema with a property named hasOwnProperty (its getOwn calls obj.hasOwnProperty); such a document has
 * passed @readme/openapi-parser already, so it is reported and judged without Redocly.
 */
async function redoclyLint(
  text: string,
  file: string,
): Promise<Awaited<ReturnType<typeof lintFromString>> | undefined> {
  try {
    return await lintFromString({
      source: text,
      absoluteRef: file,
      config: await (redoclyConfig ??= createConfig({ extends: ['recommended'] })),
    });
  } catch (error) {
    console.log(
      `note: Redocly could not lint ${file} (${(error as Error).message}); judged by @readme/openapi-parser alone`,
    );
    return undefined;
  }
}

async function modulesOf(out: string): Promise<string[]> {
  const entries = await readdir(out, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && entry.name !== 'runtime')
    .map((entry) => entry.name)
    .sort();
}

/** The IR of a valid mutant (for the stub handlers and the requests). */
export async function irOf(dir: string): Promise<Ir> {
  const config = await resolveConfig(runOptions(dir));
  return buildIrFromInputs(await collectInputs(config));
}

/** Verdicts of a batch, in order. `batchDir` holds the batch's tsconfig. */
export async function judgeBatch(
  batchDir: string,
  mutants: readonly Mutant[],
  options: BatchOptions = {},
): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  let started = performance.now();
  const lap = (stage: string) => {
    if (process.env['FUZZ_PROFILE']) console.log(`profile: ${stage} ${(performance.now() - started).toFixed(0)} ms`);
    started = performance.now();
  };
  for (const mutant of mutants) {
    if (options.config !== undefined) await writeFile(join(mutant.dir, CONFIG_FILE), options.config);
    const verdict = await generateOne(mutant);
    if (verdict.kind === 'valid' && options.afterCheck) {
      try {
        await options.afterCheck(mutant);
      } catch (error) {
        verdicts.push({ kind: 'failed', stage: 'after check', detail: (error as Error).stack ?? String(error) });
        continue;
      }
    }
    verdicts.push(verdict);
  }
  lap('generate+check+openapi');
  const valid = mutants.filter((_, index) => verdicts[index]?.kind === 'valid');
  if (valid.length === 0) return verdicts;
  const dirs = valid.map((mutant) => mutant.dir);
  let typeErrors = new Map<string, string[]>();
  if (options.typeCheck !== false) {
    const dropped = await dropSharedRuntime(dirs);
    typeErrors = await typeCheck(batchDir, dirs, options.compilerOptions ?? {}, options.compiler ?? TSC);
    await linkSharedRuntime(dirs[0] as string, dropped);
    lap(`tsc ${valid.length}`);
  }
  const serve = options.serve ?? ((_: Mutant, outDir: string, ir: Ir) => serveAndProbe(outDir, ir));
  for (const [index, mutant] of mutants.entries()) {
    if (verdicts[index]?.kind !== 'valid') continue;
    const errors = typeErrors.get(mutant.dir);
    if (errors) {
      verdicts[index] = { kind: 'failed', stage: 'tsc', detail: errors.slice(0, 20).join('\n') };
      continue;
    }
    try {
      const problem = await serve(mutant, join(mutant.dir, 'out'), await irOf(mutant.dir));
      if (problem) verdicts[index] = { kind: 'failed', stage: 'serve', detail: problem };
    } catch (error) {
      verdicts[index] = { kind: 'failed', stage: 'serve', detail: (error as Error).stack ?? String(error) };
    }
  }
  lap('serve');
  return verdicts;
}

/**
 * Every mutant's out/runtime is the same support code; checking it again for each mutant was about
 * 40% of tsc's time (10 shop mutants: 16 s of CPU, 9.4 s shared). Once each mutant has passed check,
 * those whose runtime equals the first's lose theirs: tsc finds the first's through rootDirs. The
 * mutants that lost it (returned).
 */
async function dropSharedRuntime(dirs: readonly string[]): Promise<string[]> {
  const [first, ...others] = dirs;
  if (first === undefined) return [];
  const shared = join(first, 'out', 'runtime');
  const files = await runtimeFiles(shared);
  const texts = await Promise.all(files.map((file) => readFile(join(shared, file), 'utf8')));
  const dropped: string[] = [];
  for (const dir of others) {
    const runtime = join(dir, 'out', 'runtime');
    const own = await runtimeFiles(runtime);
    if (own.join() !== files.join()) continue;
    const same = await Promise.all(
      files.map(async (file, index) => (await readFile(join(runtime, file), 'utf8')) === texts[index]),
    );
    if (!same.every(Boolean)) continue;
    await rm(runtime, { recursive: true });
    dropped.push(dir);
  }
  return dropped;
}

/** The files of a runtime folder and its subfolders, by their paths inside it, sorted. */
async function runtimeFiles(runtime: string): Promise<string[]> {
  const entries = await readdir(runtime, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(runtime, join(entry.parentPath, entry.name)))
    .sort();
}

/** Node follows links to real paths: the mutants served share the first's runtime modules. */
async function linkSharedRuntime(first: string, dropped: readonly string[]): Promise<void> {
  for (const dir of dropped) await symlink(join(first, 'out', 'runtime'), join(dir, 'out', 'runtime'), 'dir');
}

const COMPILER_OPTIONS = { ...ESM_STRICT_INDEXED, typeRoots: TYPE_ROOTS };

/** One tsc run over the outputs of `dirs`: error lines per mutant folder. */
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

async function typeCheck(
  batchDir: string,
  dirs: readonly string[],
  extra: Readonly<Record<string, unknown>>,
  compiler: string,
): Promise<Map<string, string[]>> {
  const project = join(batchDir, 'tsconfig.json');
  const outs = dirs.map((dir) => `${relative(batchDir, dir).split(sep).join('/')}/out`);
  // rootDirs: a mutant's ../runtime import finds the shared one when its own was dropped.
  const compilerOptions = { ...COMPILER_OPTIONS, ...extra, rootDirs: outs };
  await writeFile(project, JSON.stringify({ compilerOptions, include: outs.map((out) => `${out}/**/*.ts`) }, null, 2));
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [compiler, '-p', project, '--pretty', 'false'], { cwd: batchDir });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve(code === 0 || text.trim() !== '' ? text : `the type checker ended with code ${code}`),
    );
  });
  const byDir = new Map<string, string[]>();
  const prefixes = dirs.map((dir) => relative(batchDir, dir).split(sep).join('/') + '/');
  // Output that names no mutant (the checker itself failing) fails every mutant of the batch.
  if (output.trim() !== '' && !output.split('\n').some((line) => prefixes.some((prefix) => line.startsWith(prefix)))) {
    for (const dir of dirs) byDir.set(dir, output.split('\n').slice(0, 20));
    return byDir;
  }
  let key = dirs[0] ?? batchDir;
  for (const line of output.split('\n').filter(Boolean)) {
    // Continuation lines (indented) belong to the error above them.
    if (!line.startsWith(' '))
      key = dirs.find((dir) => line.startsWith(relative(batchDir, dir).split(sep).join('/') + '/')) ?? key;
    byDir.set(key, [...(byDir.get(key) ?? []), line]);
  }
  return byDir;
}
