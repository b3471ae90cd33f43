// npm run import:corpus: each public document of the corpus imported, generated, compiled under the
// strictest options and compared operation by operation with the OpenAPI svcgen emits from it.
// Prints `operations faithful / operations` per document, then `import: F/N operations faithful over D documents`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { importDocument } from '../src/import/import.js';
import { generate } from '../src/pipeline.js';
import { STRICTEST, TYPE_ROOTS } from '../test/helpers/compiler-options.js';
import { compareOperation } from './import-corpus/compare.js';
import { PreparedDocument, type Json } from './import-corpus/documents.js';
import { CORPUS, openApiDirectoryFile } from './import-corpus/corpus.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const WORK = join(ROOT, 'node_modules/.cache/svcgen-import-corpus');
const only = process.argv.slice(2);
const verbose = process.env.IMPORT_CORPUS_VERBOSE === '1';

let faithfulTotal = 0;
let operationsTotal = 0;
let documents = 0;
let failures = 0;
for (const entry of CORPUS) {
  if (only.length > 0 && !only.includes(entry.id)) continue;
  const source = entry.file ?? openApiDirectoryFile(WORK, entry.directoryPath ?? '');
  const dir = join(WORK, entry.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const step = (what: string) =>
    verbose && process.stderr.write(`  ${entry.id}: ${what} (${Date.now() - started} ms)\n`);
  try {
    const imported = importDocument({ file: source, definitionsDir: join(dir, 'definitions'), name: entry.id });
    step(imported.report.summary());
    const result = await generate({
      definitionsDir: join(dir, 'definitions'),
      outDir: join(dir, 'generated'),
      cache: false,
      gitattributes: false,
      configFile: undefined,
    });
    if (!result.ok)
      throw new Error(
        `generate: ${result.diagnostics
          .slice(0, 5)
          .map((d) => `${d.code} ${d.message}`)
          .join('; ')}`,
      );
    step('generated');
    const compiled = typecheck(dir);
    step('compiled');
    const input = new PreparedDocument(readDocument(source));
    const output = new PreparedDocument(
      JSON.parse(readFileSync(join(dir, 'generated', entry.id, 'openapi.json'), 'utf8')) as Json,
    );
    let faithful = 0;
    const reasons = new Map<string, number>();
    for (const operation of input.operations.values()) {
      const problem = compareOperation(input, operation, output, 1);
      if (problem === undefined) faithful += 1;
      else {
        const kind = problem.replace(/:.*$/, '').replace(/\d{3}/, 'NNN');
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
        if (verbose) process.stderr.write(`    ${operation.key}: ${problem}\n`);
      }
    }
    step('compared');
    faithfulTotal += faithful;
    operationsTotal += input.operations.size;
    documents += 1;
    const why = [...reasons.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ');
    console.log(
      `${entry.id}: ${faithful} / ${input.operations.size} operations faithful; tsc ${compiled ? 'clean' : 'FAILED'}; ${imported.report.summary()}${why ? ` (not faithful: ${why})` : ''}`,
    );
    if (!compiled) failures += 1;
  } catch (error) {
    failures += 1;
    console.log(
      `${entry.id}: FAILED: ${error instanceof Error ? error.message.split('\n').slice(0, 6).join(' | ') : String(error)}`,
    );
  }
}
console.log(`import: ${faithfulTotal}/${operationsTotal} operations faithful over ${documents} documents`);
process.exitCode = failures > 0 ? 1 : 0;

function readDocument(path: string): Json {
  const text = readFileSync(path, 'utf8');
  return (/^\s*[{[]/.test(text) ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as Json;
}

/** tsgo (TypeScript 7) with the strictest options over the generated folder: true when clean. */
function typecheck(dir: string): boolean {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'import-corpus', private: true, type: 'module' }));
  const compilerOptions = { ...STRICTEST, typeRoots: TYPE_ROOTS };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['generated/**/*.ts'] }));
  const run = spawnSync(join(ROOT, 'node_modules/.bin/tsgo'), ['-p', join(dir, 'tsconfig.json')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) process.stderr.write(`${run.stdout.split('\n').slice(0, 10).join('\n')}\n`);
  return run.status === 0;
}

void existsSync;
void readdirSync;
void execFileSync;
