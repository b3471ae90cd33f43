// Issue 20 item 8: generated code compiles in an ESM package under the strictest options a team
// may use, and a handler builds the record it creates from its input (`{...body, id}`) without a cast.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { ROOT } from './helpers.js';

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

let fixture: GeneratedFixture;

beforeAll(async () => {
  fixture = await generateFixture('library');
  await writeFile(join(fixture.dir, 'handlers.ts'), HANDLERS);
}, 120_000);
afterAll(async () => fixture?.remove());

describe('generated code under the strictest options, in an ESM package', () => {
  it("compiles the repo's generated/ folder, and every runtime module an output may hold", async () => {
    // src/runtime/ as well: modules such as the shared stores are in no output of the repo's own definitions.
    const result = await fixture.typecheck([join(ROOT, 'generated/**/*.ts'), join(ROOT, 'src/runtime/**/*.ts')]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);

  it('compiles a generated API of another team with handlers that build records from their inputs', async () => {
    const result = await fixture.typecheck(['out/**/*.ts', 'handlers.ts']);
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
    {
      option: 'erasableSyntaxOnly',
      given: 'export class Point {\n  constructor(readonly x: number) {}\n}\n',
    },
  ])(
    'the options are in force: a control file that breaks only under $option is refused',
    async ({ given }) => {
      await writeFile(join(fixture.dir, 'control.ts'), given);
      const result = await fixture.typecheck(['control.ts']);
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/control\.ts\(\d+,\d+\): error TS/);
    },
    120_000,
  );
});
