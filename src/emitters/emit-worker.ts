// A worker thread that runs some of the emitters over an IR sent to it, so a large run uses a
// second core: receives { irJson, runtimeFiles, templates, names }, answers { emitter, files } as
// each emitter is done (the main thread finishes those files while the next one runs), or
// { diagnostics } (a template error) or { error }. Its memo share (workerData: where it
// lives, or 'off') is read while the main thread parses the definitions, and written back here.
// Before the job, it checks definition entries for the main thread (CheckRequest, on its own port).
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { DefinitionsError } from '../definitions/diagnostics.js';
import type { EntryToCheck } from '../definitions/validate-by-entry.js';
import type { EmitContext, GeneratedFile } from './contract.js';
import { EMITTERS } from './index.js';
import { irFromJson } from '../ir/ir-json.js';
import { readMemo, writeMemo, type MemoLocation } from '../output/memo-file.js';
import { startMemo, usedMemo } from './shared/memo.js';

export interface EmitJob extends EmitContext {
  readonly names: readonly string[];
}

/** An EmitJob as posted: the IR as JSON text (ir-json.ts). */
export interface EmitJobMessage extends Omit<EmitJob, 'ir'> {
  readonly irJson: string;
}

/** What the worker is started with. */
export interface EmitWorkerData {
  readonly memo: MemoLocation | 'off';
  /** The emitters it may be asked to run (loaded ahead of the job). */
  readonly emitters: readonly string[];
  /** Where the main thread asks for definition entries to be checked (CheckRequest), before it has an IR. */
  readonly checks: MessagePort;
}

export interface CheckRequest {
  readonly entries: readonly EntryToCheck[];
}

export type CheckReply = { readonly results: readonly boolean[] } | { readonly error: string };

export type EmitReply =
  | { readonly emitter: string; readonly files: GeneratedFile[] }
  | { readonly diagnostics: DefinitionsError['diagnostics'] }
  | { readonly error: string };

// Started before the IR exists: load the schema check, the emitters and the memo share while the main thread parses the
// definitions.
const { memo, emitters, checks } = workerData as EmitWorkerData;
// First the schema check: the main thread asks for it as soon as it has parsed the definitions,
// and zod takes longer to load than everything else that thread does before the IR.
const entryChecks = import('../definitions/entry-checks.js');
const loading = entryChecks.catch(() => undefined).then(() => Promise.all(EMITTERS.filter((entry) => emitters.includes(entry.name)).map((entry) => entry.load())));
// The memo share after zod too: it is parsed a line at a time, so a request for checks is answered meanwhile.
const remembered = memo === 'off' ? Promise.resolve([]) : entryChecks.catch(() => undefined).then(() => readMemo(memo, 'worker'));
checks.on('message', ({ entries }: CheckRequest) => {
  entryChecks
    .then((loaded): CheckReply => ({ results: loaded.checkEntries(entries) }))
    .catch((error: unknown): CheckReply => ({ error: String(error) }))
    .then((reply) => checks.postMessage(reply));
});

parentPort?.once('message', ({ irJson, ...rest }: EmitJobMessage) => {
  const job: EmitJob = { ...rest, ir: irFromJson(irJson) };
  // Answer first, then save the memo share while the main thread writes the output; the thread
  // ends once its port is closed, which is what the main thread waits for (PreparedWorker.finish).
  runJob(job, (emitter, files) => parentPort?.postMessage({ emitter, files } satisfies EmitReply))
    .then(
      () => (memo === 'off' ? undefined : remembered.then((read) => writeMemo(memo, 'worker', usedMemo(), read))),
      (error: unknown) => parentPort?.postMessage(error instanceof DefinitionsError ? { diagnostics: error.diagnostics } : { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    )
    .finally(() => {
      checks.close();
      parentPort?.close();
    });
});

async function runJob(job: EmitJob, answer: (emitter: string, files: GeneratedFile[]) => void): Promise<void> {
  await loading;
  startMemo(memo === 'off' ? 'off' : await remembered);
  for (const entry of EMITTERS.filter((candidate) => job.names.includes(candidate.name))) {
    answer(entry.name, await (await entry.load()).emit(job));
  }
}
