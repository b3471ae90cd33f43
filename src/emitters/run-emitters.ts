// Runs the enabled emitters over the IR. A large run is split over two threads: the emitters of
// WORKER_SHARE run in a worker while the rest run here (each half costs about the same); a small
// one is not worth a worker's start-up. The worker can be started before the IR exists
// (prepareEmitWorker), so it loads its modules while the definitions are parsed, and checks the
// definition entries no earlier run checked (it loads zod first). Output order never depends on
// where a file was made.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { DefinitionsError } from '../definitions/diagnostics.js';
import { checkHere, type EntryChecker } from '../definitions/validate-by-entry.js';
import type { EmitContext, GeneratedFile } from './contract.js';
import type { MemoLocation } from '../output/memo-file.js';
import type { CheckReply, EmitJob, EmitJobMessage, EmitReply, EmitWorkerData } from './emit-worker.js';
import type { EmitterEntry } from './index.js';
import { irToJson } from '../ir/ir-json.js';

/** Emitters handed to the worker: the main thread, which also builds the IR, keeps the rest. */
const WORKER_SHARE = new Set(['openapi', 'docs']);
/** Below this many bytes of definitions (about 50 Admin-API-sized entities), a worker costs more than it saves. */
const WORKER_MIN_DEFINITION_BYTES = 300_000;
const WORKER_SCRIPT = fileURLToPath(new URL('./emit-worker.js', import.meta.url));

/** The entries the worker runs when there is one. */
const workerShare = (entries: readonly EmitterEntry[]) => entries.filter((entry) => WORKER_SHARE.has(entry.name));

/** Each emitter's files from the worker, by emitter name. */
export type WorkerFiles = ReadonlyMap<string, Promise<GeneratedFile[]>>;

/** A worker started ahead of the job. */
export interface PreparedWorker {
  /**
   * Checks definition entries on the worker, which loads zod first thing (this thread then need not); here if the
   * worker cannot.
   */
  readonly checkEntries: EntryChecker;
  /**
   * Gives the worker its share of `entries` (WORKER_SHARE) over `context`: each emitter's files, as
   * the worker answers them one by one, or undefined when none is enabled. Only the first call
   * posts a job: a later one answers with the first one's files, so a caller may start the worker
   * early (as soon as the IR exists) and runEmitters still finds it.
   */
  give(entries: readonly EmitterEntry[], context: EmitContext): WorkerFiles | undefined;
  /** Ends the worker: at once when it was given no job, else once it has saved its memo share. */
  finish(): Promise<void>;
  /**
   * After a failed run: ends the worker at once unless it has answered (then it is saving its memo share, and is waited
   * for).
   */
  abort(): Promise<void>;
}

/** `memo`: where the worker keeps its memo share, or 'off' for a run without caches. */
export function prepareEmitWorker(definitionBytes: number, memo: MemoLocation | 'off', minBytes = WORKER_MIN_DEFINITION_BYTES): PreparedWorker | undefined {
  // Run from TypeScript sources (tests), there is no compiled worker script to start.
  if (definitionBytes < minBytes || availableParallelism() < 2 || !existsSync(WORKER_SCRIPT)) return undefined;
  const checks = new MessageChannel();
  const worker = new Worker(WORKER_SCRIPT, { workerData: { memo, emitters: [...WORKER_SHARE], checks: checks.port2 } satisfies EmitWorkerData, transferList: [checks.port2] });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const checkEntries = checksOn(checks.port1, exited);
  let given = false;
  let job: { readonly files: WorkerFiles; answered: boolean } | undefined;
  return {
    checkEntries,
    give: (entries, context) => {
      if (!given) {
        given = true;
        const names = workerShare(entries).map((entry) => entry.name);
        if (names.length > 0) {
          const started = { files: emitInWorker(worker, { ...context, names }), answered: false };
          // Marks the job answered; also handles a failure that no caller is left to await (the run failed first).
          const answered = () => void (started.answered = true);
          Promise.all(started.files.values()).then(answered, answered);
          job = started;
        }
      }
      return job?.files;
    },
    // A worker given a job ends by itself once it is done and saved.
    finish: async () => {
      if (!job) await worker.terminate();
      await exited;
    },
    abort: async () => {
      if (!job?.answered) await worker.terminate();
      await exited;
    },
  };
}

/** Asks the worker on `port` (it answers in the order asked); checks here instead once it has failed or ended. */
function checksOn(port: MessagePort, exited: Promise<void>): EntryChecker {
  const waiting: ((reply: CheckReply | undefined) => void)[] = [];
  port.on('message', (reply: CheckReply) => waiting.shift()?.(reply));
  // The worker keeps this thread alive while it runs; the port need not.
  port.unref();
  let unavailable = false;
  void exited.then(() => {
    unavailable = true;
    port.close();
    for (const answer of waiting.splice(0)) answer(undefined);
  });
  return async (entries) => {
    if (unavailable) return checkHere(entries);
    const reply = await new Promise<CheckReply | undefined>((resolve) => {
      waiting.push(resolve);
      port.postMessage({ entries });
    });
    if (reply && 'results' in reply) return reply.results;
    unavailable = true;
    return checkHere(entries);
  };
}

/** What runEmitters can do while the worker is at work. */
export interface EmitHooks {
  /** Called once the worker has its job, before this thread's emitters start. */
  readonly beforeLocal?: () => Promise<void>;
  /** Called with this thread's files, by emitter, once its emitters are done and before waiting for the worker's. */
  readonly whileWaiting?: (local: ReadonlyMap<string, GeneratedFile[]>) => Promise<void>;
}

export async function runEmitters(entries: readonly EmitterEntry[], context: EmitContext, prepared: PreparedWorker | undefined, hooks: EmitHooks = {}): Promise<Map<string, GeneratedFile[]>> {
  const fromWorker = prepared?.give(entries, context);
  const offloaded = fromWorker ? workerShare(entries) : [];
  await hooks.beforeLocal?.();
  // Collected before awaiting the worker, so a failure here still waits for it (no stray thread).
  const local = await Promise.allSettled(entries.filter((entry) => !offloaded.includes(entry)).map(async (entry) => [entry.name, await (await entry.load()).emit(context)] as const));
  const byName = new Map<string, GeneratedFile[]>();
  for (const result of local) if (result.status === 'fulfilled') byName.set(result.value[0], result.value[1]);
  if (byName.size === local.length) await hooks.whileWaiting?.(new Map(byName));
  const remote = await Promise.allSettled([...(fromWorker ?? [])].map(async ([name, files]) => [name, await files] as const));
  for (const result of [...local, ...remote]) if (result.status === 'rejected') throw result.reason;
  for (const result of remote) if (result.status === 'fulfilled') byName.set(result.value[0], result.value[1]);
  return byName;
}

/** One promise per emitter of the job, settled as the worker answers it; a failure rejects every one still pending. */
function emitInWorker(worker: Worker, job: EmitJob): WorkerFiles {
  const pending = new Map<string, { resolve: (files: GeneratedFile[]) => void; reject: (error: unknown) => void }>();
  const files = new Map(job.names.map((name) => [name, new Promise<GeneratedFile[]>((resolve, reject) => pending.set(name, { resolve, reject }))]));
  const failAll = (error: unknown) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (reply: EmitReply) => {
    if ('files' in reply) {
      pending.get(reply.emitter)?.resolve(reply.files);
      pending.delete(reply.emitter);
    } else failAll('diagnostics' in reply ? new DefinitionsError(reply.diagnostics) : new Error(`emitter worker failed: ${reply.error}`));
  });
  worker.once('error', failAll);
  const { ir, ...rest } = job;
  worker.postMessage({ ...rest, irJson: irToJson(ir) } satisfies EmitJobMessage);
  return files;
}
