// Formats generated files with prettier, options fixed here (never read from the user's repo),
// results cached on disk by a hash of the input text, the options and prettier's version.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GeneratedFile } from '../emitters/contract.js';
import { sha256 } from './hash.js';

export const PRETTIER_OPTIONS = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: true,
  trailingComma: 'all',
  bracketSpacing: true,
  arrowParens: 'always',
  endOfLine: 'lf',
  proseWrap: 'preserve',
} as const;

export interface FormatOptions {
  /** Folder of the format cache, or undefined for no cache. */
  readonly cacheDir: string | undefined;
}

export interface FormattedFile {
  readonly path: string;
  readonly content: string;
}

export async function formatFiles(files: readonly GeneratedFile[], options: FormatOptions): Promise<FormattedFile[]> {
  const pending = files.filter((file) => file.format);
  const prettier = pending.length > 0 ? await import('prettier') : undefined;
  const results = await Promise.all(
    files.map(async (file): Promise<FormattedFile> => {
      if (!file.format || !prettier) return { path: file.path, content: normalize(file.content) };
      const key = sha256(prettier.version, JSON.stringify(PRETTIER_OPTIONS), file.path, file.content);
      const cached = options.cacheDir ? await readCache(options.cacheDir, key) : undefined;
      if (cached !== undefined) return { path: file.path, content: cached };
      const content = await prettier.format(file.content, { ...PRETTIER_OPTIONS, filepath: file.path });
      if (options.cacheDir) await writeCache(options.cacheDir, key, content);
      return { path: file.path, content };
    }),
  );
  return results;
}

function normalize(content: string): string {
  const lf = content.replace(/\r\n?/g, '\n');
  return lf.endsWith('\n') ? lf : `${lf}\n`;
}

async function readCache(dir: string, key: string): Promise<string | undefined> {
  try {
    return await readFile(join(dir, key.slice(0, 2), key), 'utf8');
  } catch {
    return undefined;
  }
}

async function writeCache(dir: string, key: string, content: string): Promise<void> {
  const folder = join(dir, key.slice(0, 2));
  const target = join(folder, key);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(temporary, content);
    await rename(temporary, target);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}
