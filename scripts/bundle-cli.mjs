#!/usr/bin/env node
// The second half of `npm run build`, after tsc: bundles the CLI (src/cli-main.ts and what it imports, yaml,
// zod and handlebars included) into one CommonJS file, dist/cli-main.cjs, which dist/cli.js runs
// (src/cli-bundle.ts), and makes V8's code cache of it by running it once over the reference definitions.
// Node's module loader pays per file (zod alone is about 60 files) and V8 compiles every module of a run
// afresh: together about a fifth of a cold run of four interfaces (docs/performance.md).
// Each module keeps the import.meta.url it has in tsc's dist/, so the paths it finds from there
// (../templates, ../src/runtime, ../package.json) and the no-op stamp's identity of svcgen stay as they are.
// ts-morph and typescript (scaffold only, and large) and prettier stay packages.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');
const BUNDLE = 'cli-main.cjs';

/** `import.meta.url` in a module of src/ as the URL of its file in dist/ (the bundle sits in dist/: __dirname). */
const moduleUrls = {
  name: 'module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      const own = JSON.stringify(relative(SRC, path).replace(/\.ts$/, '.js'));
      const url = `require('node:url').pathToFileURL(require('node:path').join(__dirname, ${own})).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** svcgen's own docs templates compiled now, into src/emitters/docs/precompiled.ts (which says why). */
const precompiledTemplates = {
  name: 'precompiled-templates',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]emitters[\\/]docs[\\/]precompiled\.ts$/ }, async () => {
      const { default: Handlebars } = await import('handlebars');
      const { COMPILE_OPTIONS } = await import(pathToFileURL(join(DIST, 'emitters', 'docs', 'render.js')).href);
      const folder = join(ROOT, 'templates');
      const entries = [];
      for (const name of (await readdir(folder)).filter((each) => each.endsWith('.hbs')).sort()) {
        const text = await readFile(join(folder, name), 'utf8');
        const spec = Handlebars.precompile(text, { ...COMPILE_OPTIONS });
        entries.push(`${JSON.stringify(name)}: { text: ${JSON.stringify(text)}, spec: ${spec} }`);
      }
      return { contents: `export const PRECOMPILED = {\n${entries.join(',\n')}\n};\n`, loader: 'js' };
    });
  },
};

for (const name of await readdir(DIST)) if (name.startsWith(BUNDLE)) await rm(join(DIST, name));

const { metafile } = await build({
  entryPoints: [join(SRC, 'cli-main.ts')],
  outfile: join(DIST, BUNDLE),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['ts-morph', 'typescript', 'prettier'],
  plugins: [precompiledTemplates, moduleUrls],
  // ASCII only (other characters escaped), so that src/cli-bundle.ts may read it with the cheapest decoding.
  charset: 'ascii',
  // import() of a package (prettier, for a project's own templates) as require(): V8 loses the dynamic import
  // callback of functions it takes from a code cache ("A dynamic import callback was not specified").
  supported: { 'dynamic-import': false },
  logLevel: 'warning',
  metafile: true,
});

// Which modules the bundle holds (absolute paths), for tests that watch what a run loads
// (test/workflow/incremental.test.ts: a no-op run loads none of the working libraries).
const holds = Object.fromEntries(
  Object.entries(metafile.outputs).map(([output, { inputs }]) => [
    basename(output),
    Object.keys(inputs).map((input) => resolve(input)),
  ]),
);
await writeFile(join(DIST, 'cli-bundle.json'), `${JSON.stringify(holds, null, 1)}\n`);

// The code cache: made at the end of a cold run over the reference definitions, with every emitter.
const out = await mkdtemp(join(tmpdir(), 'svcgen-code-cache-'));
try {
  const args = [join(DIST, 'cli.js'), 'generate', '--no-cache', '--definitions', 'definitions', '--out', out];
  const run = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, SVCGEN_MAKE_CODE_CACHE: '1' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the run that makes the code cache failed:\n${run.stderr}`);
} finally {
  await rm(out, { recursive: true, force: true });
}
if (!(await readdir(DIST)).some((name) => name.startsWith(`${BUNDLE}.`) && name.endsWith('.cache')))
  throw new Error('the run that makes the code cache left none');
