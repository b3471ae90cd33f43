// Docs pages from svcgen's own templates are made part by part, each part remembered (parts.ts): the
// page is exactly the one rendered whole, cold or after a change, and the joining of parts in
// prettier's form is exactly toPrettierForm of the whole.
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import { interfaceModules, type TemplateFile } from '../../src/emitters/contract.js';
import { DOCS_ENTRY, docsEmitter } from '../../src/emitters/docs/index.js';
import { joinParts, partInPrettierForm, toPrettierForm } from '../../src/emitters/docs/prettier-form.js';
import { templateRenderer } from '../../src/emitters/docs/render.js';
import { fillSkeleton, marker, sectionedPages } from '../../src/emitters/docs/sectioned-page.js';
import { buildDocsPage } from '../../src/emitters/docs/view-model.js';
import { emitSeeded, type MemoEntry } from '../incremental/memo-run.js';
import type { Ir } from '../../src/ir/types.js';
import { collectInputs } from '../../src/inputs.js';
import { tempDir } from '../helpers/tree.js';

const root = resolve(import.meta.dirname, '../..');
const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function irOf(definitionsDir?: string): Promise<{ ir: Ir; templates: TemplateFile[] }> {
  const inputs = await collectInputs(await resolveConfig({ cwd: root, definitionsDir }));
  const templates = inputs.templates
    .filter((template) => template.name.startsWith('docs-'))
    .map((template) => ({ ...template, file: `templates/${template.name}`, own: true }));
  return { ir: await buildIrFromInputs(inputs), templates };
}

async function synthetic(entities: number): Promise<{ ir: Ir; templates: TemplateFile[] }> {
  const dir = await tempDir('svcgen-docs-sections-');
  temporary.push(dir);
  await synthesize(entities, join(dir, 'definitions'));
  return irOf(join(dir, 'definitions'));
}

/** The pages as rendered whole, the way a project's templates are. */
function wholePages(ir: Ir, templates: readonly TemplateFile[]): string[] {
  const render = templateRenderer(templates, DOCS_ENTRY);
  return interfaceModules(ir).map((module) => {
    const rendered = render(buildDocsPage(ir, module));
    return toPrettierForm(rendered) ?? rendered;
  });
}

/** The docs emitter's pages, with the memo store seeded with `seed`; returns what it used too. */
async function emitted(
  ir: Ir,
  templates: readonly TemplateFile[],
  seed: readonly MemoEntry[] = [],
): Promise<{ pages: string[]; memo: MemoEntry[] }> {
  const { files, used } = await emitSeeded(seed, () => docsEmitter({ ir, runtimeFiles: [], templates }));
  return { pages: files.map((file) => file.content), memo: used };
}

const docsKeys = (entries: readonly MemoEntry[]) =>
  new Set(entries.map(([key]) => key).filter((key) => key.startsWith('docs/')));

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };
const mutable = (ir: Ir) => ir as unknown as Mutable<Ir>;

describe('a docs page made part by part', () => {
  it('is the page rendered whole, for the repository definitions, the synthetic ones and APIs without origins', async () => {
    const fixture = (name: string) => irOf(join(root, 'test/fixtures', name, 'definitions'));
    for (const { ir, templates } of [
      await irOf(),
      await synthetic(6),
      await fixture('library'),
      await fixture('wire'),
    ]) {
      const sectioned = sectionedPages(templates, DOCS_ENTRY);
      // Really made part by part, not rendered whole as the fallback.
      for (const module of interfaceModules(ir)) {
        const page = sectioned(ir, module);
        const rendered = page.parts.map((each) => each.render(each.input as never));
        expect(page.assemble(rendered), module.name).toBeDefined();
      }
      expect((await emitted(ir, templates)).pages).toEqual(wholePages(ir, templates));
    }
  });

  it('after a change, from remembered parts, is the page rendered whole from scratch', async () => {
    const { ir, templates } = await synthetic(6);
    const api = mutable(ir).modules.find((module) => module.name === 'admin-api') as Mutable<Ir['modules'][number]>;
    const field = (record: string, name: string) =>
      api.records.find((candidate) => candidate.name === record)?.fields.find((candidate) => candidate.name === name);
    const changes: [string, () => void][] = [
      ['a record field', () => Object.assign(field('entity003', 'name')?.type.constraints ?? {}, { maxLength: 300 })],
      [
        'a record of another module',
        () => Object.assign(ir.records.get('shared.createdRef') ?? {}, { description: 'Changed, in `shared`.' }),
      ],
      ['a route description', () => Object.assign(api.routes[5] ?? {}, { description: 'Lists | pipes *and* stars.' })],
      ['a query default', () => Object.assign(api.routes[0]?.query[0] ?? {}, { default: 7 })],
      ['an error status in the catalog', () => Object.assign(api.errors[0] ?? {}, { status: 418 })],
      ['a route removed', () => api.routes.splice(2, 1)],
      ['the interface description', () => Object.assign(api.interface ?? {}, { description: 'A new description.' })],
    ];
    let { pages, memo } = await emitted(ir, templates);
    for (const [what, change] of changes) {
      change();
      const rerun = await emitted(ir, templates, memo);
      const cold = await emitted(ir, templates);
      expect(cold.pages, what).not.toEqual(pages);
      expect(rerun.pages, what).toEqual(cold.pages);
      expect(cold.pages, what).toEqual(wholePages(ir, templates));
      // Most parts were reused.
      const before = docsKeys(memo);
      const after = [...docsKeys(rerun.memo)];
      expect(after.filter((key) => before.has(key)).length, what).toBeGreaterThan(after.length / 2);
      ({ pages, memo } = rerun);
    }
  });

  it('reuses every part when only source locations moved', async () => {
    const { ir, templates } = await synthetic(4);
    const first = await emitted(ir, templates);
    const shift = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      const location = (node as { location?: { line: number } }).location;
      if (location) Object.assign(node, { location: { ...location, line: location.line + 3 } });
      for (const value of node instanceof Map ? node.values() : Object.values(node)) shift(value);
    };
    for (const module of ir.modules) shift(module);
    const rerun = await emitted(ir, templates, first.memo);
    expect(rerun.pages).toEqual(first.pages);
    expect(docsKeys(rerun.memo)).toEqual(docsKeys(first.memo));
  });

  it('text that looks like a part marker does not fool the page', async () => {
    const { ir, templates } = await synthetic(2);
    const module = mutable(ir).modules.find((candidate) => candidate.interface !== undefined);
    Object.assign(module?.interface ?? {}, { description: '\u0000docs-route 0\u0000' });
    expect((await emitted(ir, templates)).pages).toEqual(wholePages(ir, templates));
  });
});

describe('parts joined in prettier form', () => {
  const line = fc.constantFrom('text', '## ', '# title', '', '', '<a id="x"></a>', '- item');
  // Lines that make a table with a neighbour's, or a part that does not fit.
  const rowish = fc.constantFrom('| a | b |', '| --- | --- |', '| :-- | --: |');
  const cell = fc.constantFrom('a', 'long cell', '中文', '`x\\|y`', '');
  // A table as the templates write one: cells unpadded, a blank line after it.
  const table = fc
    .integer({ min: 1, max: 3 })
    .chain((columns) =>
      fc
        .tuple(
          fc.array(fc.constantFrom('---', ':--', '--:', ':-:'), { minLength: columns, maxLength: columns }),
          fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { minLength: 1, maxLength: 4 }),
        )
        .map(
          ([aligns, rows]) =>
            `${[rows[0] as string[], aligns, ...rows.slice(1)].map((row) => `| ${row.join(' | ')} |`).join('\n')}\n\n`,
        ),
    );
  const block = fc.oneof(
    { arbitrary: line.map((text) => `${text}\n`), weight: 6 },
    { arbitrary: rowish.map((text) => `${text}\n`), weight: 1 },
    { arbitrary: table, weight: 2 },
  );
  const part = fc.array(block, { maxLength: 6 }).map((blocks) => blocks.join(''));

  it('are toPrettierForm of the parts joined, whenever every part fits', () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
        const inForm = parts.map(partInPrettierForm);
        if (inForm.some((text) => text === null)) return;
        expect(joinParts(inForm as string[])).toBe(toPrettierForm(parts.join('')));
      }),
      { numRuns: 2000 },
    );
  });

  it('in a skeleton in prettier form, in place of its markers, are toPrettierForm of the page with the parts in place', () => {
    fc.assert(
      fc.property(part, fc.array(fc.tuple(part, part), { maxLength: 5 }), (start, rest) => {
        const skeleton = toPrettierForm(
          start + rest.map(([_section, after], index) => marker('docs-route', index) + after).join(''),
        );
        const inForm = rest.map(([section]) => partInPrettierForm(section));
        if (skeleton === undefined || inForm.some((text) => text === null)) return;
        const page = fillSkeleton(skeleton, rest.length, (partial, index) =>
          partial === 'docs-route' ? (inForm[index] ?? null) : null,
        );
        expect(page).toBe(toPrettierForm(start + rest.map(([section, after]) => section + after).join('')));
      }),
      { numRuns: 2000 },
    );
  });

  it('a part that could run into a neighbour’s table does not fit', () => {
    expect(partInPrettierForm('| a |\n| --- |\n')).toBeNull();
    expect(partInPrettierForm('text\n| a |\n')).toBeNull();
    expect(partInPrettierForm('text')).toBeNull();
    expect(partInPrettierForm('text\n\n| a |\n| --- |\n\n')).toBe('text\n\n| a |\n| --- |\n\n');
  });
});
