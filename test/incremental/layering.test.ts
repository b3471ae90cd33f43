// The layers a run is made of (docs/architecture.md): definitions/, ir/ and emitters/ know nothing
// of the run cache, the output folder or threads, so caching stays a decorator at the seams.
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.js';

const SRC = resolve(import.meta.dirname, '../../src');
const INNER = ['definitions', 'ir', 'emitters'];

/** Every module specifier a file imports (static and dynamic). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] as string);
}

describe('layering', () => {
  it.each(INNER)('%s/ imports nothing from incremental/, output/ or node:worker_threads', async (layer) => {
    const offending: string[] = [];
    for (const file of await sourceFiles([join(SRC, layer)], ['.ts'])) {
      for (const specifier of importsOf(await readFile(file, 'utf8'))) {
        const target = specifier.startsWith('.') ? relative(SRC, resolve(file, '..', specifier)) : specifier;
        if (/^(incremental|output)\//.test(target) || target === 'node:worker_threads')
          offending.push(`${relative(SRC, file)} → ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('no module of the generator starts a worker thread', async () => {
    const files = (await sourceFiles([SRC], ['.ts'])).filter((file) => !file.includes(`${join(SRC, 'runtime')}`));
    const users = [];
    for (const file of files)
      if (importsOf(await readFile(file, 'utf8')).includes('node:worker_threads')) users.push(relative(SRC, file));
    expect(users).toEqual([]);
  });
});
