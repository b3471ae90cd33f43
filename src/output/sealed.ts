// Cache entries carry a sha256 of their text: a byte damaged on disk (or by hand) makes the entry
// fail its check, and it is discarded and computed again, never used. The cache only costs speed.
import { hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { replaceFile } from './replace-file.js';

/** `text` preceded by its digest and a space: one line when `text` is. */
export function seal(text: string): string {
  return `${hash('sha256', text)} ${text}`;
}

/** The text `seal` sealed, or undefined when the digest does not match (or is missing). */
export function unseal(sealed: string): string | undefined {
  const text = sealed.slice(DIGEST_LENGTH + 1);
  return sealed.charAt(DIGEST_LENGTH) === ' ' && hash('sha256', text) === sealed.slice(0, DIGEST_LENGTH)
    ? text
    : undefined;
}

const DIGEST_LENGTH = 64;

/** The value of a record `writeRecord` wrote, or undefined when it is missing, damaged or not JSON. */
export async function readRecord(file: string): Promise<unknown> {
  try {
    const text = unseal(await readFile(file, 'utf8'));
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Writes a value as a sealed JSON record; a record that cannot be written only costs speed (the next run computes). */
export async function writeRecord(file: string, value: unknown): Promise<void> {
  try {
    await replaceFile(file, seal(JSON.stringify(value)));
  } catch {
    // Nothing to do: the cache only costs speed.
  }
}

/** Where the cache keeps a record of one output folder: `<cacheDir>/<kind>/<hash of its path>.json`. */
export function outDirRecordFile(cacheDir: string, kind: string, outDir: string): string {
  return join(cacheDir, kind, `${hash('sha256', resolve(outDir)).slice(0, 16)}.json`);
}
