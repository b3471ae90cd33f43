// A large run hands some emitters to a worker thread: what it makes must not depend on that.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
// The worker is a compiled script: these tests use the build (npm test builds first).
const dist = (path: string) => import(join(root, 'dist', path));

async function realContext() {
  const { resolveConfig } = await dist('config.js');
  const { collectInputs } = await dist('inputs.js');
  const { buildIrFromInputs } = await dist('build-ir.js');
  const inputs = await collectInputs(await resolveConfig({ cwd: root }));
  const templates = inputs.templates.map((template: { name: string }) => ({ ...template, file: `templates/${template.name}` }));
  return { ir: buildIrFromInputs(inputs), runtimeFiles: inputs.runtimeFiles, templates };
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
    const broken = context.templates.map((template: { name: string; content: string }) =>
      template.name === 'docs-interface.md.hbs' ? { ...template, content: `${template.content}\n{{#if}}` } : template,
    );
    const { prepareEmitWorker } = await dist('emitters/run-emitters.js');
    const worker = prepareEmitWorker(0, 'off', 0);
    const error = await runEmitters(EMITTERS, { ...context, templates: broken }, worker)
      .catch((caught: unknown) => caught)
      .finally(() => worker.finish());
    expect((error as Error).name).toBe('DefinitionsError');
    expect((error as { diagnostics: { code: string; file: string }[] }).diagnostics[0]).toMatchObject({ code: 'SVC401', file: 'templates/docs-interface.md.hbs' });
  }, 60_000);

  it('keep the worker script beside the build', async () => {
    await expect(readFile(join(root, 'dist/emitters/emit-worker.js'), 'utf8')).resolves.toContain('parentPort');
  });
});
