// Formats generated files with prettier, results cached on disk by a hash of the input text, the
// options and prettier's version. Large batches are spread over worker threads; prettier is
// loaded only when something is not in the cache.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GeneratedFile } from '../emitters/contract.js';
import { PRETTIER_OPTIONS } from './format-options.js';
import { sha256 } from './hash.js';
import { withOpenFile } from './open-limit.js';
import { replaceFile } from './replace-file.js';
import { seal, unseal } from './sealed.js';

export { PRETTIER_OPTIONS } from './format-options.js';

export interface FormatOptions {
  /** Folder of the format cache, or undefined for no cache. */
  readonly cacheDir: string | undefined;
}

export interface FormattedFile {
  readonly path: string;
  readonly content: string;
}

/** Below this many bytes to format, starting workers costs more than it saves. */
const WORKER_THRESHOLD_BYTES = 150_000;
const WORKER_SCRIPT = fileURLToPath(new URL('./format-worker.js', import.meta.url));

export async function formatFiles(files: readonly GeneratedFile[], options: FormatOptions): Promise<FormattedFile[]> {
  const version = prettierVersion();
  const results = new Map<string, string>();
  const misses: { path: string; content: string; key: string }[] = [];
  await Promise.all(
    files.map(async (file) => {
      if (!file.format) return results.set(file.path, normalize(file.content));
      const key = sha256(version, JSON.stringify(PRETTIER_OPTIONS), file.path, file.content);
      const cached = options.cacheDir ? await readCache(options.cacheDir, key) : undefined;
      if (cached !== undefined) return results.set(file.path, cached);
      misses.push({ path: file.path, content: file.content, key });
    }),
  );
  const formatted = await formatMisses(misses);
  for (const [index, miss] of misses.entries()) {
    const content = formatted[index] as string;
    results.set(miss.path, content);
    if (options.cacheDir) await writeCache(options.cacheDir, miss.key, content);
  }
  return files.map((file) => ({ path: file.path, content: results.get(file.path) as string }));
}

async function formatMisses(misses: readonly { path: string; content: string }[]): Promise<string[]> {
  if (misses.length === 0) return [];
  const bytes = misses.reduce((sum, miss) => sum + miss.content.length, 0);
  const workers = Math.min(availableParallelism(), 4, misses.length);
  if (bytes < WORKER_THRESHOLD_BYTES || workers < 2 || !existsSync(WORKER_SCRIPT)) {
    const prettier = await import('prettier');
    return Promise.all(misses.map((miss) => prettier.format(miss.content, { ...PRETTIER_OPTIONS, filepath: miss.path })));
  }
  return formatInWorkers(misses, workers);
}

/** Largest files first, each worker taking the next file as soon as it is free. */
function formatInWorkers(misses: readonly { path: string; content: string }[], count: number): Promise<string[]> {
  const order = misses.map((_, index) => index).sort((a, b) => (misses[b]?.content.length ?? 0) - (misses[a]?.content.length ?? 0));
  const results: string[] = new Array<string>(misses.length);
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const pool = Array.from({ length: count }, () => new Worker(WORKER_SCRIPT));
    const finish = (error?: Error) => {
      for (const worker of pool) void worker.terminate();
      if (error) reject(error);
      else resolve(results);
    };
    const feed = (worker: Worker) => {
      const index = order[next];
      next += 1;
      if (index === undefined) return;
      const miss = misses[index] as { path: string; content: string };
      worker.postMessage({ id: index, path: miss.path, content: miss.content });
    };
    for (const worker of pool) {
      worker.on('message', (reply: { id: number; content?: string; error?: string }) => {
        if (reply.error !== undefined) return finish(new Error(`prettier failed on ${misses[reply.id]?.path}: ${reply.error}`));
        results[reply.id] = reply.content as string;
        done += 1;
        if (done === misses.length) return finish();
        feed(worker);
      });
      worker.on('error', (error) => finish(error));
      feed(worker);
    }
  });
}

function prettierVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve('prettier/package.json'), 'utf8')) as { version: string }).version;
}

function normalize(content: string): string {
  // Generated text rarely holds a carriage return, and looking for one is hundreds of times
  // cheaper than a replace over megabytes that finds nothing.
  const lf = content.includes('\r') ? content.replace(/\r\n?/g, '\n') : content;
  return lf.endsWith('\n') ? lf : `${lf}\n`;
}

/** A cached result, unless missing or damaged (its digest does not match: sealed.ts). */
async function readCache(dir: string, key: string): Promise<string | undefined> {
  try {
    return unseal(await withOpenFile(() => readFile(join(dir, key.slice(0, 2), key), 'utf8')));
  } catch {
    return undefined;
  }
}

async function writeCache(dir: string, key: string, content: string): Promise<void> {
  try {
    await withOpenFile(() => replaceFile(join(dir, key.slice(0, 2), key), seal(content)));
  } catch {
    // A cache that cannot be written only costs speed.
  }
}
