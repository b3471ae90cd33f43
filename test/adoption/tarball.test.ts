// svcgen as a team installs it (issues 22 and 38): `npm pack`, the tarball installed as a devDependency in a
// new ESM repo with typescript and @types/node (the other peer dependencies come with it), without an engine
// warning or an install script on Node 20, then init,
// generate and check through `npx svcgen`, the output type-checked under the strictest options, and a
// generated server called by the generated client on loopback. Uses npm's cache first, so a machine
// that ran `npm ci` needs no network.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../workflow/helpers.js';
import { NODE_MAJOR, packTarball, run, teamRepo, type TeamRepo } from './tarball-helpers.js';

const SLOW = 600_000;

let work: string;
let team: TeamRepo;
let repo: string;
const npx = (args: string[]) => team.npx(args);

beforeAll(async () => {
  work = await tempDir('svcgen-tarball-');
  team = await teamRepo(join(work, 'team-repo'), await packTarball(work));
  repo = team.dir;
}, SLOW);
afterAll(async () => removeDir(work));

describe('svcgen installed from its tarball in a new ESM repo', () => {
  it('installs on the supported Node without an engine warning and runs no install script (dist/ ships built)', async () => {
    console.log(`npm install on Node ${process.version} printed:\n${team.installOutput}`);
    expect(team.installOutput).not.toMatch(/EBADENGINE|install-scripts|allowScripts/);
    const packed = JSON.parse(await readFile(join(repo, 'node_modules', 'svcgen', 'package.json'), 'utf8'));
    const lifecycle = ['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => name in packed.scripts);
    expect(lifecycle).toEqual([]);
    expect(await readdir(join(repo, 'node_modules', 'svcgen', 'dist'))).toContain('cli.js');
    // Fastify's light-my-request is held at a release whose cookie runs on Node 20 (cookie 2 wants Node 22).
    const cookie = JSON.parse(await readFile(join(repo, 'node_modules', 'cookie', 'package.json'), 'utf8'));
    expect(cookie.engines.node).toBe('>=18');
    // The types of the team's Node, not the newest @types/node.
    const types = JSON.parse(await readFile(join(repo, 'node_modules', '@types', 'node', 'package.json'), 'utf8'));
    expect(types.version.split('.')[0]).toBe(NODE_MAJOR);
  });

  it('brings the generated code its imports as peer dependencies; jose and undici, needed by some outputs, are optional', async () => {
    const installed = await readdir(join(repo, 'node_modules'));
    for (const name of ['svcgen', 'zod', 'fastify', '@types']) expect(installed).toContain(name);
    // JWT bearer servers import jose, clients of APIs with GET-body routes undici; the starter's API has neither.
    expect(installed).not.toContain('jose');
    expect(installed).not.toContain('undici');
    // The docs the README links to ship with it.
    expect(await readdir(join(repo, 'node_modules', 'svcgen', 'docs'))).toContain('definitions.md');
  });

  it(
    'init, generate and check through npx svcgen; the output type-checks strictly; server and client talk',
    { timeout: SLOW },
    async () => {
      expect((await npx(['svcgen', 'init'])).stdout).toContain('wrote svcgen.config.yaml');
      expect((await npx(['svcgen', 'generate'])).stdout).toContain('wrote');
      expect((await npx(['svcgen', 'check'])).stdout).toContain('matches');
      // The example's apiKey scheme needs no other scheme's runtime (and so no jose), its GET routes no body
      // (and so no undici): the output below type-checks and runs without either.
      const runtime = await readdir(join(repo, 'generated', 'runtime'));
      expect(
        runtime.filter((name) => /^(bearer|digest|oauth|client-oauth|jsonapi|client-get-body)/.test(name)),
      ).toEqual([]);

      await writeFile(
        join(repo, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'es2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            strict: true,
            exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true,
            noPropertyAccessFromIndexSignature: true,
            verbatimModuleSyntax: true,
            skipLibCheck: true,
            outDir: 'build',
          },
          include: ['generated', 'main.ts'],
        }),
      );
      await writeFile(join(repo, 'main.ts'), MAIN);
      await npx(['tsc', '-p', '.']);
      const { stdout } = await run(process.execPath, [join(repo, 'build', 'main.js')], { cwd: repo });
      expect(JSON.parse(stdout)).toEqual({
        created: { id: 1, title: 'Write the tests', done: false, dueDate: null },
        total: 1,
        refused: 401,
      });
    },
  );
});

/** A team's code: the generated plugin with its handlers, and the generated client calling it. */
const MAIN = `import { timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import { ApiClientError, TodoApiClient } from './generated/todo-api/client.js';
import { todoApiPlugin } from './generated/todo-api/server.js';
import type * as types from './generated/todo-api/types.js';

const KEY = Buffer.from('team-key');
const tasks: types.Task[] = [];
const app = Fastify();
await app.register(
  todoApiPlugin({
    handlers: {
      async createTask({ body }) {
        const task: types.Task = { ...body, id: tasks.length + 1 };
        tasks.push(task);
        return task;
      },
      async listTasks({ query }) {
        return { items: tasks.slice(0, query.limit), total: tasks.length };
      },
    },
    auth: {
      apiKey: {
        verifyApiKey: (key) => {
          const given = Buffer.from(key);
          return given.length === KEY.length && timingSafeEqual(given, KEY) ? { subject: 'team' } : undefined;
        },
      },
    },
  }),
);
const base = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const client = new TodoApiClient({ baseUrl: base, auth: { apiKey: { apiKey: 'team-key' } }, validateResponses: true });
  const created = await client.createTask({ body: { title: 'Write the tests' } });
  const { total } = await client.listTasks();
  const stranger = new TodoApiClient({ baseUrl: base, auth: { apiKey: { apiKey: 'wrong' } } });
  const refused = await stranger.listTasks().then(
    () => 200,
    (error: unknown) => (error instanceof ApiClientError ? error.status : -1),
  );
  process.stdout.write(JSON.stringify({ created, total, refused }));
} finally {
  await app.close();
}
`;
