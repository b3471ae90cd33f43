// A large run hands some emitters to a worker thread: what it makes must not depend on that.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticProject } from '../foundation/helpers.js';

const root = resolve(import.meta.dirname, '../..');
// The worker is a compiled script: these tests use the build (npm test builds first).
const dist = (path: string) => import(join(root, 'dist', path));
const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function realContext() {
  const { resolveConfig } = await dist('config.js');
  const { collectInputs } = await dist('inputs.js');
  const { buildIrFromInputs } = await dist('build-ir.js');
  const inputs = await collectInputs(await resolveConfig({ cwd: root }));
  const templates = inputs.templates.map((template: { name: string }) => ({ ...template, file: `templates/${template.name}` }));
  return { ir: await buildIrFromInputs(inputs), runtimeFiles: inputs.runtimeFiles, templates };
}

/** The templates with the docs page template made invalid Handlebars. */
function withBrokenDocsTemplate(templates: { name: string; content: string }[]) {
  return templates.map((template) => (template.name === 'docs-interface.md.hbs' ? { ...template, content: `${template.content}\n{{#if}}` } : template));
}

describe('emitters split over a worker thread', () => {
  it('make the same files as in one thread', async () => {
    const { runEmitters } = await dist('emitters/run-emitters.js');
    const { EMITTERS } = await dist('emitters/index.js');
    const context = await realContext();
    const { prepareEmitWorker } = await dist('emitters/run-emitters.js');
    const inOneThread = await runEmitters(EMITTERS, context, undefined);
    const worker = prepareEmitWorker(0, 'off', 0);
    expect(worker).toBeDefined();
    const split = await runEmitters(EMITTERS, context, worker).finally(() => worker.finish());
    expect([...split.keys()].sort()).toEqual([...inOneThread.keys()].sort());
    for (const [name, files] of inOneThread) expect(split.get(name), name).toEqual(files);
  }, 60_000);

  it('send the IR as JSON text that reads back to what every emitter makes from the IR itself', async () => {
    const { runEmitters } = await dist('emitters/run-emitters.js');
    const { EMITTERS } = await dist('emitters/index.js');
    const { irFromJson, irToJson } = await dist('ir/ir-json.js');
    const context = await realContext();
    const readBack = irFromJson(irToJson(context.ir));
    expect([...readBack.records.keys()]).toEqual([...context.ir.records.keys()]);
    // One object per record, shared by its module and the table, as buildIr makes them.
    for (const module of readBack.modules) for (const record of module.records) expect(readBack.records.get(record.key)).toBe(record);
    const fromIr = await runEmitters(EMITTERS, context, undefined);
    const fromJson = await runEmitters(EMITTERS, { ...context, ir: readBack }, undefined);
    for (const [name, files] of fromIr) expect(fromJson.get(name), name).toEqual(files);
  }, 60_000);

  it('report a template error from the worker as located diagnostics', async () => {
    const { runEmitters } = await dist('emitters/run-emitters.js');
    const { EMITTERS } = await dist('emitters/index.js');
    const context = await realContext();
    const broken = withBrokenDocsTemplate(context.templates);
    const { prepareEmitWorker } = await dist('emitters/run-emitters.js');
    const worker = prepareEmitWorker(0, 'off', 0);
    const error = await runEmitters(EMITTERS, { ...context, templates: broken }, worker)
      .catch((caught: unknown) => caught)
      .finally(() => worker.finish());
    expect((error as Error).name).toBe('DefinitionsError');
    expect((error as { diagnostics: { code: string; file: string }[] }).diagnostics[0]).toMatchObject({ code: 'SVC401', file: 'templates/docs-interface.md.hbs' });
  }, 60_000);

  it('start once: a second give answers with the first job, and abort ends a worker that has not answered', async () => {
    const { prepareEmitWorker } = await dist('emitters/run-emitters.js');
    const { EMITTERS } = await dist('emitters/index.js');
    const context = await realContext();
    const worker = prepareEmitWorker(0, 'off', 0);
    const first = worker.give(EMITTERS, context);
    expect(worker.give(EMITTERS, { ...context, templates: [] })).toBe(first);
    // Ended at once: its answer never comes, and no failure is left unhandled.
    await worker.abort();
    const answer = await Promise.race([Promise.any(first.values()).then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('pending'), 200))]);
    expect(answer).toBe('pending');
  }, 60_000);

  it('answer each emitter on its own: one that fails after another was answered leaves that one its files', async () => {
    const { prepareEmitWorker } = await dist('emitters/run-emitters.js');
    const { EMITTERS } = await dist('emitters/index.js');
    const context = await realContext();
    const broken = withBrokenDocsTemplate(context.templates);
    const worker = prepareEmitWorker(0, 'off', 0);
    const parts: Map<string, Promise<{ path: string }[]>> = worker.give(EMITTERS, { ...context, templates: broken });
    expect([...parts.keys()]).toEqual(['openapi', 'docs']);
    const [openapi, docs] = await Promise.allSettled([parts.get('openapi'), parts.get('docs')]).finally(() => worker.finish());
    expect(openapi.status === 'fulfilled' && openapi.value?.map((file) => file.path)).toContain('admin-api/openapi.json');
    expect(docs.status === 'rejected' && (docs.reason as Error).name).toBe('DefinitionsError');
  }, 60_000);

  it('a run whose checks across the IR fail after the worker has it reports them, and ends the worker', async () => {
    // Large enough for the emitter worker (see WORKER_MIN_DEFINITION_BYTES).
    const { dir, admin, options } = await syntheticProject(60);
    temporary.push(dir);
    const text = await readFile(admin, 'utf8');
    // A second route answering GET /entity000: found by the duplicate-route check, after the IR is built.
    const listRoute = /\n {2}listEntity000:\n[\s\S]*?(?=\n {2}getEntity000:)/.exec(text)?.[0];
    expect(listRoute).toBeDefined();
    await writeFile(admin, text.replace(listRoute as string, `${listRoute}${(listRoute as string).replace('listEntity000:', 'listEntity000Again:')}`));
    const { generate } = await dist('generate.js');
    const result = await generate(options);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((diagnostic: { code: string }) => diagnostic.code)).toEqual(['SVC203']);
  }, 60_000);

  it('check definition entries on the worker as this thread would, and here once the worker has ended', async () => {
    const { prepareEmitWorker } = await dist('emitters/run-emitters.js');
    const { checkHere } = await dist('definitions/validate-by-entry.js');
    const { parse } = await import('yaml');
    const admin = parse(await readFile(join(root, 'definitions/admin-api.yaml'), 'utf8')) as { records: Record<string, unknown>; routes: Record<string, unknown> };
    const entries = [
      ...Object.values(admin.records).map((input) => ({ kind: 'records', input })),
      ...Object.values(admin.routes).map((input) => ({ kind: 'routes', input })),
      { kind: 'records', input: { fields: { id: { type: 'nope' } } } },
    ];
    const here = await checkHere(entries);
    expect(here.at(-1)).toBe(false);
    const worker = prepareEmitWorker(0, 'off', 0);
    // Two requests at once: each gets its own answer.
    const [first, second] = await Promise.all([worker.checkEntries(entries), worker.checkEntries(entries.slice(0, 2))]);
    expect(first).toEqual(here);
    expect(second).toEqual(here.slice(0, 2));
    await worker.finish();
    expect(await worker.checkEntries(entries)).toEqual(here);
  }, 60_000);

  it('a run with a definition entry that no longer checks out reports it, with the worker checking entries', async () => {
    const { dir, admin, options } = await syntheticProject(60);
    temporary.push(dir);
    const { generate } = await dist('generate.js');
    expect((await generate(options)).ok).toBe(true);
    // The rerun finds every other entry remembered: the worker checks this one alone, and the whole-file check says
    // where.
    const text = await readFile(admin, 'utf8');
    await writeFile(admin, text.replace('    method: GET\n    path: /entity000\n', '    method: FETCH\n    path: /entity000\n'));
    const result = await generate(options);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((diagnostic: { code: string; file: string }) => [diagnostic.code, diagnostic.file.endsWith('admin-api.yaml')])).toEqual([['SVC105', true]]);
  }, 60_000);

  it('keep the worker script beside the build', async () => {
    await expect(readFile(join(root, 'dist/emitters/emit-worker.js'), 'utf8')).resolves.toContain('parentPort');
  });
});
