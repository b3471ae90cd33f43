// The build half of a run: definitions → IR → emitted files → formatted output and its run record,
// in memory. Loaded by generate.ts only when the output is not already up to date, so a no-op run
// loads none of the parser, the emitters or the worker machinery.
import { join } from 'node:path';
import type { ResolvedConfig } from './config.js';
import { displayPath } from './definitions/sources.js';
import type { GeneratedFile, TemplateFile } from './emitters/contract.js';
import { EMITTERS } from './emitters/index.js';
import { TEMPLATES_DIR, type RunInputs } from './inputs.js';
import { compareCodePoints } from './ir/names.js';
import type { Ir } from './ir/types.js';
import { formatFiles, type FormattedFile } from './output/format.js';
import { sha256 } from './output/hash.js';
import { withHeader } from './output/header.js';
import { MainThreadMemo } from './output/main-thread-memo.js';
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
  const memo = new MainThreadMemo(cacheDir ? { cacheDir, generator: generatorFingerprint() } : 'off');
  const [{ buildIrFromInputs }] = await Promise.all([import('./build-ir.js'), memo.start()]);
  const ir = await buildIrFromInputs(inputs);
  await memo.seedEmitters();
  const context = { ir, runtimeFiles: inputs.runtimeFiles, templates: mergeTemplates(inputs, config) };
  const emitted: GeneratedFile[] = [];
  for (const entry of EMITTERS.filter((candidate) => config.emitters[candidate.name] !== false)) emitted.push(...(await (await entry.load()).emit(context)));
  const saved = memo.save();
  const files = await finishFiles(emitted, cacheDir);
  sink(files);
  return { files, record: buildRunRecord(generatorFingerprint(), inputs.hash, files), finished: saved };
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
  for (const template of inputs.templates) merged.set(template.name, { ...template, file: displayPath(join(TEMPLATES_DIR, template.name), config.cwd), own: true });
  for (const template of inputs.userTemplates) merged.set(template.name, { ...template, file: displayPath(join(config.templatesDir ?? '', template.name), config.cwd) });
  return [...merged.keys()].sort(compareCodePoints).map((name) => merged.get(name) as TemplateFile);
}
