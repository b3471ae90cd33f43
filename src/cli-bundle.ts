// Runs the CLI from dist/cli-main.cjs, the single-file bundle `npm run build` makes of cli-main.ts and the
// libraries it uses (scripts/bundle-cli.mjs), with V8's code cache of it when the build left one for this
// very bundle. A cold run of a few interfaces spent a fifth of its time loading and compiling modules; the
// bundle saves Node's per-file loading, the code cache V8's parsing and compiling (docs/performance.md,
// "Cold runs of four interfaces"). Node 20 has no compile cache of its own for modules. The bundle holds no
// import(): V8 gives functions taken from a code cache no dynamic import callback (the build turns them into require).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), 'cli-main.cjs');
/** Set by the build for the run that makes the code cache (scripts/bundle-cli.mjs). */
const MAKING_CACHE = 'SVCGEN_MAKE_CODE_CACHE';

/** Runs the bundled CLI; false when there is no bundle (svcgen run from its sources), so nothing ran. */
export async function runBundledCli(): Promise<boolean> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(BUNDLE);
  } catch {
    return false;
  }
  // The bundle's code is ASCII (the build asks esbuild to escape the rest; only comments keep other characters):
  // latin1, the cheapest decoding, reads the same program.
  const source = bytes.toString('latin1');
  // The flags V8 compiles under are part of what a code cache is valid for: set before compiling, as when it was made.
  await import('./set-v8-tiering.js');
  // V8 checks a cache against the length of its source only: the name holds a hash of the whole source.
  const cacheFile = `${BUNDLE}.${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.cache`;
  const making = process.env[MAKING_CACHE] === '1';
  const script = new Script(Module.wrap(source), {
    filename: BUNDLE,
    cachedData: making ? undefined : readCache(cacheFile),
  });
  // Made after the run, so that it holds the functions the run compiled, not only the top level.
  if (making) process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
  const main = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} };
  main.call(module.exports, module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
  return true;
}

/** The cache's bytes; none when there is no cache for this bundle (V8 also rejects one made by another V8). */
function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
