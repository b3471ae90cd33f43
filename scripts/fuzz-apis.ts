// The API fuzzer: `npm run fuzz:apis -- --apis N --seed S [--batch B] [--calls C] [--shrink-seconds T] [--only I]`.
// fast-check draws N random valid definitions (scripts/fuzz-apis/definitions.ts); each batch is
// generated and judged by the definitions fuzzer's pipeline (generate, check, OpenAPI validation,
// one tsc run under the strictest options for the whole batch, plus openapi-typescript's types of
// each document), then served and driven by the generated client and by openapi-fetch
// (scripts/fuzz-apis/drive.ts). The opt-in react-query and msw emitters are on: their hooks and
// handlers are in the strict compile, and every route's MSW answer is judged by the document
// (scripts/fuzz-apis/mocks.ts). A failing API is shrunk by fast-check to a minimal definitions
// file, printed with the seed. The last line is `apis: N tried, P passed`; the exit code is 1 when
// any failed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import openapiTS, { astToString } from 'openapi-typescript';
import { stringify } from 'yaml';
import { removeFolder, workFolder, writeMutant } from './fuzz-definitions/cases.js';
import { judgeBatch, ROOT, type BatchOptions, type Mutant, type Verdict } from './fuzz-definitions/pipeline.js';
import { definitionsArbitrary } from './fuzz-apis/definitions.js';
import { driveApi } from './fuzz-apis/drive.js';
import { checkMocks } from './fuzz-apis/mocks.js';

export interface FuzzApisOptions {
  readonly apis: number;
  readonly seed: number;
  readonly batch: number;
  /** Calls per route and client. */
  readonly calls: number;
  /** How long fast-check may shrink one failure; 0 reports it unshrunk. */
  readonly shrinkSeconds: number;
  /** Judge only the API of this index among the N drawn (to re-run one failure of a seed). */
  readonly only?: number | undefined;
  readonly log: (line: string) => void;
}

export interface FuzzApisSummary {
  readonly tried: number;
  readonly passed: number;
  /** Per failure: the minimal definitions file's path. */
  readonly failures: readonly string[];
}

/** TypeScript 7's checker: the same diagnostics as tsc 5.9 on this code, in a fraction of the time. */
const TSGO = join(ROOT, 'node_modules/@typescript/native-preview/bin/tsgo');

/** The strictest options a team may compile with, beyond the pipeline's strict ones (issue 20 item 5). */
const STRICTEST = { noPropertyAccessFromIndexSignature: true, verbatimModuleSyntax: true };

/** The opt-in front-end emitters, on for every API drawn: their files are compiled and the mocks asked (issue 36). */
const CONFIG = 'emitters:\n  react-query: true\n  msw: true\n';

/** What judgeBatch does for this fuzzer beyond the definitions fuzzer's checks. */
export function batchOptions(seed: number, calls: number, typeCheck = true): BatchOptions {
  return {
    config: CONFIG,
    compilerOptions: STRICTEST,
    typeCheck,
    compiler: TSGO,
    afterCheck: writeThirdPartyTypes,
    serve: async (_mutant, outDir, ir) => (await driveApi(outDir, ir, { seed, calls })) ?? checkMocks(outDir, ir),
  };
}

/**
 * openapi-typescript's types of each emitted document, and an openapi-fetch client typed by them,
 * so that the batch's tsc run also proves a third party can compile against the document.
 */
async function writeThirdPartyTypes(mutant: Mutant): Promise<void> {
  const out = join(mutant.dir, 'out');
  const { readdir } = await import('node:fs/promises');
  for (const entry of await readdir(out, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'runtime') continue;
    const file = join(out, entry.name, 'openapi.json');
    const document = JSON.parse(await readFile(file, 'utf8')) as Parameters<typeof openapiTS>[0];
    await mkdir(join(mutant.dir, 'third-party'), { recursive: true });
    await writeFile(join(out, entry.name, 'third-party-paths.ts'), astToString(await openapiTS(document)));
    await writeFile(
      join(out, entry.name, 'third-party-client.ts'),
      "import createClient from 'openapi-fetch';\nimport type { paths } from './third-party-paths.js';\n\nexport const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });\n",
    );
  }
}

/**
 * What makes two failures the same while shrinking: the stage, and the first two lines of the
 * detail without route numbers, values and quoted text, so that a shrink step that trades the
 * failure for another one is not taken.
 */
export function signature(stage: string, detail: string): string {
  const lines = detail.split('\n').slice(0, 2).join(' ');
  const text = lines
    .replace(/\b(list|get|create|update|remove|count)\d+\b/g, 'route')
    .replace(/(GET|POST|PATCH|PUT|DELETE) \S+/g, '$1')
    .replace(/"[^"]*"|\{.*\}|\[.*\]|-?\d+(\.\d+)?(e[-+]?\d+)?/g, '_')
    .replace(/ (input|handler returned|client got):.*$/, '');
  return `${stage}: ${text}`;
}

/** One API judged on its own (for shrinking). */
async function failsAlike(
  work: string,
  documents: Record<string, unknown>,
  stage: string,
  options: FuzzApisOptions,
  attempt: number,
): Promise<Verdict> {
  const dir = join(work, `shrink${attempt}`);
  const mutant = await writeMutant(dir, documents, 'shrink');
  const [verdict] = await judgeBatch(dir, [mutant], batchOptions(options.seed, options.calls, stage === 'tsc'));
  await removeFolder(dir);
  return verdict as Verdict;
}

/**
 * fast-check replays draw `index` of the run (its path) and shrinks it while the API still fails
 * at the same stage; the result is written as a definitions folder.
 */
async function shrink(
  work: string,
  index: number,
  stage: string,
  detail: string,
  options: FuzzApisOptions,
): Promise<{ file: string; detail: string }> {
  let attempt = 0;
  let lastDetail = detail;
  const wanted = signature(stage, detail);
  const property = fc.asyncProperty(definitionsArbitrary(), async (documents) => {
    attempt += 1;
    const verdict = await failsAlike(work, documents, stage, options, attempt);
    if (process.env['FUZZ_DEBUG'])
      console.log(
        `shrink step ${attempt}: ${verdict.kind === 'failed' ? signature(verdict.stage, verdict.detail) : verdict.kind}\n  wanted ${wanted}`,
      );
    if (verdict.kind === 'failed' && signature(verdict.stage, verdict.detail) === wanted) {
      lastDetail = verdict.detail;
      return false;
    }
    return true;
  });
  const result = await fc.check(property, {
    seed: options.seed,
    path: String(index),
    numRuns: 1,
    endOnFailure: false,
    // Each step generates and serves an API; a bounded search still gives a much smaller file.
    interruptAfterTimeLimit: options.shrinkSeconds * 1000,
    markInterruptAsFailure: false,
  });
  // No counterexample: the failure did not come back when the API was judged alone; keep it whole.
  const minimal = (result.counterexample?.[0] ??
    fc.sample(definitionsArbitrary(), { seed: options.seed, numRuns: index + 1 })[index]) as Record<string, unknown>;
  const folder = join(work, `minimal-${index}`, 'definitions');
  await mkdir(folder, { recursive: true });
  for (const [name, document] of Object.entries(minimal))
    await writeFile(join(folder, name), stringify(document, { lineWidth: 0 }));
  return { file: join(folder, Object.keys(minimal)[0] ?? ''), detail: lastDetail };
}

export async function fuzzApis(options: FuzzApisOptions): Promise<FuzzApisSummary> {
  // fc.sample with the run's seed draws exactly the values fc.check replays by path (see shrink).
  const drawn = fc.sample(definitionsArbitrary(), {
    seed: options.seed,
    numRuns: Math.max(options.apis, (options.only ?? -1) + 1),
  });
  const indices = drawn
    .map((_, index) => index)
    .filter((index) => options.only === undefined || index === options.only);
  const work = await workFolder('fuzz-apis');
  let passed = 0;
  const failures: string[] = [];
  for (let start = 0; start < indices.length; start += options.batch) {
    const batchDir = join(work, `batch${start}`);
    const mutants: Mutant[] = [];
    const batch = indices.slice(start, start + options.batch);
    for (const index of batch) {
      mutants.push(
        await writeMutant(join(batchDir, `api${index}`), drawn[index] as Record<string, unknown>, `api ${index}`),
      );
    }
    const verdicts = await judgeBatch(batchDir, mutants, batchOptions(options.seed, options.calls));
    for (const [offset, verdict] of verdicts.entries()) {
      const index = batch[offset] as number;
      if (verdict.kind === 'valid') {
        passed += 1;
        continue;
      }
      const stage = verdict.kind === 'failed' ? verdict.stage : 'rejected';
      const detail =
        verdict.kind === 'failed'
          ? verdict.detail
          : `svcgen rejected a definition the fuzzer meant to be valid: ${verdict.codes.join(', ')}`;
      options.log(`FAILED seed ${options.seed} api ${index} (stage ${stage}): ${detail.split('\n').join('\n    ')}`);
      if (verdict.kind === 'invalid') {
        failures.push((mutants[offset] as Mutant).dir);
        continue;
      }
      if (options.shrinkSeconds <= 0) {
        failures.push((mutants[offset] as Mutant).dir);
        continue;
      }
      const minimal = await shrink(work, index, stage, detail, options);
      failures.push(minimal.file);
      options.log(
        `  shrunk to ${minimal.file}:\n${(await readFile(minimal.file, 'utf8')).replace(/^/gm, '    ')}  failing with: ${minimal.detail.split('\n').join('\n    ')}`,
      );
    }
    if (failures.length === 0) await removeFolder(batchDir);
    options.log(`… ${start + batch.length} tried, ${passed} passed`);
  }
  if (failures.length === 0) await removeFolder(work);
  return { tried: indices.length, passed, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      apis: { type: 'string', default: '25' },
      seed: { type: 'string', default: '1' },
      batch: { type: 'string', default: '25' },
      calls: { type: 'string', default: '2' },
      'shrink-seconds': { type: 'string', default: '180' },
      only: { type: 'string' },
    },
  });
  const started = Date.now();
  const summary = await fuzzApis({
    apis: Number(values.apis),
    seed: Number(values.seed),
    batch: Number(values.batch),
    calls: Number(values.calls),
    shrinkSeconds: Number(values['shrink-seconds']),
    only: values.only === undefined ? undefined : Number(values.only),
    log: (line) => console.log(line),
  });
  console.log(`time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`apis: ${summary.tried} tried, ${summary.passed} passed`);
  process.exitCode = summary.failures.length > 0 ? 1 : 0;
}
