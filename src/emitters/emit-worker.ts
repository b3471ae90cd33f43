// A worker thread that runs some of the emitters over an IR sent to it, so a large run uses a
// second core: receives { ir, runtimeFiles, templates, names }, answers { files } per emitter
// name, or { diagnostics } (a template error) or { error }.
import { parentPort } from 'node:worker_threads';
import { DefinitionsError } from '../definitions/diagnostics.js';
import type { EmitContext, GeneratedFile } from './contract.js';
import { EMITTERS } from './index.js';
import { startMemo, usedMemo, type MemoEntry } from './shared/memo.js';

export interface EmitJob extends EmitContext {
  readonly names: readonly string[];
  /** The main thread's memo store (or 'off'), and back the entries this thread used. */
  readonly memo: readonly MemoEntry[] | 'off';
}

export type EmitReply =
  | { readonly files: Readonly<Record<string, GeneratedFile[]>>; readonly memo: readonly MemoEntry[] }
  | { readonly diagnostics: DefinitionsError['diagnostics'] }
  | { readonly error: string };

// Started before the IR exists: load the emitters while the main thread parses the definitions.
const loading = Promise.all(EMITTERS.map((entry) => entry.load()));

parentPort?.once('message', (job: EmitJob) => {
  runJob(job).then(
    (reply) => parentPort?.postMessage(reply),
    (error: unknown) => parentPort?.postMessage(error instanceof DefinitionsError ? { diagnostics: error.diagnostics } : { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

async function runJob(job: EmitJob): Promise<EmitReply> {
  await loading;
  startMemo(job.memo);
  const files: Record<string, GeneratedFile[]> = {};
  for (const entry of EMITTERS.filter((candidate) => job.names.includes(candidate.name))) {
    files[entry.name] = await (await entry.load()).emit(job);
  }
  return { files, memo: usedMemo() };
}
