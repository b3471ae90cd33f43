// Formats generated files with prettier, results cached on disk by a hash of the input text, the
// options and prettier's version; prettier is loaded only when something is not in the cache.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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
  const prettier = await import('prettier');
  return Promise.all(misses.map((miss) => prettier.format(miss.content, { ...PRETTIER_OPTIONS, filepath: miss.path })));
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
