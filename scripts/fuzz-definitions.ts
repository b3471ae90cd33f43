// The definitions mutation fuzzer: `npm run fuzz:definitions -- --mutants N --seed S [--batch B] [--only I]`.
// Mutates the seed definitions and a small synthetic interface, then judges every mutant
// (scripts/fuzz-definitions/pipeline.ts): an invalid one must get located one-line diagnostics and
// leave its output alone; a valid one must generate, pass check, validate its OpenAPI, type-check
// under strict options, import and serve. Failed mutants' folders are kept and named; the last line
// is `mutants: N tried, V valid, I invalid, F failed`, and the exit code is 1 when F > 0. `--only I` judges
// mutant I of the seed alone (the index a FAILED line names), to reproduce it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { common, shop } from '../test/reliability/definition-builders.js';
import { removeFolder, workFolder, writeMutant } from './fuzz-definitions/cases.js';
import { catastrophicPatternsIn, mutate, random, type Json } from './fuzz-definitions/mutate.js';
import { judgeBatch, ROOT, type Mutant, type Verdict } from './fuzz-definitions/pipeline.js';

export interface FuzzOptions {
  readonly mutants: number;
  readonly seed: number;
  readonly batch: number;
  /** Judge only this mutant of the seed. */
  readonly only?: number | undefined;
  readonly log: (line: string) => void;
}

export interface FuzzSummary {
  readonly tried: number;
  readonly valid: number;
  readonly invalid: number;
  readonly failed: number;
}

async function seedDocuments(): Promise<Record<string, Json>> {
  const folder = join(ROOT, 'definitions');
  const documents: Record<string, Json> = {};
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.yaml')).sort()) {
    documents[file] = parse(await readFile(join(folder, file), 'utf8')) as Json;
  }
  return documents;
}

/** The documents one mutant starts from: the synthetic shop (most often) or one seed interface with shared.yaml. */
function baseFor(rng: () => number, seeds: Record<string, Json>): Record<string, Json> {
  if (rng() < 0.7) return { 'shop.yaml': shop() as Json, 'common.yaml': common() as Json };
  const interfaces = Object.keys(seeds).filter((file) => file !== 'shared.yaml');
  const file = interfaces[Math.floor(rng() * interfaces.length)] as string;
  return structuredClone({ [file]: seeds[file] as Json, 'shared.yaml': seeds['shared.yaml'] as Json });
}

/**
 * A mutant holding a catastrophic pattern must not generate, and once the checks across files ran it
 * must get SVC108. Reading and schema problems (SVC0xx, SVC1xx, and SVC214 for a "__proto__" key,
 * found while reading) stop the run before those checks.
 */
function withReDoSVerdict(verdict: Verdict, patterns: readonly string[]): Verdict {
  if (patterns.length === 0 || verdict.kind === 'failed') return verdict;
  const shown = patterns.map((pattern) => JSON.stringify(pattern)).join(', ');
  if (verdict.kind === 'valid')
    return { kind: 'failed', stage: 'redos', detail: `generated with pattern ${shown} and no SVC108` };
  const crossChecksRan = verdict.codes.every(
    (code) => (code.startsWith('SVC2') && code !== 'SVC214') || code === 'SVC108',
  );
  if (crossChecksRan && !verdict.codes.includes('SVC108'))
    return { kind: 'failed', stage: 'redos', detail: `pattern ${shown}: ${verdict.codes.join(', ')} but no SVC108` };
  return verdict;
}

export async function fuzzDefinitions(options: FuzzOptions): Promise<FuzzSummary> {
  const seeds = await seedDocuments();
  const work = await workFolder('fuzz');
  const counts = { tried: 0, valid: 0, invalid: 0, failed: 0 };
  let keepWork = false;
  const [first, end] = options.only === undefined ? [0, options.mutants] : [options.only, options.only + 1];
  for (let start = first; start < end; start += options.batch) {
    const batchDir = join(work, `batch${start}`);
    const mutants: Mutant[] = [];
    const catastrophic: string[][] = [];
    for (let index = start; index < Math.min(start + options.batch, end); index += 1) {
      const rng = random(options.seed * 1_000_003 + index);
      const documents = baseFor(rng, seeds);
      const applied = mutate(documents, rng);
      catastrophic.push(catastrophicPatternsIn(documents));
      mutants.push(
        await writeMutant(
          join(batchDir, `mutant${index}`),
          documents as Record<string, unknown>,
          `mutant ${index}: ${applied.join('; ')}`,
        ),
      );
    }
    const verdicts = (await judgeBatch(batchDir, mutants)).map((verdict, index) =>
      withReDoSVerdict(verdict, catastrophic[index] ?? []),
    );
    for (const [index, verdict] of verdicts.entries()) {
      const mutant = mutants[index] as Mutant;
      counts.tried += 1;
      counts[verdict.kind] += 1;
      if (verdict.kind === 'invalid' && (catastrophic[index] ?? []).length > 0)
        options.log(
          `redos: ${mutant.label.split(':')[0]} held ${catastrophic[index]!.join(', ')}: ${verdict.codes.join(', ')}`,
        );
      if (verdict.kind === 'failed') {
        keepWork = true;
        options.log(
          `FAILED seed ${options.seed} ${mutant.label}\n  definitions: ${join(mutant.dir, 'definitions')}\n  stage ${verdict.stage}: ${verdict.detail.split('\n').join('\n    ')}`,
        );
      }
    }
    if (!keepWork) await removeFolder(batchDir);
    options.log(`… ${counts.tried} tried`);
  }
  if (!keepWork) await removeFolder(work);
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      mutants: { type: 'string', default: '100' },
      seed: { type: 'string', default: '1' },
      batch: { type: 'string', default: '50' },
      only: { type: 'string' },
    },
  });
  const started = Date.now();
  const summary = await fuzzDefinitions({
    mutants: Number(values.mutants),
    seed: Number(values.seed),
    batch: Number(values.batch),
    only: values.only === undefined ? undefined : Number(values.only),
    log: (line) => console.log(line),
  });
  console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `mutants: ${summary.tried} tried, ${summary.valid} valid, ${summary.invalid} invalid, ${summary.failed} failed`,
  );
  process.exitCode = summary.failed > 0 ? 1 : 0;
}
