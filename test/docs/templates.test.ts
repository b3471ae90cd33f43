// Docs templates: a project's own template folder (config `templates:`) replaces svcgen's by
// file name, and a broken template stops the run with SVC401 at the template's file and line.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, type GenerateResult } from '../../src/generate.js';
import { removeDir, ROOT } from '../foundation/helpers.js';

const FIXTURES = join(ROOT, 'test/fixtures');
const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map(removeDir)));

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svcgen-docs-'));
  temporary.push(dir);
  return dir;
}

/** generate in `cwd` (its svcgen.config.yaml, if any) into a temporary output folder. */
async function generateIn(
  cwd: string,
  overrides: { configFile?: string } = {},
): Promise<{ result: GenerateResult; outDir: string }> {
  const outDir = await tempDir();
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
