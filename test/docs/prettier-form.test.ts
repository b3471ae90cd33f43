// The docs skip prettier when they come from svcgen's own templates: what they print must be
// exactly what prettier prints, tables unpadded (a fixed point), for any text in the definitions and for large
// definition sets. A page from a project's own template still goes through prettier.
import { emitWhole } from '../incremental/memo-run.js';
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import type { GeneratedFile, TemplateFile } from '../../src/emitters/contract.js';
import { docsEmitter } from '../../src/emitters/docs/index.js';
import { compactTables } from '../../src/emitters/docs/markdown-table.js';
import { codeSpan, inline } from '../../src/emitters/docs/markdown.js';
import { toPrettierForm } from '../../src/emitters/docs/prettier-form.js';
import { PRETTIER_OPTIONS } from '../../src/emitters/shared/format-options.js';
import type { Ir } from '../../src/ir/types.js';
import { collectInputs } from '../../src/inputs.js';
import { withHeader } from '../../src/output/header.js';
import { generate } from '../../src/pipeline.js';
import { tempDir } from '../helpers/tree.js';

const root = resolve(import.meta.dirname, '../..');
const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

/** prettier's Markdown, with its padded tables unpadded: the docs' own form (markdown-table.ts). */
const prettierMarkdown = async (text: string) =>
  compactTables(await prettier.format(text, { ...PRETTIER_OPTIONS, filepath: 'README.md' }));

/** Text that means something to Markdown, to prettier's printer or to the table aligner. */
const TRICKY = [
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.split(''),
  '- item',
  '+ item',
  '* item',
  '1. item',
  '1) item',
  '10) item',
  '- - -',
  '-- -',
  '--- ------',
  '***',
  '___',
  '==',
  '---',
  '# heading',
  'ends with #',
  'ends with ##',
  '# both #',
  '```',
  '~~~ fence',
  '$$ math',
  '$x$ inline',
  '> quote',
  '    indented',
  '`code`',
  '``double``',
  '`a|b`',
  '` padded `',
  'un`paired',
  '`a` and `b`',
  '``` a`b ```',
  'a\\',
  '\\',
  'C:\\path\\to',
  'a\\|b',
  '\\`x`',
  'a*b*c',
  '**strong**',
  '_emphasis_',
  'snake_case_name',
  '__init__',
  '~strike~',
  '~~strike~~',
  '[link](url)',
  '[x]: y',
  '![img](x)',
  '<b>html</b>',
  '<!-- comment -->',
  '&amp; &copy; &#35;',
  'http://example.com/a_b_c',
  'www.example.com',
  'a@b.co',
  '{{x}} {% y %}',
  'pipe | inside',
  'line\nbreak',
  'trailing  ',
  'tab\there',
  '中文，标点。',
  '日本語 and English',
  '한국어',
  'ｱｲｳ ＡＢＣ',
  '😀 👍🏽 🇩🇪 ©️ 1️⃣',
  'e\u0301',
  'zero\u200bwidth',
  'nbsp\u00a0here',
  'ideographic\u3000space',
];

describe('text in the docs is in prettier form wherever the templates put it', () => {
  const places: Record<string, (text: string) => string> = {
    heading: (text) => `# ${text}\n`,
    'paragraph before a list': (text) => `# T\n\n${text}\n\n- Auth: none\n- Errors: 400\n`,
    'second line of a paragraph': (text) => `# T\n\nFrom \`shared.x\`.\n${text} · spec\n`,
    'list item': (text) => `- Body (json): ${text}\n- Errors: 400\n`,
    'table cell': (text) => `| Name | Description |\n| --- | --- |\n| \`a\` | ${text} |\n| ${text} | |\n`,
  };
  it.each(Object.keys(places))('%s', async (place) => {
    const differing: { text: string; ours: string | undefined; prettier: string | undefined }[] = [];
    for (const text of [...TRICKY.map(inline), ...TRICKY.map(codeSpan)]) {
      const ours = toPrettierForm((places[place] as (text: string) => string)(text));
      const theirs = await prettierMarkdown(ours ?? '');
      if (ours !== theirs) differing.push({ text, ours, prettier: theirs });
    }
    expect(differing).toEqual([]);
  });

  it('an empty title', async () => {
    expect(toPrettierForm(`# ${inline(' ')}\n\ntext\n`)).toBe(await prettierMarkdown('# \n\ntext\n'));
  });
});

async function irOf(definitionsDir?: string): Promise<{ ir: Ir; templates: TemplateFile[] }> {
  const inputs = await collectInputs(await resolveConfig({ cwd: root, definitionsDir }));
  return {
    ir: await buildIrFromInputs(inputs),
    templates: inputs.templates.map((template) => ({ ...template, file: `templates/${template.name}`, own: true })),
  };
}

async function emitDocs(ir: Ir, templates: readonly TemplateFile[]): Promise<GeneratedFile[]> {
  return emitWhole(() => docsEmitter({ ir, runtimeFiles: [], templates }));
}

/** Every piece of text a page shows from the definitions, replaced with tricky text in turn. */
function withTrickyText(ir: Ir, offset: number): Ir {
  let next = offset;
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const values = node instanceof Map ? [...node.values()] : Object.values(node);
    if (!(node instanceof Map) && !Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      for (const key of ['description', 'summary', 'title', 'message', 'when', 'pattern']) {
        if (typeof record[key] === 'string')
          record[key] = `${TRICKY[next++ % TRICKY.length]} ${TRICKY[next++ % TRICKY.length]}`;
      }
      if (record.default !== undefined) record.default = TRICKY[next++ % TRICKY.length];
    }
    for (const value of values) visit(value);
  };
  visit(ir);
  return ir;
}

async function expectPrettierForm(file: GeneratedFile): Promise<void> {
  const page = withHeader(file.path, file.content, file.source);
  expect(await prettierMarkdown(page), file.path).toBe(page);
}

describe('docs pages from svcgen templates skip prettier and are in its form', () => {
  it('with tricky text in every description, title, default and pattern', async () => {
    for (const offset of [0, 7]) {
      const { ir, templates } = await irOf();
      const files = await emitDocs(withTrickyText(ir, offset), templates);
      expect(files.map((file) => file.format)).toEqual(files.map(() => false));
      for (const file of files) await expectPrettierForm(file);
    }
  }, 120_000);

  it('for the synthetic definitions of the benchmark (bench/synth.mjs, 6 entities), through generate', async () => {
    const dir = await tempDir('svcgen-docs-form-');
    temporary.push(dir);
    await synthesize(6, join(dir, 'definitions'));
    const { ir, templates } = await irOf(join(dir, 'definitions'));
    const emitted = await emitDocs(ir, templates);
    expect(emitted.length).toBe(4);
    expect(emitted.every((file) => !file.format)).toBe(true);
    const result = await generate({
      cwd: root,
      definitionsDir: join(dir, 'definitions'),
      outDir: join(dir, 'out'),
      cache: false,
      gitattributes: false,
    });
    expect(result.ok).toBe(true);
    for (const file of emitted) {
      const written = await readFile(join(dir, 'out', file.path), 'utf8');
      expect(written, file.path).toBe(withHeader(file.path, file.content, file.source));
      expect(await prettierMarkdown(written), file.path).toBe(written);
    }
  }, 120_000);
});

describe('docs pages from a project template go through prettier', () => {
  it('when any docs template is the project\u2019s own', async () => {
    const { ir, templates } = await irOf();
    const changed = templates.map((template) =>
      template.name === 'docs-limits.md.hbs'
        ? { ...template, content: `${template.content}\nOurs.\n`, file: 'my-templates/docs-limits.md.hbs', own: false }
        : template,
    );
    const files = await emitDocs(ir, changed);
    expect(files.every((file) => file.format)).toBe(true);
    // Handed over as rendered: the tables are prettier's to line up.
    expect(files[0]?.content).toContain('| Route | Method | Path | Origin |');
  });

  it('also when the project folder holds a copy of svcgen\u2019s template, which then reads the same', async () => {
    const { ir, templates } = await irOf();
    const copied = templates.map((template) => ({ ...template, file: `my-templates/${template.name}`, own: false }));
    const [ours, theirs] = await Promise.all([emitDocs(ir, templates), emitDocs(ir, copied)]);
    expect(theirs.every((file) => file.format)).toBe(true);
    for (const [index, file] of theirs.entries())
      expect(await prettierMarkdown(file.content)).toBe(ours[index]?.content);
  });

  it('and the page generate writes from one is in prettier form', async () => {
    const outDir = await tempDir('svcgen-docs-form-');
    temporary.push(outDir);
    const result = await generate({
      cwd: join(root, 'test/fixtures/docs-override'),
      outDir,
      cache: false,
      gitattributes: false,
    });
    expect(result.ok).toBe(true);
    const page = await readFile(join(outDir, 'pets/README.md'), 'utf8');
    expect(page).toContain('(house style)');
    expect(await prettierMarkdown(page)).toBe(page);
  }, 120_000);
});
