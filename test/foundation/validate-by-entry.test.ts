// Definitions checked record by record and route by route, remembered by content
// (src/definitions/validate-by-entry.ts), must give exactly what checking the whole file gives,
// and leave every invalid file to the whole-file check and its located diagnostics.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import { DefinitionFileSchema } from '../../src/definitions/schema.js';
import { validateByEntry } from '../../src/definitions/validate-by-entry.js';
import { startMemo, usedMemo } from '../../src/emitters/shared/memo.js';
import { collectInputs } from '../../src/inputs.js';
import { ROOT } from './helpers.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function definitionValues(dir: string): Promise<unknown[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml')).sort();
  return Promise.all(names.map(async (name) => parse(await readFile(join(dir, name), 'utf8')) as unknown));
}

/** The whole-file check's result, as JSON text: key order included. */
const wholeFile = (value: unknown) => JSON.stringify(DefinitionFileSchema.parse(value));

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}

describe('checking definitions entry by entry', () => {
  it('gives what the whole-file check gives, key order included, for the real and synthetic definitions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-by-entry-'));
    temporary.push(dir);
    await synthesize(5, dir);
    const values = [...(await definitionValues(join(ROOT, 'definitions'))), ...(await definitionValues(dir))];
    // Keys in an order other than the schema's, and a file with records but no routes.
    const admin = values.find((value) => (value as { name?: string }).name === 'admin-api') as Record<string, unknown>;
    values.push({ routes: admin.routes, records: admin.records, interface: admin.interface, auth: admin.auth, errors: admin.errors, name: admin.name });
    values.push({ records: admin.records, name: 'only-records' });
    startMemo([]);
    for (const value of values) {
      const checked = validateByEntry(value);
      expect(checked).toBeDefined();
      expect(JSON.stringify(checked)).toBe(wholeFile(value));
      // Again, now from the memo: the same.
      expect(JSON.stringify(validateByEntry(value))).toBe(wholeFile(value));
    }
  });

  it('leaves an invalid entry, name or file to the whole-file check', async () => {
    startMemo([]);
    const [admin] = (await definitionValues(join(ROOT, 'definitions'))).filter((value) => (value as { name?: string }).name === 'admin-api') as Record<string, Record<string, unknown>>[];
    if (!admin) throw new Error('no admin-api definitions');
    const firstRecord = Object.keys(admin.records ?? {})[0] ?? '';
    expect(validateByEntry(admin)).toBeDefined();
    expect(validateByEntry({ ...admin, records: { ...admin.records, [firstRecord]: { fields: { id: { type: 'nope' } } } } })).toBeUndefined();
    expect(validateByEntry({ ...admin, routes: { 'bad name': { method: 'GET', path: '/x', responses: {} } } })).toBeUndefined();
    expect(validateByEntry({ ...admin, records: null })).toBeUndefined();
    expect(validateByEntry({ ...admin, unknownKey: 1 })).toBeUndefined();
    expect(validateByEntry([admin])).toBeUndefined();
  });

  it('hands out remembered results that building the IR never changes', async () => {
    const inputs = await collectInputs(await resolveConfig({ cwd: ROOT }));
    startMemo([]);
    const first = JSON.stringify(buildIrFromInputs(inputs));
    expect(usedMemo().length).toBeGreaterThan(50);
    // Frozen, a remembered result throws on any write (modules run in strict mode).
    for (const [, value] of usedMemo()) deepFreeze(value);
    startMemo(usedMemo());
    expect(JSON.stringify(buildIrFromInputs(inputs))).toBe(first);
  });
});
