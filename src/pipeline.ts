// The whole run, top to bottom:
//
//   definitions/*.yaml ─load─▶ documents with positions ─validate─▶ diagnostics (all at once)
//                      ─build─▶ IR ─emit─▶ files in memory ─finish─▶ header, line ends, hash
//                      ─write | check─▶ the output folder (output/write.ts, the only writer)
//
// `generate` and `check` share everything up to the last step. What a run remembers from earlier
// runs sits behind one RunCache (src/incremental/run-cache.ts), used at the seams below and
// nowhere else; --no-cache passes `noCache`, which remembers nothing.
import { join } from 'node:path';
import { resolveConfig, type ConfigOverrides, type ResolvedConfig } from './config.js';
import { withDiagnostics, type Diagnostic } from './definitions/diagnostics.js';
import { displayPath } from './definitions/sources.js';
import type { EmittedFile, TemplateFile } from './emitters/contract.js';
import { EMITTERS, emitterEnabled } from './emitters/index.js';
import { diskCache } from './incremental/disk-cache.js';
import type { StampedPaths } from './incremental/noop-stamp.js';
import { noCache, type RunCache } from './incremental/run-cache.js';
import { collectInputs, TEMPLATES_DIR, type RunInputs } from './inputs.js';
import { compareCodePoints } from './ir/names.js';
import type { Ir } from './ir/types.js';
import type { Drift } from './output/check.js';
import type { GitattributesOutcome } from './output/gitattributes.js';
import { sha256 } from './output/hash.js';
import { usableOutDir } from './output/out-dir.js';
import { recoverInterruptedWrite, writeOutput, type FinishedFile } from './output/write.js';

export interface RunOptions extends ConfigOverrides {
  /** Remember results between runs (default true); false is --no-cache. */
  readonly cache?: boolean;
  /** Keep "<output>/** linguist-generated=true" in the working directory's .gitattributes (default true). */
  readonly gitattributes?: boolean;
  /** Called when a run finds it has to build, before the build steps load (the CLI sets V8's tiering there). */
  readonly beforeBuild?: () => Promise<void>;
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
      /** With caches on: where the cache is and what the run depended on, for the CLI's no-op stamp. */
      readonly stamp: { readonly cacheDir: string; readonly paths: StampedPaths } | undefined;
      /** Located lines about what the output needs that the project lacks (output/peer-warnings.ts). */
      readonly warnings: readonly string[];
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export type CheckResult =
  | { readonly ok: true; readonly outDir: string; readonly drift: Drift; readonly upToDate: boolean }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export async function generate(options: RunOptions = {}): Promise<GenerateResult> {
  return withDiagnostics(async () => {
    const { config, outDir, inputs, cache, cacheDir } = await startRun(options);
    await recoverInterruptedWrite(outDir);
    // What a later identical command checks by stat alone before loading anything (noop-stamp.ts).
    const stamp = async (outputs: readonly string[]) => {
      if (options.cache === false) return undefined;
      const { stampedPaths } = await import('./incremental/stamp-paths.js');
      return { cacheDir, paths: stampedPaths(options.cwd ?? process.cwd(), config, outDir, outputs) };
    };
    if (await cache.upToDate(inputs)) {
      const outputs = Object.keys((await cache.lastRun()) ?? {});
      const upToDate = { written: [], deleted: [], upToDate: true, gitattributes: undefined, warnings: [] };
      return { ok: true, outDir: config.outDir, ...upToDate, stamp: await stamp(outputs) };
    }
    await options.beforeBuild?.();
    const { files, warnings } = await build(config, inputs, cache, outDir);
    const summary = await writeOutput(outDir, files, {
      knownUnchanged: cache.knownUnchanged,
      lastRun: await cache.lastRun(),
    });
    await cache.save(inputs, files);
    // Only a run that wrote touches .gitattributes, so only it loads that step (and child_process).
    const { ensureLinguistGenerated } = await import('./output/gitattributes.js');
    const gitattributes =
      options.gitattributes === false ? 'skipped' : await ensureLinguistGenerated(config.cwd, config.outDir);
    const stamped = await stamp(files.map((file) => file.path));
    return { ok: true, outDir: config.outDir, ...summary, gitattributes, stamp: stamped, warnings };
  });
}

/** `generate` in memory, compared with the output folder: never a second code path. */
export async function check(options: RunOptions = {}): Promise<CheckResult> {
  return withDiagnostics(async () => {
    const { config, outDir, inputs, cache } = await startRun(options);
    const { compareOutput } = await import('./output/check.js');
    const drift = await compareOutput(outDir, (await build(config, inputs, cache, outDir)).files);
    const upToDate = Object.values(drift).every((found) => found.length === 0);
    return { ok: true, outDir: config.outDir, drift, upToDate };
  });
}

/** Load, validate, build the IR, emit, finish: the output in memory. */
async function build(
  config: ResolvedConfig,
  inputs: RunInputs,
  cache: RunCache,
  outDir: string,
): Promise<{ files: FinishedFile[]; warnings: string[] }> {
  // Loaded here, not at the top: a run with nothing to do loads none of the build steps (each module
  // loaded costs a no-op run about a millisecond), nor the parser, zod or the emitters.
  const [{ buildIrFromInputs }, { keepUsedRuntime }, { assembleFiles }, { formatFiles }, { withHeader }, memo] =
    await Promise.all([
      import('./build-ir.js'),
      import('./emitters/runtime/used-modules.js'),
      import('./incremental/render-parts.js'),
      import('./output/format.js'),
      import('./output/header.js'),
      cache.memo(),
    ]);
  const ir = await buildIrFromInputs(inputs, memo);
  // Of the runtime, only the modules the output imports, and the shared stores the config asks for.
  const stores = config.stores.map((store) => `runtime/stores/stores-${store}.ts`);
  // Emitted parts rendered, or found rendered by an earlier run, and assembled into files.
  const emitted = keepUsedRuntime(assembleFiles(await emit(ir, config, inputs), memo), stores);
  const formatted = await formatFiles(
    emitted.map((file) => ({ ...file, content: withHeader(file.path, file.content, file.source) })),
  );
  const files = formatted.map((file) => ({ ...file, hash: sha256(file.content) }));
  const { peerWarnings } = await import('./output/peer-warnings.js');
  return {
    files,
    warnings: peerWarnings(
      ir,
      outDir,
      files.map((file) => file.path),
    ),
  };
}

/** Every enabled emitter over the IR, in registry order. */
async function emit(ir: Ir, config: ResolvedConfig, inputs: RunInputs): Promise<EmittedFile[]> {
  const context = {
    ir,
    runtimeFiles: inputs.runtimeFiles,
    templates: mergeTemplates(inputs, config),
    openapi: config.openapi,
  };
  const files: EmittedFile[] = [];
  for (const entry of EMITTERS)
    if (emitterEnabled(entry, config.emitters)) files.push(...(await (await entry.load())(context)));
  return files;
}

/** The config, the output folder, every input read and hashed, and the run's cache. */
async function startRun(options: RunOptions) {
  const config = await resolveConfig(options);
  // The folder really written: config.outDir, or the folder it links to.
  const outDir = await usableOutDir(config);
  // svcgen's cache, in the project's node_modules/.cache/svcgen.
  const cacheDir = join(config.cwd, 'node_modules', '.cache', 'svcgen');
  const cache = options.cache === false ? noCache : await diskCache(cacheDir, outDir);
  return { config, outDir, inputs: await collectInputs(config), cache, cacheDir };
}

/** svcgen's templates with the user's folder laid over them: a user file replaces ours of the same name. */
function mergeTemplates(inputs: RunInputs, config: ResolvedConfig): TemplateFile[] {
  const merged = new Map<string, TemplateFile>();
  for (const template of inputs.templates)
    merged.set(template.name, {
      ...template,
      file: displayPath(join(TEMPLATES_DIR, template.name), config.cwd),
      own: true,
    });
  for (const template of inputs.userTemplates)
    merged.set(template.name, {
      ...template,
      file: displayPath(join(config.templatesDir ?? '', template.name), config.cwd),
    });
  return [...merged.keys()].sort(compareCodePoints).map((name) => merged.get(name) as TemplateFile);
}
