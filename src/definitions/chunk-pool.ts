// Parses chunks, on worker threads as well as this one when there is enough to parse. Loading
// is synchronous (buildIrFromInputs is), so this thread takes batches itself and then waits for
// the workers' answers with Atomics.wait and receiveMessageOnPort instead of the event loop.
// Batches are claimed from a shared counter, so a busy core simply takes fewer.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { MAX_TOKENS } from './limits.js';
import { decodeChunk, encodeChunk, type EncodedChunk } from './chunk-codec.js';
import { parseChunk, type ChunkText, type ParsedChunk } from './chunk-parse.js';

export interface ChunkResult {
  readonly parsed: ParsedChunk;
  /** The result encoded for the cache (when asked for, or when it came from a worker). */
  readonly encoded: EncodedChunk | undefined;
}

/** Shared counters: the next batch to claim, a stop flag, tokens parsed so far, batches answered. */
export const NEXT_BATCH = 0;
export const STOP = 1;
export const TOKENS = 2;
export const ANSWERED = 3;
const COUNTERS = 4;

export interface WorkerJob {
  readonly chunks: readonly ChunkText[];
  readonly batches: readonly (readonly [number, number])[];
  readonly counters: SharedArrayBuffer;
  readonly port: MessagePort;
}

export interface BatchAnswer {
  readonly batch: number;
  /** One encoded result per chunk of the batch (null: refused). */
  readonly results: readonly (EncodedChunk | null)[];
}

const WORKER_SCRIPT = fileURLToPath(new URL('./chunk-worker.js', import.meta.url));
/** Below this much text to parse, starting a worker (about 50 ms) costs more than it saves. */
const WORKER_MIN_CHARS = 256 * 1024;
const BATCH_CHARS = 48 * 1024;
/** A worker that answers nothing for this long is given up on; its batches are parsed here. */
const STALL_MS = 30_000;

/** Every chunk parsed, in order, or undefined as soon as one is refused (or the token guard trips). */
export function parseChunks(chunks: readonly ChunkText[], encode: boolean, workerMinChars = WORKER_MIN_CHARS): ChunkResult[] | undefined {
  const batches = batchesOf(chunks);
  const chars = chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
  // Run from TypeScript sources (tests), there is no compiled worker script to start.
  const workerCount = chars < workerMinChars || !existsSync(WORKER_SCRIPT) ? 0 : Math.min(availableParallelism() - 1, 3, batches.length - 1);
  const counters = new Int32Array(new SharedArrayBuffer(COUNTERS * Int32Array.BYTES_PER_ELEMENT));
  const results = new Array<ChunkResult | undefined>(chunks.length);
  const answered = new Array<boolean>(batches.length).fill(false);
  const workers = Array.from({ length: Math.max(workerCount, 0) }, () => startWorker(chunks, batches, counters)).filter((worker) => worker !== undefined);
  try {
    // This thread's share.
    for (;;) {
      const batch = claim(counters, batches.length);
      if (batch === undefined) break;
      const [from, to] = batches[batch] as readonly [number, number];
      for (let index = from; index < to; index += 1) {
        const parsed = parseChunk(chunks[index] as ChunkText, tokenAllowance(counters));
        if (!parsed || !addTokens(counters, parsed.tokens)) return undefined;
        results[index] = { parsed, encoded: encode ? encodeChunk(parsed) : undefined };
      }
      answered[batch] = true;
    }
    // The workers' shares, as they arrive.
    let lastAnswer = Date.now();
    for (;;) {
      // Read before draining: an answer posted after the drain changes it, so the wait returns at once.
      const seen = Atomics.load(counters, ANSWERED);
      for (const { port } of workers) {
        for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
          const answer = message.message as BatchAnswer;
          const [from] = batches[answer.batch] as readonly [number, number];
          for (const [offset, encoded] of answer.results.entries()) {
            const parsed = encoded && decodeChunk(encoded, (chunks[from + offset] as ChunkText).text.length);
            if (!parsed) return undefined;
            results[from + offset] = { parsed, encoded };
          }
          answered[answer.batch] = true;
          lastAnswer = Date.now();
        }
      }
      if (Atomics.load(counters, STOP) !== 0) return undefined;
      if (answered.every(Boolean)) break;
      if (Date.now() - lastAnswer > STALL_MS) return parseLeftovers(chunks, batches, answered, results, encode);
      Atomics.wait(counters, ANSWERED, seen, 50);
    }
    return results as ChunkResult[];
  } finally {
    Atomics.store(counters, STOP, 1);
    for (const { worker, port } of workers) {
      port.close();
      void worker.terminate();
    }
  }
}

/** The next unclaimed batch, or undefined when all are taken or parsing stopped. */
export function claim(counters: Int32Array, count: number): number | undefined {
  if (Atomics.load(counters, STOP) !== 0) return undefined;
  const batch = Atomics.add(counters, NEXT_BATCH, 1);
  return batch < count ? batch : undefined;
}

/** Tokens a chunk may still lex before all chunks together pass the file's guard. */
export function tokenAllowance(counters: Int32Array): number {
  return MAX_TOKENS - Atomics.load(counters, TOKENS);
}

/** Counts a chunk's tokens; false (and everyone stops) once all chunks together pass the guard. */
export function addTokens(counters: Int32Array, tokens: number): boolean {
  if (Atomics.add(counters, TOKENS, tokens) + tokens <= MAX_TOKENS) return true;
  Atomics.store(counters, STOP, 1);
  return false;
}

/** Consecutive chunks of about BATCH_CHARS together, as [from, to) ranges. */
function batchesOf(chunks: readonly ChunkText[]): [number, number][] {
  const batches: [number, number][] = [];
  let from = 0;
  let chars = 0;
  for (const [index, chunk] of chunks.entries()) {
    chars += chunk.text.length;
    if (chars >= BATCH_CHARS || index === chunks.length - 1) {
      batches.push([from, index + 1]);
      from = index + 1;
      chars = 0;
    }
  }
  return batches;
}

/** A worker parsing batches as they come; one that fails to start claims none (this thread parses them). */
function startWorker(chunks: readonly ChunkText[], batches: readonly (readonly [number, number])[], counters: Int32Array): { worker: Worker; port: MessagePort } | undefined {
  const { port1, port2 } = new MessageChannel();
  const job: WorkerJob = { chunks, batches, counters: counters.buffer as SharedArrayBuffer, port: port2 };
  try {
    const worker = new Worker(WORKER_SCRIPT, { workerData: job, transferList: [port2] });
    worker.unref();
    worker.on('error', () => undefined);
    return { worker, port: port1 };
  } catch {
    port1.close();
    return undefined;
  }
}

/** Parses here the batches a stalled worker never answered. */
function parseLeftovers(
  chunks: readonly ChunkText[],
  batches: readonly (readonly [number, number])[],
  answered: readonly boolean[],
  results: (ChunkResult | undefined)[],
  encode: boolean,
): ChunkResult[] | undefined {
  for (const [batch, [from, to]] of batches.entries()) {
    if (answered[batch]) continue;
    for (let index = from; index < to; index += 1) {
      const parsed = parseChunk(chunks[index] as ChunkText);
      if (!parsed) return undefined;
      results[index] = { parsed, encoded: encode ? encodeChunk(parsed) : undefined };
    }
  }
  return results as ChunkResult[];
}
