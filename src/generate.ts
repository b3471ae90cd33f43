// The pipeline, top to bottom:
//   definitions/*.yaml ─load─▶ documents with positions ─validate─▶ diagnostics ─build─▶ IR
//   ─emit─▶ files in memory ─format─▶ prettier (cached) ─write | check─▶ the output folder
//   (+ the output folder's linguist-generated line in .gitattributes)
// `generate` and `check` share everything up to the last step; only writeOutput touches the disk.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig, type ConfigOverrides, type ResolvedConfig } from './config.js';
import { DefinitionsError, sortDiagnostics, type Diagnostic } from './definitions/diagnostics.js';
import { displayPath } from './definitions/load.js';
import type { GeneratedFile, TemplateFile } from './emitters/contract.js';
import { EMITTERS } from './emitters/index.js';
import { prepareEmitWorker, runEmitters, type PreparedWorker } from './emitters/run-emitters.js';
import { startMemo, usedMemo } from './emitters/shared/memo.js';
import { collectInputs, TEMPLATES_DIR, type RunInputs } from './inputs.js';
import { compareCodePoints } from './ir/names.js';
import type { Ir } from './ir/types.js';
import { compareOutput, hasDrift, type Drift } from './output/check.js';
import { formatFiles, type FormattedFile } from './output/format.js';
import { withHeader } from './output/header.js';
import { sha256 } from './output/hash.js';
import { buildManifest, readManifest, type Manifest } from './output/manifest.js';
import { ensureLinguistGenerated, type GitattributesOutcome } from './output/gitattributes.js';
import { readMemo, writeMemo, type MemoLocation } from './output/memo-file.js';
import { readOutputStats, statFile, writeOutputStats } from './output/output-stats.js';
import { recoverInterruptedWrite, writeOutput, type KnownUnchanged } from './output/write.js';
import { generatorFingerprint } from './version.js';

export interface RunOptions extends ConfigOverrides {
  /** Use the format cache (default true). */
  readonly cache?: boolean;
  /** Keep "<output>/** linguist-generated=true" in the working directory's .gitattributes (default true). */
  readonly gitattributes?: boolean;
}

export type GenerateResult =
  | {
      readonly ok: true;
      readonly outDir: string;
      readonly written: readonly string[];
      readonly deleted: readonly string[];
      readonly upToDate: boolean;
      /** The .gitattributes step; undefined when the output was up to date (a run with nothing to do touches nothing). */
      readonly gitattributes: GitattributesOutcome | undefined;
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export type CheckResult =
  | { readonly ok: true; readonly outDir: string; readonly drift: Drift; readonly upToDate: boolean }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export async function generate(options: RunOptions = {}): Promise<GenerateResult> {
  return withDiagnostics(async () => {
    const config = await resolveConfig(options);
    const inputs = await collectInputs(config);
    await recoverInterruptedWrite(config.outDir);
    const cacheDir = cacheDirOf(options);
    if (await isUpToDate(config.outDir, inputs, cacheDir)) return { ok: true, outDir: config.outDir, written: [], deleted: [], upToDate: true, gitattributes: undefined };
    const { files, manifest, finished } = await buildOutput(config, inputs, options);
    try {
      const summary = await writeOutput(config.outDir, files, manifest, cacheDir ? await knownUnchangedIn(cacheDir, config.outDir) : undefined);
      if (cacheDir) await writeOutputStats(cacheDir, config.outDir, manifest.files);
      const gitattributes = options.gitattributes === false ? 'skipped' : await ensureLinguistGenerated(options.cwd ?? process.cwd(), config.outDir);
      return { ok: true, outDir: config.outDir, written: summary.written, deleted: summary.deleted, upToDate: summary.unchanged, gitattributes };
    } finally {
      await finished;
    }
  });
}

export async function check(options: RunOptions = {}): Promise<CheckResult> {
  return withDiagnostics(async () => {
    const config = await resolveConfig(options);
    const inputs = await collectInputs(config);
    const { files, finished } = await buildOutput(config, inputs, options);
    const drift = await compareOutput(config.outDir, files).finally(() => finished);
    return { ok: true, outDir: config.outDir, drift, upToDate: !hasDrift(drift) };
  });
}

/** The output in memory, and a promise that settles once the run's helper thread has ended. */
interface BuiltOutput {
  readonly files: FormattedFile[];
  readonly manifest: Manifest;
  /** Await before returning: the emitter worker saves its memo share while the output is written. */
  readonly finished: Promise<void>;
}

async function buildOutput(config: ResolvedConfig, inputs: RunInputs, options: RunOptions): Promise<BuiltOutput> {
  const cacheDir = cacheDirOf(options);
  const memo: MemoLocation | 'off' = cacheDir ? { cacheDir, generator: generatorFingerprint() } : 'off';
  // Started first, so the worker loads its modules and its memo share while the definitions are parsed.
  const worker = prepareEmitWorker(inputs.definitions.reduce((sum, source) => sum + source.bytes.byteLength, 0), memo);
  try {
    return { ...(await buildOutputWith(config, inputs, options, worker, memo)), finished: worker ? worker.finish() : Promise.resolve() };
  } catch (error) {
    await worker?.finish();
    throw error;
  }
}

async function buildOutputWith(config: ResolvedConfig, inputs: RunInputs, options: RunOptions, worker: PreparedWorker | undefined, memo: MemoLocation | 'off'): Promise<Omit<BuiltOutput, 'finished'>> {
  // The loader, the definitions schema and zod load only when there is something to build.
  const { buildIrFromInputs } = await import('./build-ir.js');
  // Before the IR: definitions are checked entry by entry, remembered (validate-by-entry.ts).
  startMemo(memo === 'off' ? 'off' : await readMemo(memo, 'main'));
  const ir = buildIrFromInputs(inputs, { cacheDir: memo === 'off' ? undefined : join(memo.cacheDir, 'definitions') });
  // This thread's memo share is saved while the worker, if any, is still at work.
  const saveMemo = () => (memo === 'off' ? Promise.resolve() : writeMemo(memo, 'main', usedMemo()));
  const emitted = await emitAll(ir, config, inputs, options.cwd ?? process.cwd(), worker, saveMemo);
  const files = await formatFiles(emitted, { cacheDir: memo === 'off' ? undefined : memo.cacheDir });
  return { files, manifest: buildManifest(generatorFingerprint(), inputs.hash, files) };
}

async function emitAll(ir: Ir, config: ResolvedConfig, inputs: RunInputs, cwd: string, worker: PreparedWorker | undefined, whileWaiting: () => Promise<void>): Promise<GeneratedFile[]> {
  const enabled = EMITTERS.filter((entry) => config.emitters[entry.name] !== false);
  const byEmitter = await runEmitters(enabled, { ir, runtimeFiles: inputs.runtimeFiles, templates: mergeTemplates(inputs, config, cwd) }, worker, { whileWaiting });
  return enabled.flatMap((entry) => (byEmitter.get(entry.name) ?? []).map((file) => ({ ...file, content: withHeader(file.path, file.content, file.source) })));
}

/** svcgen's templates with the user's folder laid over them: a user file replaces ours of the same name. */
function mergeTemplates(inputs: RunInputs, config: ResolvedConfig, cwd: string): TemplateFile[] {
  const merged = new Map<string, TemplateFile>();
  for (const template of inputs.templates) merged.set(template.name, { ...template, file: displayPath(join(TEMPLATES_DIR, template.name), cwd) });
  for (const template of inputs.userTemplates) merged.set(template.name, { ...template, file: displayPath(join(config.templatesDir ?? '', template.name), cwd) });
  return [...merged.keys()].sort(compareCodePoints).map((name) => merged.get(name) as TemplateFile);
}

/**
 * Same inputs as the last run, and every file it wrote still holds what it wrote. A file whose
 * stat is what it was when its hash was last known is not read again (src/output/output-stats.ts).
 */
async function isUpToDate(outDir: string, inputs: RunInputs, cacheDir: string | undefined): Promise<boolean> {
  if (inputs.diagnostics.length > 0) return false;
  const manifest = await readManifest(outDir);
  if (!manifest || manifest.inputHash !== inputs.hash || manifest.generator !== generatorFingerprint()) return false;
  const knownUnchanged = cacheDir ? await knownUnchangedIn(cacheDir, outDir) : undefined;
  let hashed = false;
  const unchanged = await Promise.all(
    Object.entries(manifest.files).map(async ([path, hash]) => {
      if (await knownUnchanged?.(path, hash)) return true;
      hashed = true;
      const text = await readFile(join(outDir, path), 'utf8').catch(() => undefined);
      return text !== undefined && sha256(text) === hash;
    }),
  );
  if (!unchanged.every(Boolean)) return false;
  if (cacheDir && hashed) await writeOutputStats(cacheDir, outDir, manifest.files);
  return true;
}

/** Output files whose recorded stat shows they still hold what the last run wrote. */
async function knownUnchangedIn(cacheDir: string, outDir: string): Promise<KnownUnchanged> {
  const known = await readOutputStats(cacheDir, outDir);
  return async (path, hash) => {
    const found = await statFile(join(outDir, path));
    return found !== undefined && known.knownHash(path, found) === hash;
  };
}

/** svcgen's cache folder, unless the run is told not to use caches. */
function cacheDirOf(options: RunOptions): string | undefined {
  return options.cache === false ? undefined : join(options.cwd ?? process.cwd(), 'node_modules', '.cache', 'svcgen');
}

async function withDiagnostics<T>(run: () => Promise<T>): Promise<T | { ok: false; diagnostics: readonly Diagnostic[] }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DefinitionsError) return { ok: false, diagnostics: sortDiagnostics(error.diagnostics) };
    throw error;
  }
}
