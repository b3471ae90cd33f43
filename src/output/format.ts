// Formats generated files with prettier, results kept by the run's cache (src/incremental/) under a
// hash of the input text, the options and prettier's version; prettier is loaded only when
// something is not in the cache.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeneratedFile } from '../emitters/contract.js';
import { PRETTIER_OPTIONS } from './format-options.js';
import { sha256 } from './hash.js';

export { PRETTIER_OPTIONS } from './format-options.js';

/** Formatted texts kept between runs, by key. */
export interface FormatCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, content: string): Promise<void>;
}

export interface FormattedFile {
  readonly path: string;
  readonly content: string;
}

/** `cache` undefined: a run without caches. */
export async function formatFiles(files: readonly GeneratedFile[], cache: FormatCache | undefined): Promise<FormattedFile[]> {
  const version = prettierVersion();
  const results = new Map<string, string>();
  const misses: { path: string; content: string; key: string }[] = [];
  await Promise.all(
    files.map(async (file) => {
      if (!file.format) return results.set(file.path, normalize(file.content));
      const key = sha256(version, JSON.stringify(PRETTIER_OPTIONS), file.path, file.content);
      const cached = await cache?.get(key);
      if (cached !== undefined) return results.set(file.path, cached);
      misses.push({ path: file.path, content: file.content, key });
    }),
  );
  const formatted = await formatMisses(misses);
  for (const [index, miss] of misses.entries()) {
    const content = formatted[index] as string;
    results.set(miss.path, content);
    await cache?.set(miss.key, content);
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
