// The openapi emitter's parts (each operation, and the components the operations reach, grouped by
// the first operation that calls for them) are remembered by their input: a rerun that reuses them
// writes exactly what a run without any memo writes, also when a change moves which route first
// calls for a component (so a remembered route's source prints it again).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import { openapiEmitter } from '../../src/emitters/openapi/index.js';
import { emitSeeded, type MemoEntry } from '../incremental/memo-run.js';
import { collectInputs } from '../../src/inputs.js';
import type { Ir } from '../../src/ir/types.js';
import { tempDir } from '../helpers/tree.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function irOf(count: number, variant: number): Promise<Ir> {
  const dir = await tempDir('svcgen-openapi-memo-');
  temporary.push(dir);
  await synthesize(count, join(dir, 'definitions'), variant);
  return await buildIrFromInputs(
    await collectInputs(await resolveConfig({ cwd: dir, definitionsDir: join(dir, 'definitions') })),
  );
}

/** The documents, and the memo entries the run used. */
async function emit(
  ir: Ir,
  memo: readonly MemoEntry[],
): Promise<{ documents: Record<string, string>; memo: MemoEntry[] }> {
  const { files, used } = await emitSeeded(memo, () => openapiEmitter({ ir, runtimeFiles: [], templates: [] }));
  return { documents: Object.fromEntries(files.map((file) => [file.path, file.content])), memo: used };
}

const withoutFirstRoute = (ir: Ir): Ir => ({
  ...ir,
  modules: ir.modules.map((module) =>
    module.name === 'admin-api' ? { ...module, routes: module.routes.slice(1) } : module,
  ),
});

describe('openapi memo', () => {
  it('a rerun after one entity changed writes what a run without memo writes', async () => {
    const first = await emit(await irOf(16, 0), []);
    const changed = await irOf(16, 1);
    const rerun = await emit(changed, first.memo);
    expect(rerun.documents).toEqual((await emit(changed, [])).documents);
    // The change reached the document, and most routes and components were reused.
    expect(rerun.documents['admin-api/openapi.json']).not.toBe(first.documents['admin-api/openapi.json']);
    const before = new Set(first.memo.map(([key]) => key));
    const reused = rerun.memo.filter(([key]) => key.startsWith('openapi/') && before.has(key)).length;
    expect(reused / rerun.memo.filter(([key]) => key.startsWith('openapi/')).length).toBeGreaterThan(0.8);
  }, 60_000);

  it('a remembered route builds a component it is now the first to call for, as a run without memo does', async () => {
    const ir = await irOf(6, 0);
    const first = await emit(ir, []);
    // The first route called for shared components (error bodies, json:api schemas) first; now later, remembered routes
    // do.
    const fewer = withoutFirstRoute(ir);
    const rerun = await emit(fewer, first.memo);
    expect(rerun.documents).toEqual((await emit(fewer, [])).documents);
    const before = new Set(first.memo.map(([key]) => key));
    expect(
      rerun.memo.filter(([key]) => key.startsWith('openapi/components') && !before.has(key)).length,
    ).toBeGreaterThan(0);
  }, 60_000);
});
