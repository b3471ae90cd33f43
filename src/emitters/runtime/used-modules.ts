// Only the runtime modules an output uses: the runtime emitter offers all of src/runtime/, and this
// keeps those that the other emitted files import, directly or through another runtime module.
// An API without Digest or OAuth gets no Digest or OAuth code, and a svcgen upgrade rewrites only
// the modules a team's output really contains.
import { posix } from 'node:path';
import type { GeneratedFile } from '../contract.js';

/** Modules no generated file imports but a server's own code does (docs/server.md): kept with the server runtime. */
const SERVER_COMPANIONS = [
  'runtime/server/server-options.ts',
  'runtime/server/log-redaction.ts',
  'runtime/server/unrouted.ts',
];
/**
 * Relative module specifiers in static imports, re-exports and dynamic imports: from './x.js',
 * import('../runtime/x.js').
 */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

/** `requested`: runtime modules kept although no file imports them (the config's shared stores), with their imports. */
export function keepUsedRuntime(files: readonly GeneratedFile[], requested: readonly string[] = []): GeneratedFile[] {
  const runtime = new Map(files.filter((file) => file.path.startsWith('runtime/')).map((file) => [file.path, file]));
  if (runtime.size === 0) return [...files];
  const used = new Set<string>();
  const visit = (path: string) => {
    const file = runtime.get(path);
    if (!file || used.has(path)) return;
    used.add(path);
    for (const target of importedPaths(file)) visit(target);
  };
  for (const file of files) if (!runtime.has(file.path)) for (const target of importedPaths(file)) visit(target);
  if (used.has('runtime/server/server.ts')) SERVER_COMPANIONS.forEach(visit);
  requested.forEach(visit);
  return files.filter((file) => !runtime.has(file.path) || used.has(file.path));
}

/**
 * The output paths a file's relative imports name ("admin-api/server.ts" importing '../runtime/x.js' names
 * "runtime/x.ts").
 */
function importedPaths(file: GeneratedFile): string[] {
  return [...file.content.matchAll(SPECIFIER)].map((match) =>
    posix.join(posix.dirname(file.path), match[1] as string).replace(/\.js$/, '.ts'),
  );
}
