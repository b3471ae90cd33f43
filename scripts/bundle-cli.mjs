#!/usr/bin/env node
// The second half of `npm run build`, after tsc: bundles the CLI (src/cli.ts and what it imports, yaml, zod and
// handlebars included) into dist/cli.js, replacing tsc's, and its chunks, dist/chunk-*.js. Node's module loader
// pays per file (resolution, package scope lookups, compilation): zod alone is about 60 files and 60 ms to
// load, so a cold `svcgen generate` of four interfaces loaded modules for longer than it rendered. Chunks
// split at the CLI's dynamic imports keep what a run does not need unloaded (the no-op run still loads only
// the stamp check). They sit beside tsc's files, at the depth the code's `import.meta.url` paths expect
// (../templates, ../src/runtime, ../package.json).
// ts-morph and typescript (scaffold only, and large) and prettier (resolved by its own file layout) stay
// packages. dist/index.js, the library, stays tsc's unbundled output.
import { build } from 'esbuild';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const CHUNK = /^chunk-[A-Z0-9]+\.js$/;

for (const name of await readdir(DIST)) if (CHUNK.test(name)) await rm(join(DIST, name));

const { metafile } = await build({
  entryPoints: { cli: join(ROOT, 'src', 'cli.ts') },
  outdir: DIST,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  external: ['ts-morph', 'typescript', 'prettier'],
  // yaml and handlebars are CommonJS: their require() of node's modules needs a require in the ESM bundle.
  banner: {
    js: "import { createRequire as __svcgenRequire } from 'node:module';\nconst require = __svcgenRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});

// Which modules each file of the bundle holds (absolute paths), for tests that watch what a run loads
// (test/workflow/incremental.test.ts: a no-op run loads none of the working libraries).
const holds = Object.fromEntries(
  Object.entries(metafile.outputs).map(([output, { inputs }]) => [
    basename(output),
    Object.keys(inputs).map((input) => resolve(input)),
  ]),
);
await writeFile(join(DIST, 'cli-bundle.json'), `${JSON.stringify(holds, null, 1)}\n`);
