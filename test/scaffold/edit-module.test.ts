// Handler modules as people write them: scaffold edits only what it wrote, wherever the rest is.
import { describe, expect, it } from 'vitest';
import { editModule } from '../../src/scaffold/edit-module.js';
import { readHandlerModule, type HandlerModule } from '../../src/scaffold/handler-module.js';
import { planScaffold, type RouteSlot } from '../../src/scaffold/plan.js';
import type { ModuleNames } from '../../src/scaffold/stub-text.js';

const NAMES: ModuleNames = {
  title: 'Library API',
  handlers: 'LibraryApiHandlers',
  plugin: 'libraryApiPlugin',
  factory: 'createLibraryApiHandlers',
  sessions: false,
};
const IMPORTS = { server: '../gen/library-api/server.js', errors: '../gen/runtime/core/errors.js' };
const GET_BOOK: RouteSlot = { method: 'getBook', route: 'GET /books/{id}', summary: 'One book' };
const LIST_BOOKS: RouteSlot = { method: 'listBooks', route: 'GET /books', summary: undefined };

function read(text: string): HandlerModule {
  const result = readHandlerModule('h.ts', text, 'LibraryApiHandlers');
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.module;
}

function scaffoldText(text: string, routes: readonly RouteSlot[]): string {
  const module = read(text);
  return editModule(module, planScaffold(routes, module.members), NAMES, IMPORTS).text;
}

describe('editModule', () => {
  it('adds a stub after a last member without a comma, past its trailing comment, and the import it needs', () => {
    const text = `import type { LibraryApiHandlers } from 'x';\n\nexport const handlers: LibraryApiHandlers = {\n  async listBooks() { return { items: [], total: 0 }; } // mine\n};\n`;
    expect(scaffoldText(text, [LIST_BOOKS, GET_BOOK])).toBe(
      `import type { LibraryApiHandlers } from 'x';\nimport { NotImplemented } from '../gen/runtime/core/errors.js';\n\nexport const handlers: LibraryApiHandlers = {\n  async listBooks() { return { items: [], total: 0 }; }, // mine\n  /**\n   * One book\n   * @route GET /books/{id}\n   */\n  async getBook() {\n    throw new NotImplemented('getBook');\n  },\n};\n`,
    );
  });

  it("names how a stub sends its route's other responses, and leaves the line alone on the next run", () => {
    const answering: RouteSlot = { ...GET_BOOK, answers: ['404', 'default'] };
    const text = scaffoldText(`const make = (): LibraryApiHandlers => ({});\n`, [answering]);
    expect(text).toContain(
      `  /**\n   * One book\n   * Its responses 404, default: return respond(404, body) (runtime/server/respond.js of the output).\n   * @route GET /books/{id}\n   */\n  async getBook() {`,
    );
    expect(scaffoldText(text, [answering])).toBe(text);
    expect(
      scaffoldText(`const make = (): LibraryApiHandlers => ({});\n`, [{ ...GET_BOOK, answers: ['4XX'] }]),
    ).toContain('* Its responses 4XX: return respond(status, body)');
  });

  it('fills an empty object returned by an arrow function', () => {
    const text = `const make = (): LibraryApiHandlers => ({});\n`;
    expect(scaffoldText(text, [LIST_BOOKS])).toBe(
      `import { NotImplemented } from '../gen/runtime/core/errors.js';\nconst make = (): LibraryApiHandlers => ({\n  /**\n   * @route GET /books\n   */\n  async listBooks() {\n    throw new NotImplemented('listBooks');\n  },\n});\n`,
    );
  });

  it('renames a hand-written method without touching its body, and the name inside an untouched stub', () => {
    const text = `function f(): LibraryApiHandlers {\n  return {\n    /**\n     * @route GET /books/{id}\n     */\n    async getBook({ params }) { return find(params.id, 'getBook'); },\n    /**\n     * @route GET /books\n     */\n    async allBooks() {\n      throw new NotImplemented('allBooks');\n    },\n  };\n}\n`;
    const edited = scaffoldText(text, [{ ...GET_BOOK, method: 'fetchBook' }, LIST_BOOKS]);
    expect(edited).toContain(`async fetchBook({ params }) { return find(params.id, 'getBook'); },`);
    expect(edited).toContain(`async listBooks() {\n      throw new NotImplemented('listBooks');`);
  });

  it('retires and revives a route, keeping a user type alone (with a note)', () => {
    const text = `export const h: LibraryApiHandlers = {\n  /**\n   * @route GET /books\n   */\n  async listBooks() { return mine(); },\n};\n`;
    const retired = scaffoldText(text, []);
    expect(retired).toContain(
      `  /**\n   * @deprecated svcgen scaffold: the definitions no longer have this route; delete it once nothing needs it.\n   * @route GET /books\n   */\n  async listBooks() { return mine(); },`,
    );
    expect(retired).toContain(`export const h: LibraryApiHandlers & RetiredRoutes<'listBooks'> = {`);
    expect(retired).toMatch(/^\/\*\* Methods of removed routes.*\ntype RetiredRoutes<Name extends string>/);
    expect(scaffoldText(retired, [LIST_BOOKS])).toBe(text);
    const own = read(
      `export const h: LibraryApiHandlers & Extra = {\n  /**\n   * @route GET /books\n   */\n  async listBooks() {},\n};\n`,
    );
    const noted = editModule(own, planScaffold([], own.members), NAMES, IMPORTS);
    expect(noted.warnings).toEqual([
      expect.stringContaining('give the methods of removed routes (listBooks) a type yourself'),
    ]);
    expect(noted.text).toContain('LibraryApiHandlers & Extra = {');
  });

  it('refuses modules it cannot read with a located diagnostic', () => {
    expect(
      readHandlerModule('h.ts', 'const h: LibraryApiHandlers = {\n  a() {\n};\n', 'LibraryApiHandlers'),
    ).toMatchObject({ ok: false, diagnostic: { code: 'SVC245', file: 'h.ts' } });
    expect(readHandlerModule('h.ts', 'export const h = {};\n', 'LibraryApiHandlers')).toMatchObject({
      ok: false,
      diagnostic: { code: 'SVC246', line: 1, column: 1 },
    });
    expect(
      readHandlerModule('h.ts', 'const h: LibraryApiHandlers = {\n  ...base,\n};\n', 'LibraryApiHandlers'),
    ).toMatchObject({ ok: false, diagnostic: { code: 'SVC247', line: 2, column: 3 } });
  });
});
