// Counts svcgen's generator source at a git revision, like for like across revisions: every .ts file under src/
// except the runtime (src/runtime/, where it has always lived), read with `git show REV:path` so no checkout is
// needed, formatted with the repository's prettier config (the same config for every revision), and counted as all
// lines, blank ones included (the rule behind issue 32's "14,130 core lines"). Prints one total per top-level folder
// of src/ and the grand total; --files prints every file's count as well.
//
//   node scripts/source-size.mjs [REV] [--files]
import { execFileSync } from 'node:child_process';
import * as prettier from 'prettier';

const args = process.argv.slice(2);
const showFiles = args.includes('--files');
const rev = args.find((arg) => !arg.startsWith('--')) ?? 'HEAD';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
// From the top of the work tree, so that src/ is the repository's wherever the script is started.
const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const config = await prettier.resolveConfig(`${root}/src/cli.ts`, { editorconfig: false });

const isGeneratorSource = (path) => path.endsWith('.ts') && !path.startsWith('src/runtime/');
const paths = git('ls-tree', '-r', '--name-only', rev, '--', 'src/').split('\n').filter(isGeneratorSource);

/** `src/ir/x.ts` counts under `ir`, `src/emitters/zod/x.ts` under `emitters`, `src/cli.ts` under `(src/)`. */
const folderOf = (path) => {
  const parts = path.split('/');
  return parts.length > 2 ? parts[1] : '(src/)';
};

const byFolder = new Map();
let total = 0;
for (const path of paths) {
  const text = git('show', `${rev}:${path}`);
  const formatted = await prettier.format(text, { ...config, filepath: path });
  const lines = formatted.split('\n').length - 1;
  if (showFiles) console.log(`${String(lines).padStart(6)}  ${path}`);
  byFolder.set(folderOf(path), (byFolder.get(folderOf(path)) ?? 0) + lines);
  total += lines;
}

const sha = git('rev-parse', '--short', rev).trim();
console.log(`generator source at ${rev} (${sha}), src/**/*.ts without src/runtime/, prettier-formatted, all lines:`);
for (const [folder, lines] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${String(lines).padStart(6)}  ${folder}`);
}
console.log(`${String(total).padStart(6)}  total (${paths.length} files)`);
