// A formatting worker: receives { id, path, content }, answers { id, content } or { id, error }.
import { parentPort } from 'node:worker_threads';
import * as prettier from 'prettier';
import { PRETTIER_OPTIONS } from './format-options.js';

interface Job {
  readonly id: number;
  readonly path: string;
  readonly content: string;
}

parentPort?.on('message', (job: Job) => {
  prettier.format(job.content, { ...PRETTIER_OPTIONS, filepath: job.path }).then(
    (content) => parentPort?.postMessage({ id: job.id, content }),
    (error: unknown) => parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
