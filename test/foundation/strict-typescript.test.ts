// Issue 20 item 8: generated code compiles in an ESM package under the strictest options a team
// may use, and a handler builds the record it creates from its input (`{...body, id}`) without a cast.
import { mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { removeDir, ROOT, runTsc, STRICTEST_COMPILER_OPTIONS as STRICTEST } from './helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/library/definitions');

/** Handlers of the Library fixture that build records from their inputs, as a team would write them. */
const HANDLERS = `import type { LibraryApiHandlers } from './out/library-api/server.js';
import type { Book } from './out/library-api/types.js';
import type { LibraryEnvelopeApiHandlers } from './out/library-envelope-api/server.js';

const books: Book[] = [];

export const handlers: LibraryApiHandlers = {
  async createBook({ body }) {
    const book: Book = { ...body, id: books.length + 1 };
    books.push(book);
    return book;
  },
  async getBook({ params }) {
    const book = books.find((candidate) => candidate.id === params.id);
    if (!book) throw new Error('no book');
    return book;
  },
  async listBooks({ query }) {
    const tagged = books.filter((book) => query.tag === undefined || query.tag.some((tag) => book.tags?.includes(tag)));
    return { items: tagged.slice(0, query.limit), total: tagged.length };
  },
  async listAuthors() {
    return { items: [], total: 0 };
  },
};

export const envelopeHandlers: LibraryEnvelopeApiHandlers = {
  async createAuthor({ body }) {
    return { ...body, id: 1 };
  },
  async listAuthors() {
    return { items: [], total: 0 };
  },
};
`;

let dir: string;

/** An ESM package in a temporary folder: package.json, tsconfig.json with `options`, node_modules of the repo. */
async function esmPackage(options: object, include: readonly string[]): Promise<string> {
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'library', private: true, type: 'module' }));
  const path = join(dir, 'tsconfig.json');
  await writeFile(
    path,
    JSON.stringify(
      { compilerOptions: { ...options, typeRoots: [join(ROOT, 'node_modules/@types')] }, include },
      null,
      2,
    ),
  );
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svcgen-strict-ts-'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const result = await generate({
    cwd: dir,
    definitionsDir: FIXTURE,
    outDir: join(dir, 'out'),
    gitattributes: false,
    cache: false,
  });
  expect(result.ok).toBe(true);
  await writeFile(join(dir, 'handlers.ts'), HANDLERS);
}, 120_000);
afterAll(async () => removeDir(dir));

describe('generated code under the strictest options, in an ESM package', () => {
  it("compiles the repo's generated/ folder", async () => {
    const project = await esmPackage(STRICTEST, [join(ROOT, 'generated/**/*.ts')]);
    const result = await runTsc(['-p', project]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('compiles a generated API of another team with handlers that build records from their inputs', async () => {
    const project = await esmPackage(STRICTEST, [join(dir, 'out/**/*.ts'), join(dir, 'handlers.ts')]);
    const result = await runTsc(['-p', project]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it.each([
    {
      option: 'noPropertyAccessFromIndexSignature',
      given: 'const map: Record<string, number> = {};\nexport const a = map.a;\n',
    },
    {
      option: 'verbatimModuleSyntax',
      given: "import { ObjectEncodingOptions } from 'node:fs';\nexport type Encoding = ObjectEncodingOptions;\n",
    },
  ])(
    'the options are in force: a control file that breaks only under $option is refused',
    async ({ given }) => {
      await writeFile(join(dir, 'control.ts'), given);
      const project = await esmPackage(STRICTEST, [join(dir, 'control.ts')]);
      const result = await runTsc(['-p', project]);
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/control\.ts\(\d+,\d+\): error TS/);
    },
    120_000,
  );
});
