// Docs templates: a project's own template folder (config `templates:`) replaces svcgen's by
// file name, and a broken template stops the run with SVC401 at the template's file and line.
// svcgen's own show origins (spec / convention) only for definitions that record any.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, type GenerateResult } from '../../src/pipeline.js';
import { removeDir, ROOT } from '../foundation/helpers.js';
import { tempDir } from '../helpers/tree.js';

const FIXTURES = join(ROOT, 'test/fixtures');
const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map(removeDir)));

async function docsDir(): Promise<string> {
  const dir = await tempDir('svcgen-docs-');
  temporary.push(dir);
  return dir;
}

/** generate in `cwd` (its svcgen.config.yaml, if any) into a temporary output folder. */
async function generateIn(
  cwd: string,
  overrides: { configFile?: string } = {},
): Promise<{ result: GenerateResult; outDir: string }> {
  const outDir = await docsDir();
  const result = await generate({ cwd, outDir, cache: false, gitattributes: false, ...overrides });
  return { result, outDir };
}

describe('docs templates', () => {
  it('uses the project template folder over svcgen templates, by file name', async () => {
    const fixture = join(FIXTURES, 'docs-override');
    const plain = await generateIn(fixture, { configFile: 'plain.config.yaml' });
    const custom = await generateIn(fixture);
    expect(plain.result.ok && custom.result.ok).toBe(true);
    const plainDocs = await readFile(join(plain.outDir, 'pets/README.md'), 'utf8');
    const customDocs = await readFile(join(custom.outDir, 'pets/README.md'), 'utf8');

    expect(plainDocs).toContain('### getPet\n');
    expect(plainDocs).not.toContain('house style');
    expect(customDocs).toContain('### getPet (house style)');
    expect(customDocs).toContain('GET `/api/pet/{id}`, answered by the pet team.');
    // Only the replaced template changed: the page around it is svcgen's.
    expect(customDocs).toContain('## Records');
    expect(customDocs.split('## Records')[1]).toBe(plainDocs.split('## Records')[1]);
  }, 120_000);

  it.each([
    {
      fixture: 'docs-broken-variable',
      file: 'templates/docs-route.md.hbs',
      line: 5,
      column: 10,
      message: /unknown variable "owner"/,
    },
    {
      fixture: 'docs-broken-helper',
      file: 'templates/docs-record.md.hbs',
      line: 4,
      column: 3,
      message: /unknown helper "shout"/,
    },
  ])(
    '$fixture: SVC401 at the template file and line',
    async ({ fixture, file, line, column, message }) => {
      const { result } = await generateIn(join(FIXTURES, fixture));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.diagnostics).toHaveLength(1);
      expect(result.diagnostics[0]).toMatchObject({ code: 'SVC401', file, line, column });
      expect(result.diagnostics[0]?.message).toMatch(message);
    },
    120_000,
  );
});

describe('origins in the docs', () => {
  /** The Library Auth fixture, its book record described, with `extra` after the record's name. */
  async function libraryDocs(extra: string): Promise<{ readme: string; openapi: string }> {
    const cwd = await docsDir();
    await cp(join(FIXTURES, 'library-auth/definitions'), join(cwd, 'definitions'), { recursive: true });
    const file = join(cwd, 'definitions/library-auth-api.yaml');
    const yaml = await readFile(file, 'utf8');
    expect(yaml).not.toContain('origin:');
    await writeFile(file, yaml.replace(/^ {2}book:\n/m, `  book:\n    description: A book on a shelf.\n${extra}`));
    const { result, outDir } = await generateIn(cwd);
    expect(result.ok).toBe(true);
    const read = (name: string) => readFile(join(outDir, 'library-auth-api', name), 'utf8');
    return { readme: await read('README.md'), openapi: await read('openapi.json') };
  }

  it('an API whose definitions record no origin: no Origin column, no spec/convention wording', async () => {
    const { readme, openapi } = await libraryDocs('');
    expect(readme).toContain('| Route | Method | Path |\n| --- | --- | --- |\n');
    expect(readme).toContain('| Field | Type | Required | Read-only | Default | Description |\n');
    expect(readme).toContain('`GET /library/token/books`\n');
    expect(readme).not.toMatch(/origin|convention|\bspec\b/i);
    // The record's line ends with its description, without the space an origin would have followed.
    expect(readme).toContain('\nA book on a shelf.\n');
    expect(readme).not.toMatch(/ $/m);
    expect(openapi).not.toMatch(/origin|convention/i);
  }, 120_000);

  it('one `origin:` in the definitions brings the Origin columns and the paragraph back', async () => {
    const { readme, openapi } = await libraryDocs('    origin: convention\n');
    expect(readme).toContain('**spec** (the interface document) or **convention**');
    expect(readme).toContain('From the conventions: 0 routes, 1 records, 2 record fields,');
    expect(readme).toContain('| Route | Method | Path | Origin |\n');
    expect(readme).toContain('| `id` | integer | yes | no | | | convention |\n');
    expect(readme).toContain('`GET /library/token/books` · spec\n');
    expect(readme).toContain('\nA book on a shelf. · convention\n');
    expect(openapi).toContain('x-svcgen-origin: convention were chosen');
  }, 120_000);
});
