import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from './output/hash.js';

/** svcgen's own version, from its package.json. */
export const GENERATOR_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The version plus a hash of the generator's own code, so output made by a changed generator
 * is never taken as up to date (a released version's code does not change; a working copy's does).
 */
export function generatorFingerprint(): string {
  // The code cannot change under a running process: read and hashed once.
  fingerprint ??= computeFingerprint();
  return fingerprint;
}

let fingerprint: string | undefined;

function computeFingerprint(): string {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts') && !name.startsWith('runtime'))
    .sort();
  return `${GENERATOR_VERSION}+${sha256(...files.flatMap((name) => [name, readFileSync(join(root, name))])).slice(0, 16)}`;
}
