// Issue 38: docs/first-api.md works as written. Its blocks run in order in a new folder: `sh` blocks
// through bash (svcgen's packed tarball in place of `svcgen` in the install line, the running Node's
// @types/node), files written from the blocks that start with their name, `text` blocks compared
// with what the command before printed, and the `sh serve` block started on a free loopback port (the
// page's 127.0.0.1:3000 becomes that address in the blocks after it) and stopped at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, ROOT, tempDir } from '../workflow/helpers.js';
import { NODE_MAJOR, packTarball, run } from './tarball-helpers.js';

const SLOW = 900_000;
const PAGE = await readFile(join(ROOT, 'docs/first-api.md'), 'utf8');
const FILE_NAME = /^(?:#|\/\/) ((?:definitions|src|test)\/\S+|tsconfig\.json)\n/;

interface Block {
  readonly info: string;
  readonly text: string;
}

const BLOCKS: readonly Block[] = [...PAGE.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map(
  ([, info = '', text = '']) => ({
    info: info.trim(),
    text,
  }),
);

let work: string;
let repo: string;
let tarball: string;
let server: ChildProcess | undefined;

const env = {
  ...process.env,
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  GIT_AUTHOR_NAME: 'Team',
  GIT_AUTHOR_EMAIL: 'team@example.com',
  GIT_COMMITTER_NAME: 'Team',
  GIT_COMMITTER_EMAIL: 'team@example.com',
};

beforeAll(async () => {
  work = await tempDir('svcgen-first-api-');
  repo = join(work, 'todo-service');
  await mkdir(repo);
  tarball = await packTarball(work);
}, SLOW);
afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid);
  await removeDir(work);
});

/** Starts a `sh serve` block on port 0; the address it logs. */
function serve(command: string): Promise<string> {
  const child = spawn('bash', ['-c', command], { cwd: repo, env: { ...env, PORT: '0' }, detached: true });
  server = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no "Server listening" line in:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1] as string);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
  });
}

describe('docs/first-api.md, run as written', () => {
  it('has the blocks the page promises', () => {
    expect(BLOCKS.filter(({ info }) => info === 'sh serve')).toHaveLength(1);
    expect(BLOCKS.filter(({ text }) => FILE_NAME.test(text)).length).toBeGreaterThanOrEqual(6);
    expect(BLOCKS.every(({ info }) => ['sh', 'sh serve', 'text', 'yaml', 'ts', 'jsonc'].includes(info))).toBe(true);
  });

  it(
    'takes a new folder from npm install to a served, scaffolded, tested API',
    async () => {
      let address = 'http://127.0.0.1:3000';
      let printed = '';
      for (const { info, text } of BLOCKS) {
        const local = text.replaceAll('http://127.0.0.1:3000', address);
        const file = FILE_NAME.exec(text)?.[1];
        if (file !== undefined) {
          await mkdir(dirname(join(repo, file)), { recursive: true });
          await writeFile(join(repo, file), text);
        } else if (info === 'sh serve') {
          address = await serve(local);
          console.log(`first-api: served at ${address}`);
        } else if (info === 'sh') {
          const command = local
            .replace(/^(npm install .*) svcgen /m, `$1 ${tarball} `)
            .replace('@types/node@20', `@types/node@${NODE_MAJOR}`);
          const result = await run('bash', ['-euo', 'pipefail', '-c', command], { cwd: repo, env, maxBuffer: 1 << 24 });
          printed = `${result.stdout}\n${result.stderr}`.replaceAll('\r', '');
        } else if (info === 'text') {
          const lines = printed.split('\n');
          for (const line of local.trim().split('\n')) expect(lines, printed).toContain(line);
        } else {
          throw new Error(`a ${info} block that names no file: ${text.slice(0, 80)}`);
        }
      }
      // What the generated code imports is named in the project's dependencies, not left to npm's peer
      // install (which --legacy-peer-deps skips); TypeScript is 5, which tools beside svcgen accept.
      const project = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8'));
      const generated = await run('git', ['grep', '-hoE', "from '[^.][^']*'", '--', 'generated'], { cwd: repo });
      const imported = new Set(
        generated.stdout
          .split('\n')
          .map((line) => /^from '((?:@[^/']+\/)?[^/']+)/.exec(line)?.[1])
          .filter((name) => name !== undefined && !name.startsWith('node:')),
      );
      expect(imported.size).toBeGreaterThan(0);
      for (const name of imported) expect(Object.keys(project.dependencies ?? {}), name).toContain(name);
      const typescript = JSON.parse(await readFile(join(repo, 'node_modules/typescript/package.json'), 'utf8'));
      expect(typescript.version).toMatch(/^5\./);
      // The walk-through ends committed, with nothing left over.
      const { stdout } = await run('git', ['status', '--porcelain'], { cwd: repo });
      expect(stdout).toBe('');
    },
    SLOW,
  );
});
