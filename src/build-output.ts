// The build half of a run: definitions → IR → emitted files → formatted output and its run record,
// in memory. Loaded by generate.ts only when the output is not already up to date, so a no-op run
// loads none of the parser, the emitters or the worker machinery.
import { join } from 'node:path';
import type { ResolvedConfig } from './config.js';
import { displayPath } from './definitions/sources.js';
import type { GeneratedFile, TemplateFile } from './emitters/contract.js';
import { EMITTERS } from './emitters/index.js';
import { prepareEmitWorker, runEmitters, type PreparedWorker } from './emitters/run-emitters.js';
import { TEMPLATES_DIR, type RunInputs } from './inputs.js';
import { compareCodePoints } from './ir/names.js';
import type { Ir } from './ir/types.js';
import { formatFiles, type FormattedFile } from './output/format.js';
import { sha256 } from './output/hash.js';
import { withHeader } from './output/header.js';
import { MainThreadMemo } from './output/main-thread-memo.js';
import type { MemoLocation } from './output/memo-file.js';
import { buildRunRecord, type RunRecord } from './output/run-record.js';
import { generatorFingerprint } from './version.js';

/** A file as written, with the sha256 of its content. */
export interface FinishedFile extends FormattedFile {
  readonly hash: string;
}

/** The output in memory, and a promise that settles once the run's caches are saved and its helper thread has ended. */
export interface BuiltOutput {
  readonly files: FinishedFile[];
  /** Hashes of the inputs and of each file, for the cache (output/run-record.ts). */
  readonly record: RunRecord;
  /** Await before returning: both threads save their memo shares while the output is written. */
  readonly finished: Promise<void>;
}

/** Takes files as soon as they are finished, before the whole output is (generate stages them for writing). */
export type FinishedSink = (files: readonly FinishedFile[]) => void;

/** `cacheDir` undefined: no caches (--no-cache). */
export async function buildOutput(config: ResolvedConfig, inputs: RunInputs, cacheDir: string | undefined, sink: FinishedSink = () => undefined): Promise<BuiltOutput> {
  const memo: MemoLocation | 'off' = cacheDir ? { cacheDir, generator: generatorFingerprint() } : 'off';
  // Started first, so the worker loads its modules and its memo share while the definitions are parsed.
  const worker = prepareEmitWorker(inputs.definitions.reduce((sum, source) => sum + source.bytes.byteLength, 0), memo);
  // Cache saves started during the run: awaited with the worker, once the output is written.
  const saves: Promise<void>[] = [];
  try {
    const built = await buildOutputWith(config, inputs, worker, memo, saves, sink);
    return { ...built, finished: Promise.all([...saves, worker?.finish()]).then(() => undefined) };
  } catch (error) {
    await Promise.allSettled([...saves, worker?.abort()]);
    throw error;
  }
}

async function buildOutputWith(
  config: ResolvedConfig,
  inputs: RunInputs,
  worker: PreparedWorker | undefined,
  memo: MemoLocation | 'off',
  saves: Promise<void>[],
  sink: FinishedSink,
): Promise<Omit<BuiltOutput, 'finished'>> {
  // Loaded once the worker is started, so that it loads its modules meanwhile. The definitions are
  // checked entry by entry, remembered (validate-by-entry.ts): that share is read at the same time.
  const mainMemo = new MainThreadMemo(memo);
  const [{ buildIrFromInputs }] = await Promise.all([import('./build-ir.js'), mainMemo.start()]);
  // The parsed-chunk cache is saved while the worker is at work (at the latest once the emitters are done).
  const cacheWrites: (() => void)[] = [];
  const saveChunkCache = () => cacheWrites.splice(0).forEach((write) => write());
  const enabled = EMITTERS.filter((entry) => config.emitters[entry.name] !== false);
  const templates = mergeTemplates(inputs, config);
  const finish = async (files: readonly GeneratedFile[]) => {
    const finished = await finishFiles(files, memo === 'off' ? undefined : memo.cacheDir);
    sink(finished);
    return finished;
  };
  // The worker's files, each emitter's finished here as soon as it answers (while the worker runs its next).
  const finishedFromWorker = new Map<string, Promise<FinishedFile[]>>();
  const startWorker = (built: Ir) => {
    for (const [name, files] of worker?.give(enabled, { ir: built, runtimeFiles: inputs.runtimeFiles, templates, openapi: config.openapi }) ?? []) {
      const finished = files.then(finish);
      // Awaited below once the run gets there; a failure before that is reported by runEmitters.
      finished.catch(() => undefined);
      finishedFromWorker.set(name, finished);
    }
  };
  let ir: Ir;
  try {
    ir = await buildIrFromInputs(inputs, {
      cacheDir: memo === 'off' ? undefined : join(memo.cacheDir, 'definitions'),
      deferWrite: (write) => cacheWrites.push(write),
      // The worker has zod loaded by the time the definitions are parsed; this thread never loads it then.
      checkEntries: worker?.checkEntries,
      // The worker starts on the IR while this thread checks it; a failed check aborts the worker.
      onBuilt: startWorker,
    });
  } catch (error) {
    saveChunkCache();
    throw error;
  }
  // While the worker, if any, is still at work, this thread starts saving its memo, saves its chunk
  // cache and finishes its own files.
  const finishedHere = new Map<string, FinishedFile[]>();
  const whileWaiting = async (local: ReadonlyMap<string, GeneratedFile[]>) => {
    const saved = mainMemo.save();
    // Awaited with the worker; until then a failure must not count as unhandled.
    saved.catch(() => undefined);
    saves.push(saved);
    saveChunkCache();
    for (const [name, files] of local) finishedHere.set(name, await finish(files));
  };
  const context = { ir, runtimeFiles: inputs.runtimeFiles, templates, openapi: config.openapi };
  const byEmitter = await runEmitters(enabled, context, worker, { beforeLocal: () => mainMemo.seedEmitters(), whileWaiting }).finally(saveChunkCache);
  const files: FinishedFile[] = [];
  for (const entry of enabled) files.push(...(finishedHere.get(entry.name) ?? (await (finishedFromWorker.get(entry.name) ?? finish(byEmitter.get(entry.name) ?? [])))));
  return { files, record: buildRunRecord(generatorFingerprint(), inputs.hash, files) };
}

/** Emitted files as they are written: with their header, formatted, and hashed for the run record. */
async function finishFiles(files: readonly GeneratedFile[], cacheDir: string | undefined): Promise<FinishedFile[]> {
  const formatted = await formatFiles(
    files.map((file) => ({ ...file, content: withHeader(file.path, file.content, file.source) })),
    { cacheDir },
  );
  return formatted.map((file) => ({ ...file, hash: sha256(file.content) }));
}

/** svcgen's templates with the user's folder laid over them: a user file replaces ours of the same name. */
function mergeTemplates(inputs: RunInputs, config: ResolvedConfig): TemplateFile[] {
  const merged = new Map<string, TemplateFile>();
  for (const template of inputs.templates) merged.set(template.name, { ...template, file: displayPath(join(TEMPLATES_DIR, template.name), config.cwd) });
  for (const template of inputs.userTemplates) merged.set(template.name, { ...template, file: displayPath(join(config.templatesDir ?? '', template.name), config.cwd) });
  return [...merged.keys()].sort(compareCodePoints).map((name) => merged.get(name) as TemplateFile);
}
