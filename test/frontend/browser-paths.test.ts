// Issue 36 item 5: what a browser bundle of a generated client holds. Every module a client reaches
// by static imports is scanned: none of the OAuth, API-key or plain clients needs Node (node:*),
// and undici is loaded only on demand for GET bodies. Digest hashing (MD5 and SHA-256, synchronous)
// uses node:crypto: its clients are Node-only, which docs/clients.md says.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

/** Packages that run only in Node: a browser bundle cannot hold them. */
const NODE_ONLY = new Set(['undici', 'fastify', 'light-my-request', 'pg', 'redis']);
const nodeOnly = (specifier: string) => specifier.startsWith('node:') || NODE_ONLY.has(specifier.split('/')[0] ?? '');

const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'([^']+)';/gms;

/** The Node-only imports (node:*, undici, …) of each module reached from `entry` by static relative imports. */
function bareImports(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    const text = readFileSync(file, 'utf8');
    const bare: string[] = [];
    found.set(file, bare);
    for (const [statement, specifier = ''] of text.matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else if (!/^\s*(?:import|export) type\s/.test(statement) && nodeOnly(specifier)) bare.push(specifier);
    }
  };
  visit(entry);
  return new Map([...found].filter(([, bare]) => bare.length > 0).map(([file, bare]) => [relative(ROOT, file), bare]));
}

describe('a generated client on a browser path', () => {
  it.each(['admin-api', 'store-api'])('imports no Node module (%s)', (api) => {
    expect(bareImports(join(ROOT, 'generated', api, 'client.ts'))).toEqual(new Map());
  });

  it.each(['banner-api', 'price-list-api'])('needs Node only for Digest hashing (%s)', (api) => {
    const found = bareImports(join(ROOT, 'generated', api, 'client.ts'));
    expect([...found.keys()].sort()).toEqual([
      'generated/runtime/auth/digest/digest-client.ts',
      'generated/runtime/auth/digest/digest.ts',
    ]);
    expect([...found.values()].flat().every((specifier) => specifier.startsWith('node:'))).toBe(true);
  });

  it('finds a static Node import where there is one (the scan can fail)', () => {
    expect(bareImports(join(ROOT, 'generated/runtime/server/server.ts')).size).toBeGreaterThan(0);
  });
});
