// A worker thread that parses chunks of a split definition file (see chunk-pool.ts): claims
// batches from the shared counter until none are left, and answers each with its encoded results.
import { workerData } from 'node:worker_threads';
import { encodeChunk, type EncodedChunk } from './chunk-codec.js';
import { parseChunk, type ChunkText } from './chunk-parse.js';
import { addTokens, ANSWERED, claim, STOP, tokenAllowance, type BatchAnswer, type WorkerJob } from './chunk-pool.js';

const job = workerData as WorkerJob;
const counters = new Int32Array(job.counters);
try {
  for (let batch = claim(counters, job.batches.length); batch !== undefined; batch = claim(counters, job.batches.length)) {
    const [from, to] = job.batches[batch] as readonly [number, number];
    const results: (EncodedChunk | null)[] = [];
    for (let index = from; index < to; index += 1) {
      const parsed = parseChunk(job.chunks[index] as ChunkText, tokenAllowance(counters));
      results.push(parsed && addTokens(counters, parsed.tokens) ? encodeChunk(parsed) : null);
      if (!parsed) Atomics.store(counters, STOP, 1);
      if (Atomics.load(counters, STOP) !== 0) break;
    }
    const answer: BatchAnswer = { batch, results };
    job.port.postMessage(answer);
    Atomics.add(counters, ANSWERED, 1);
    Atomics.notify(counters, ANSWERED);
  }
} finally {
  job.port.close();
}
