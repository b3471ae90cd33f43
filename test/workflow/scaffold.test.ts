// svcgen scaffold over five definition changes: a handler module for another team's API (the
// library fixture) is scaffolded, two methods are written by hand, then a route is added, one
// renamed, one removed, a parameter added and a record added, each time with generate + scaffold.
// After each step the hand-written code is byte-identical, the module type-checks (strict,
// exactOptionalPropertyTypes) and check passes; a method deleted by hand makes check fail naming
// the route. The module then plugs into the generated plugin on loopback: a stub answers 501 in
// the interface's error shape, a hand-written method 200.
import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, ROOT, runCli, runNode, tempDir, writeText } from './helpers.js';

const TSGO = join(ROOT, 'node_modules', '@typescript', 'native-preview', 'bin', 'tsgo');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM'],
    types: [],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['src', 'serve.ts'],
};

/** Hand-written code, each piece to be found byte for byte after every step. */
const USER_IMPORT = `import { NotFound } from '../../generated/runtime/core/errors.js'; // hand-written import\n`;
const USER_CONSTANT = `\n// Hand-written: the one book this library has.\nconst DUNE = { id: 1, title: 'Dune', genre: 'fiction' } as const;\n`;
const GET_BOOK_BODY = `({ params }) {
      // Hand-written body: only book 1 exists.
      if (params.id !== 1) throw new NotFound({ params: { id: params.id } });
      return { ...DUNE };
    },`;
const LIST_AUTHORS_BODY = `() {
      return { items: [{ id: 7, name: 'Frank Herbert' }], total: 1 }; // hand-written
    },`;
const HAND_WRITTEN = [USER_IMPORT, USER_CONSTANT, GET_BOOK_BODY, LIST_AUTHORS_BODY];

const MODULE = 'src/handlers/library-api.ts';

interface Step {
  readonly name: string;
  /** The library definition, changed. */
  readonly change: (yaml: string) => string;
  readonly expect: (scaffoldOutput: string, module: string) => void;
}

const STEPS: readonly Step[] = [
  {
    name: 'add a route',
    change: (yaml) =>
      `${yaml}  listTopAuthors:\n    method: GET\n    path: /authors/top\n    responses:\n      "200":\n        body: { type: list, items: { type: record, record: author } }\n`,
    expect: (output, module) => {
      expect(output).toContain('added stub: listTopAuthors (GET /library/authors/top)');
      expect(module).toMatch(
        /\* @route GET \/library\/authors\/top\n {5}\*\/\n {4}async listTopAuthors\(\) \{\n {6}throw new NotImplemented\('listTopAuthors'\);/,
      );
    },
  },
  {
    name: 'rename a route',
    change: (yaml) => yaml.replace('  getBook:\n', '  fetchBook:\n'),
    expect: (output, module) => {
      expect(output).toContain('renamed: getBook -> fetchBook');
      expect(module).toContain(`async fetchBook${GET_BOOK_BODY}`);
      expect(module).not.toContain('getBook');
    },
  },
  {
    name: 'remove a route',
    change: (yaml) => yaml.replace(/ {2}listAuthors:\n(?: {4}.*\n)+/, ''),
    expect: (output, module) => {
      expect(output).toContain('removed route: listAuthors (GET /library/authors) marked @deprecated');
      expect(module).toContain(`@deprecated svcgen scaffold: the definitions no longer have this route`);
      expect(module).toContain(`async listAuthors${LIST_AUTHORS_BODY}`);
      expect(module).toContain(`LibraryApiHandlers & RetiredRoutes<'listAuthors'>`);
    },
  },
  {
    name: 'add a parameter',
    change: (yaml) =>
      yaml.replace(
        '      id: { type: integer }\n    responses:',
        '      id: { type: integer }\n    query:\n      edition: { type: integer, required: false }\n    responses:',
      ),
    expect: (output) => expect(output).toContain('library-api.ts is up to date'),
  },
  {
    name: 'add a record',
    change: (yaml) =>
      yaml
        .replace(
          'routes:\n',
          'routes:\n  createLoan:\n    method: POST\n    path: /loans\n    body: { type: record, record: loan, omit: [id] }\n    responses:\n      "201":\n        body: { type: record, record: loan }\n',
        )
        .replace(
          'records:\n',
          'records:\n  loan:\n    fields:\n      id: { type: integer, readOnly: true }\n      bookId: { type: integer }\n      due: { type: date }\n',
        ),
    expect: (output) => expect(output).toContain('added stub: createLoan (POST /library/loans)'),
  },
];

let project: string;

beforeAll(async () => {
  project = await tempDir('svcgen-scaffold-');
  await cp(join(ROOT, 'test/fixtures/library/definitions'), join(project, 'definitions'), { recursive: true });
  await writeFile(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
});

afterAll(async () => {
  await removeDir(project);
});

async function cli(...args: string[]): Promise<string> {
  const result = await runCli(args, project);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

/** tsgo (TypeScript 7) after each step for speed; the TypeScript 5 `tsc` once, on the last state. */
async function typecheck(compiler = TSGO): Promise<void> {
  const result = await runNode([compiler, '-p', 'tsconfig.json'], project);
  expect(result.stdout + result.stderr).toBe('');
  expect(result.code).toBe(0);
}

const readModule = () => readFile(join(project, MODULE), 'utf8');

/** Writes the hand-written parts into the fresh module: an import, a constant, two bodies. */
function editByHand(module: string): string {
  const stub = (name: string) =>
    new RegExp(`async ${name}\\(\\) \\{\\n {6}throw new NotImplemented\\('${name}'\\);\\n {4}\\},`);
  const withImport = module.replace(/(import \{ NotImplemented \} from .*\n)/, `$1${USER_IMPORT}`);
  const withConstant = withImport.replace(/\n\/\*\* The Library API/, `${USER_CONSTANT}\n/** The Library API`);
  return withConstant
    .replace(stub('getBook'), `async getBook${GET_BOOK_BODY}`)
    .replace(stub('listAuthors'), `async listAuthors${LIST_AUTHORS_BODY}`);
}

describe('svcgen scaffold', { timeout: 600_000 }, () => {
  it('keeps hand-written handlers byte-identical through five definition changes, type-checking after each', async () => {
    await cli('generate');
    const written = await cli('scaffold');
    expect(written).toContain('svcgen: wrote src/handlers/library-api.ts (4 stub(s))');
    expect(written).toContain('svcgen: wrote src/handlers/library-envelope-api.ts (2 stub(s))');
    await typecheck();
    await writeFile(join(project, MODULE), editByHand(await readModule()));
    for (const piece of HAND_WRITTEN) expect(await readModule()).toContain(piece);
    await typecheck();
    expect(await cli('scaffold')).toContain('library-api.ts is up to date');

    const definition = join(project, 'definitions/library-api.yaml');
    for (const step of STEPS) {
      await writeFile(definition, step.change(await readFile(definition, 'utf8')));
      await cli('generate');
      const before = await readModule();
      const output = await cli('scaffold');
      const after = await readModule();
      step.expect(output, after);
      for (const piece of HAND_WRITTEN) expect(after, `${step.name}: ${piece}`).toContain(piece);
      expect(withoutScaffoldLines(after), step.name).toEqual(withoutScaffoldLines(before));
      await typecheck();
      expect(await cli('check')).toContain('generated matches the definitions');
      // A second run has nothing left to do.
      expect(await cli('scaffold')).not.toMatch(/added stub|renamed|\) marked @deprecated/);
    }
    await typecheck(TSC);
  });

  it('check names a route a handler module has no method for (exit 1), and scaffold adds it back', async () => {
    const module = await readModule();
    await writeFile(
      join(project, MODULE),
      module.replace(
        / {4}\/\*\*\n {5}\* @route POST \/library\/books\n {5}\*\/\n {4}async createBook\(\) \{\n.*\n {4}\},\n/,
        '',
      ),
    );
    const checked = await runCli(['check'], project);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain('src/handlers/library-api.ts has no method for 1 route(s)');
    expect(checked.stderr).toContain('missing route: createBook (POST /library/books)');
    expect(await cli('scaffold')).toContain('added stub: createBook (POST /library/books)');
    expect(await cli('check')).toContain('generated matches the definitions');
  });

  it('plugs into the generated plugin: a stub answers 501 in the error shape, a written method 200', async () => {
    await writeText(
      join(project, 'serve.ts'),
      `import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { libraryApiPlugin } from './generated/library-api/server.js';
import { createLibraryApiHandlers } from './src/handlers/library-api.js';

const app = Fastify();
await app.register(libraryApiPlugin({ handlers: createLibraryApiHandlers() }));
await app.listen({ host: '127.0.0.1', port: 0 });
const base = \`http://127.0.0.1:\${(app.server.address() as AddressInfo).port}/library\`;
const answers = [];
for (const path of ['/books', '/books/1']) {
  const response = await fetch(base + path);
  answers.push({ status: response.status, body: await response.json() });
}
await app.close();
process.stdout.write(JSON.stringify(answers));
`,
    );
    await typecheck();
    const served = await runNode(['--import', TSX, 'serve.ts'], project);
    expect(served.stderr).toBe('');
    const [stub, written] = JSON.parse(served.stdout) as { status: number; body: unknown }[];
    expect(stub).toEqual({
      status: 501,
      body: {
        errors: [
          {
            status: '501',
            code: 'NOT_IMPLEMENTED',
            title: 'Not Implemented',
            detail: 'listBooks is not implemented yet',
          },
        ],
      },
    });
    expect(written).toEqual({ status: 200, body: { id: 1, title: 'Dune', genre: 'fiction' } });
  });
});

/**
 * The module's lines, without those scaffold writes or rewrites (stubs, tags, the handlers type, the retired alias).
 */
function withoutScaffoldLines(module: string): string[] {
  const stubs = module
    .replace(
      / {4}\/\*\*\n(?: {5}\*.*\n)+ {5}\*\/\n {4}async \w+\(\) \{\n {6}throw new NotImplemented\('\w+'\);\n {4}\},\n/g,
      '',
    )
    .replace(/\/\*\* Methods of removed routes.*\ntype RetiredRoutes[^]*?\n\};\n/, '');
  return stubs
    .split('\n')
    .filter(
      (line) =>
        !/@route|@deprecated|RetiredRoutes|export function createLibraryApiHandlers|^\s*async \w+[({]|^\s*\/?\*\*?\/?$|^$/.test(
          line,
        ),
    );
}
