// Only the runtime modules an output imports are written (issue 22): given emitted files, want the runtime kept;
// and an API's output holds the code of its own auth schemes and style only, compiles and serves.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { generate, init } from '../../src/index.js';
import type { GeneratedFile } from '../../src/emitters/contract.js';
import { keepUsedRuntime } from '../../src/emitters/runtime/used-modules.js';
import { ESM_STRICT } from '../helpers/compiler-options.js';
import { tempDir } from '../helpers/tree.js';

const file = (path: string, content = ''): GeneratedFile => ({ path, content, source: undefined, format: false });
const RUNTIME_SOURCE = resolve(import.meta.dirname, '../../src/runtime');
/** The runtime's modules by name, each at its folder (`client` → `client/client`), as src/runtime holds them. */
const FOLDERS = new Map(
  readdirSync(RUNTIME_SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => [basename(path, '.ts'), path.slice(0, -3)]),
);
const at = (name: string): string => {
  const path = FOLDERS.get(name);
  if (path === undefined) throw new Error(`no runtime module ${name}`);
  return `runtime/${path}.ts`;
};
const importOf = (from: string, name: string) => {
  const target = posix.relative(posix.dirname(at(from)), at(name)).replace(/\.ts$/, '.js');
  return `import { x } from '${target.startsWith('.') ? target : `./${target}`}';\n`;
};
const runtime = (name: string, ...imports: string[]) =>
  file(at(name), imports.map((target) => importOf(name, target)).join(''));
const RUNTIME = [
  runtime('client', 'client-transport'),
  runtime('client-transport', 'client-errors'),
  runtime('client-errors'),
  runtime('digest-client', 'digest'),
  runtime('digest'),
  runtime('server', 'errors'),
  runtime('errors'),
  runtime('server-options'),
  runtime('log-redaction'),
  runtime('unrouted', 'errors'),
];
const keptRuntime = (files: readonly GeneratedFile[]) =>
  keepUsedRuntime([...files, ...RUNTIME])
    .filter((kept) => kept.path.startsWith('runtime/'))
    .map((kept) => basename(kept.path, '.ts'));

describe('keepUsedRuntime', () => {
  const cases: { given: string; files: GeneratedFile[]; want: string[] }[] = [
    {
      given: 'a client only',
      files: [file('todo/client.ts', "import { Client } from '../runtime/client/client.js';")],
      want: ['client', 'client-transport', 'client-errors'],
    },
    {
      given: 'a server: its companions too',
      files: [file('todo/server.ts', "import type { X } from '../runtime/server/server.js';")],
      want: ['server', 'errors', 'server-options', 'log-redaction', 'unrouted'],
    },
    {
      given: 'a dynamic import',
      files: [file('todo/client.ts', "await import('../runtime/auth/digest/digest-client.js');")],
      want: ['digest-client', 'digest'],
    },
    { given: 'types only', files: [file('todo/types.ts', 'export interface Task { id: number }')], want: [] },
  ];
  it.each(cases)('$given', ({ files, want }) => {
    expect(keptRuntime(files).sort()).toEqual([...want].sort());
  });

  it('keeps every file that is not runtime, in order', () => {
    const files = [
      file('b/types.ts'),
      file('a/client.ts', "import { Client } from '../runtime/client/client.js';"),
      file('a/README.md'),
    ];
    expect(keepUsedRuntime(files).map((kept) => kept.path)).toEqual(['b/types.ts', 'a/client.ts', 'a/README.md']);
  });
});

describe('the shared stores (PostgreSQL, Redis)', () => {
  const realRuntime = async () =>
    Promise.all(
      [...FOLDERS.values()].map(async (path) =>
        file(`runtime/${path}.ts`, await readFile(join(RUNTIME_SOURCE, `${path}.ts`), 'utf8')),
      ),
    );
  const POSTGRES = ['stores-postgres', 'postgres-store-base', 'throttle-store-postgres'];
  const REDIS = ['stores-redis', 'redis-store-base', 'throttle-store-redis'];

  it('are not written for a server with every auth scheme, which keeps the memory throttle store', async () => {
    const schemes = ['server', 'oauth-scheme', 'digest-server', 'basic-server', 'api-key-server', 'bearer-server'];
    const server = file(
      'shop/server.ts',
      schemes.map((name) => `import { x } from '../${at(name).replace(/\.ts$/, '.js')}';\n`).join(''),
    );
    const kept = keepUsedRuntime([server, ...(await realRuntime())]).map((kept) => kept.path);
    expect(kept).toContain(at('throttle-store'));
    for (const name of [...POSTGRES, ...REDIS, 'shared-store']) expect(kept).not.toContain(at(name));
  });

  it('are written with what they import when a file imports them', async () => {
    const service = file('shop/stores.ts', "import { x } from '../runtime/stores/stores-postgres.js';");
    const kept = keepUsedRuntime([service, ...(await realRuntime())]).map((kept) => kept.path);
    for (const name of [...POSTGRES, 'shared-store', 'storage-errors', 'throttle-store'])
      expect(kept).toContain(at(name));
    for (const name of REDIS) expect(kept).not.toContain(at(name));
  });

  it('are written with what they import when the config names them (stores: [redis])', async () => {
    const service = file('shop/server.ts', "import { x } from '../runtime/server/server.js';");
    const kept = keepUsedRuntime([service, ...(await realRuntime())], ['runtime/stores/stores-redis.ts']).map(
      (k) => k.path,
    );
    for (const name of [...REDIS, 'shared-store', 'storage-errors']) expect(kept).toContain(at(name));
    for (const name of POSTGRES) expect(kept).not.toContain(at(name));
  });
});

describe('an output written with only the runtime it uses', () => {
  const root = resolve(import.meta.dirname, '../..');

  it('holds the stores svcgen.config.yaml names (stores: [postgres]), and a store it does not know is a located error', async () => {
    const dir = await tempDir('svcgen-stores-');
    try {
      const definitionsDir = join(root, 'test/fixtures/library-key/definitions');
      await writeFile(join(dir, 'svcgen.config.yaml'), 'stores: [postgres]\n');
      const result = await generate({ cwd: dir, definitionsDir, cache: false, gitattributes: false });
      expect(result.ok).toBe(true);
      const written = (await readdir(join(dir, 'generated/runtime'), { recursive: true })).map((path) =>
        basename(path),
      );
      expect(written).toEqual(expect.arrayContaining(['stores-postgres.ts', 'throttle-store-postgres.ts']));
      expect(written).not.toContain('stores-redis.ts');
      await writeFile(join(dir, 'svcgen.config.yaml'), 'stores: [mysql]\n');
      const refused = await generate({ cwd: dir, definitionsDir, cache: false, gitattributes: false });
      expect(refused).toMatchObject({
        ok: false,
        diagnostics: [{ code: 'SVC301', file: 'svcgen.config.yaml', line: 1, column: 10 }],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a clients-only config gets no server runtime, and every import of what is written resolves', async () => {
    const dir = await tempDir('svcgen-used-runtime-');
    try {
      await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
      await init({ cwd: dir });
      await writeFile(join(dir, 'svcgen.config.yaml'), 'emitters:\n  server: false\n', { flag: 'a' });
      const result = await generate({ cwd: dir, cache: false, gitattributes: false });
      expect(result.ok).toBe(true);
      const out = join(dir, 'generated');
      const runtime = (await readdir(join(out, 'runtime'), { recursive: true })).map((path) => basename(path));
      expect(runtime).toContain('client.ts');
      expect(runtime.filter((name) => name.startsWith('server') || name.includes('-server'))).toEqual([]);
      const files = (await readdir(out, { recursive: true })).filter((name) => name.endsWith('.ts'));
      for (const name of files) {
        const text = await readFile(join(out, name), 'utf8');
        for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)\.js'/g)) {
          const target = join(out, name, '..', `${match[1]}.ts`).slice(out.length + 1);
          expect(files, `${name} imports ${match[1]}`).toContain(target);
        }
      }

      // The starter's API has no GET-body route: no module sends one, and the output compiles without undici
      // (an optional peer). Every installed package but undici is linked; the probe shows undici is unresolvable.
      expect(runtime).not.toContain('client-get-body.ts');
      const importsUndici = /(?:\bfrom\s*|\bimport\s*\(\s*)'undici'/;
      for (const name of files) expect(await readFile(join(out, name), 'utf8'), name).not.toMatch(importsUndici);
      await mkdir(join(dir, 'node_modules'));
      for (const name of await readdir(join(root, 'node_modules')))
        if (name !== 'undici') await symlink(join(root, 'node_modules', name), join(dir, 'node_modules', name));
      await writeFile(join(dir, 'probe.ts'), "export { request } from 'undici';\n");
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(strictConfig(['generated/**/*.ts', 'probe.ts'])));
      const compiled = spawnSync(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
        { encoding: 'utf8', cwd: dir },
      );
      const errors = compiled.stdout.split('\n').filter((line) => line.includes('error TS'));
      expect(errors).toEqual([expect.stringMatching(/^probe\.ts\(1,\d+\): error TS2307: Cannot find module 'undici'/)]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an apiKey-only plain JSON API (test/fixtures/library-key)', () => {
  const fixture = new URL('../fixtures/library-key/definitions/', import.meta.url).pathname;
  const root = resolve(import.meta.dirname, '../..');

  it('gets no Digest, OAuth, JWT or json:api runtime, type-checks strictly, and serves its client', async () => {
    const dir = await tempDir('svcgen-library-key-');
    const out = join(dir, 'out');
    try {
      const result = await generate({
        cwd: dir,
        definitionsDir: fixture,
        outDir: out,
        gitattributes: false,
        cache: false,
      });
      expect(result.ok).toBe(true);
      const runtime = (await readdir(join(out, 'runtime'), { recursive: true }))
        .filter((path) => path.endsWith('.ts'))
        .map((path) => basename(path, '.ts'));
      expect(runtime).toEqual(
        expect.arrayContaining(['server', 'server-auth', 'api-key-server', 'client', 'client-auth']),
      );
      const foreign = /^(digest|oauth|client-oauth|bearer|basic|jsonapi)/;
      expect(runtime.filter((name) => foreign.test(name))).toEqual([]);

      await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
      await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(strictConfig(['out/**/*.ts'])));
      const compiled = spawnSync(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
        { encoding: 'utf8' },
      );
      expect(compiled.stdout.split('\n').filter((line) => line.includes('error TS'))).toEqual([]);
      expect(compiled.status).toBe(0);

      const load = async (path: string) => (await import(pathToFileURL(join(out, path)).href)) as Record<string, any>;
      const { libraryKeyApiPlugin } = await load('library-key-api/server.ts');
      const { LibraryKeyApiClient, ApiClientError } = await load('library-key-api/client.ts');
      const app = Fastify();
      await app.register(
        libraryKeyApiPlugin({
          handlers: { listBooks: async () => [{ id: 1, title: 'Dune' }] },
          auth: { key: { verifyApiKey: (key: string) => (key === 'k1' ? { subject: 'reader' } : undefined) } },
        }),
      );
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const client = new LibraryKeyApiClient({ baseUrl, auth: { key: { apiKey: 'k1' } } });
        expect(await client.listBooks()).toEqual([{ id: 1, title: 'Dune' }]);
        const stranger = new LibraryKeyApiClient({ baseUrl, auth: { key: { apiKey: 'nobody' } } });
        const refused = await stranger.listBooks().catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(ApiClientError);
        expect(refused).toMatchObject({ status: 401 });
      } finally {
        await app.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The compiler options a team with the strictest settings uses, over the given files. */
function strictConfig(include: readonly string[]): object {
  return {
    compilerOptions: {
      ...ESM_STRICT,
      lib: ['ES2023', 'DOM'],
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      allowImportingTsExtensions: true,
    },
    include,
  };
}
