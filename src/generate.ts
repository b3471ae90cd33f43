// The pipeline, top to bottom:
//   definitions/*.yaml ─load─▶ documents with positions ─validate─▶ diagnostics ─build─▶ IR
//   ─emit─▶ files in memory ─format─▶ prettier (cached) ─write | check─▶ the output folder
//   (+ the output folder's linguist-generated line in .gitattributes)
// `generate` and `check` share everything up to the last step (build-output.ts, loaded only when
// there is something to build); only output/write.ts touches the output folder.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig, type ConfigOverrides, type ResolvedConfig } from './config.js';
import type { BuiltOutput, FinishedFile } from './build-output.js';
import { DefinitionsError, sortDiagnostics, type Diagnostic } from './definitions/diagnostics.js';
import { collectInputs, type RunInputs } from './inputs.js';
import { compareOutput, hasDrift, type Drift } from './output/check.js';
import type { GitattributesOutcome } from './output/gitattributes.js';
import { sha256 } from './output/hash.js';
import { manifestText, readManifest } from './output/manifest.js';
import { withOpenFile } from './output/open-limit.js';
import { usableOutDir } from './output/out-dir.js';
import { readOutputStats, statFile, writeOutputStats } from './output/output-stats.js';
import { readRunRecord, writeRunRecord } from './output/run-record.js';
import { recoverInterruptedWrite, StagedOutput, type KnownUnchanged } from './output/write.js';
import { generatorFingerprint, loadGeneratorFingerprint } from './version.js';

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
      /**
       * The .gitattributes step; undefined when the output was up to date (a run with nothing to do touches nothing).
       */
      readonly gitattributes: GitattributesOutcome | undefined;
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export type CheckResult =
  | { readonly ok: true; readonly outDir: string; readonly drift: Drift; readonly upToDate: boolean }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export async function generate(options: RunOptions = {}): Promise<GenerateResult> {
  return withDiagnostics(async () => {
    const { config, cacheDir, inputs, outDir } = await startRun(options);
    await recoverInterruptedWrite(outDir);
    if (await isUpToDate(outDir, inputs, cacheDir)) return { ok: true, outDir: config.outDir, written: [], deleted: [], upToDate: true, gitattributes: undefined };
    const { buildOutput } = await import('./build-output.js');
    // The next tree is staged while the build runs: each file is written (or linked) as soon as it is finished.
    const lastRun = cacheDir ? (await readRunRecord(cacheDir, outDir))?.files : undefined;
    const staging = StagedOutput.open(outDir, cacheDir ? await knownUnchangedIn(cacheDir, outDir) : undefined, lastRun);
    // A staging folder that cannot be made is reported once, where the run awaits it (commit).
    staging.catch(() => undefined);
    const stage = (finished: readonly FinishedFile[]) => void staging.then((staged) => finished.forEach((file) => staged.add(file, file.hash)), () => undefined);
    let built: BuiltOutput;
    try {
      built = await buildOutput(config, inputs, cacheDir, stage);
    } catch (error) {
      await staging.then((staged) => staged.discard()).catch(() => undefined);
      throw error;
    }
    const { files, record, finished } = built;
    try {
      const summary = await (await staging).commit(files);
      if (cacheDir) await Promise.all([writeOutputStats(cacheDir, outDir, record.files), writeRunRecord(cacheDir, outDir, record)]);
      const gitattributes = options.gitattributes === false ? 'skipped' : await markGenerated(config.cwd, config.outDir);
      return { ok: true, outDir: config.outDir, written: summary.written, deleted: summary.deleted, upToDate: summary.unchanged, gitattributes };
    } finally {
      await finished;
    }
  });
}

export async function check(options: RunOptions = {}): Promise<CheckResult> {
  return withDiagnostics(async () => {
    const { config, cacheDir, inputs, outDir } = await startRun(options);
    const { buildOutput } = await import('./build-output.js');
    const { files, finished } = await buildOutput(config, inputs, cacheDir);
    const drift = await compareOutput(outDir, files).finally(() => finished);
    return { ok: true, outDir: config.outDir, drift, upToDate: !hasDrift(drift) };
  });
}

interface RunStart {
  readonly config: ResolvedConfig;
  readonly cacheDir: string | undefined;
  readonly inputs: RunInputs;
  /** The folder really written: config.outDir, or the folder it links to. */
  readonly outDir: string;
}

/**
 * What generate and check both start from: the config, the output folder, the cache folder, and every input read and
 * hashed.
 */
async function startRun(options: RunOptions): Promise<RunStart> {
  const config = await resolveConfig(options);
  const outDir = await usableOutDir(config);
  const cacheDir = cacheDirOf(options, config);
  // Before the inputs are hashed: the hash includes the fingerprint.
  await loadGeneratorFingerprint(cacheDir);
  return { config, cacheDir, inputs: await collectInputs(config), outDir };
}

/**
 * Same inputs as the last run recorded in the cache, the manifest lists the files it wrote, and
 * every one still holds what it wrote. A file whose stat is what it was when its hash was last
 * known is not read again (src/output/output-stats.ts). Without the cache, a run always builds.
 */
async function isUpToDate(outDir: string, inputs: RunInputs, cacheDir: string | undefined): Promise<boolean> {
  if (inputs.diagnostics.length > 0 || !cacheDir) return false;
  const [record, manifest] = await Promise.all([readRunRecord(cacheDir, outDir), readManifest(outDir)]);
  if (!record || record.inputHash !== inputs.hash || record.generator !== generatorFingerprint()) return false;
  if (manifest?.text !== manifestText(Object.keys(record.files))) return false;
  const knownUnchanged = await knownUnchangedIn(cacheDir, outDir);
  let hashed = false;
  const unchanged = await Promise.all(
    Object.entries(record.files).map(async ([path, hash]) => {
      if (await knownUnchanged(path, hash)) return true;
      hashed = true;
      const text = await withOpenFile(() => readFile(join(outDir, path), 'utf8')).catch(() => undefined);
      return text !== undefined && sha256(text) === hash;
    }),
  );
  if (!unchanged.every(Boolean)) return false;
  if (hashed) await writeOutputStats(cacheDir, outDir, record.files);
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

/** Only a run that wrote touches .gitattributes, so only it loads that step (and child_process). */
async function markGenerated(cwd: string, outDir: string): Promise<GitattributesOutcome> {
  const { ensureLinguistGenerated } = await import('./output/gitattributes.js');
  return ensureLinguistGenerated(cwd, outDir);
}

/** svcgen's cache folder, in the project folder, unless the run is told not to use caches. */
function cacheDirOf(options: RunOptions, config: ResolvedConfig): string | undefined {
  return options.cache === false ? undefined : join(config.cwd, 'node_modules', '.cache', 'svcgen');
}

async function withDiagnostics<T>(run: () => Promise<T>): Promise<T | { ok: false; diagnostics: readonly Diagnostic[] }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DefinitionsError) return { ok: false, diagnostics: sortDiagnostics(error.diagnostics) };
    throw error;
  }
}
