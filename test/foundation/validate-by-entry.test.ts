// Definitions checked record by record and route by route, remembered by content
// (src/definitions/validate-by-entry.ts), must take exactly what checking the whole file takes,
// give the IR it gives, and leave every invalid file to the whole-file check and its located
// diagnostics.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import type { ChunkStore } from '../../src/definitions/chunked-load.js';
import { parseDefinitionSources } from '../../src/definitions/load.js';
import { DefinitionFileSchema, type DefinitionFile } from '../../src/definitions/schema.js';
import {
  checkHere,
  validateByEntry,
  type CheckMemo,
  type EntryChecker,
  type EntryToCheck,
} from '../../src/definitions/validate-by-entry.js';
import { collectInputs } from '../../src/inputs.js';
import { buildIr } from '../../src/ir/build.js';
import { generate } from '../../src/pipeline.js';
import { ROOT, syntheticProject } from './helpers.js';
import { tempDir } from '../helpers/tree.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function definitionValues(dir: string): Promise<unknown[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml')).sort();
  return Promise.all(names.map(async (name) => parse(await readFile(join(dir, name), 'utf8')) as unknown));
}

/** Just enough of a zod schema's definition to walk it. */
interface SchemaDef {
  readonly type: string;
  readonly shape?: Record<string, { _zod: { def: SchemaDef } }>;
  readonly innerType?: { _zod: { def: SchemaDef } };
  readonly valueType?: { _zod: { def: SchemaDef } };
  readonly element?: { _zod: { def: SchemaDef } };
  readonly getter?: () => { _zod: { def: SchemaDef } };
  readonly options?: readonly { _zod: { def: SchemaDef } }[];
}

/**
 * The value with the keys of each object the schema describes (not of its maps, whose order is
 * the definitions' own) in reverse order. A union's options each see the value: reversing is the
 * same whichever matches, as their objects share the keys they both have.
 */
function objectKeysReversed(value: unknown, def: SchemaDef): unknown {
  if (def.type === 'optional' || def.type === 'nullable')
    return def.innerType ? objectKeysReversed(value, def.innerType._zod.def) : value;
  if (def.type === 'lazy' && def.getter) return objectKeysReversed(value, def.getter()._zod.def);
  if (def.type === 'union')
    return (def.options ?? []).reduce((current, option) => objectKeysReversed(current, option._zod.def), value);
  if (typeof value !== 'object' || value === null) return value;
  if (def.type === 'array' && Array.isArray(value))
    return value.map((item) => (def.element ? objectKeysReversed(item, def.element._zod.def) : item));
  if (Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (def.type === 'record')
    return Object.fromEntries(
      entries.map(([key, member]) => [
        key,
        def.valueType ? objectKeysReversed(member, def.valueType._zod.def) : member,
      ]),
    );
  if (def.type !== 'object') return value;
  return Object.fromEntries(
    entries
      .reverse()
      .map(([key, member]) => [key, def.shape?.[key] ? objectKeysReversed(member, def.shape[key]._zod.def) : member]),
  );
}

/** A memo as a run's cache gives it: what earlier runs kept (`seeded`), and what this one used. */
/** A run's memo as the incremental cache gives it: one store for check results and parsed chunks. */
function checkMemo(
  seeded: ReadonlyMap<string, unknown> = new Map(),
): CheckMemo & ChunkStore & { used: Map<string, unknown> } {
  const used = new Map<string, unknown>();
  return {
    used,
    get: (key: string) => used.get(key) ?? seeded.get(key),
    set: (key: string, value: unknown) => void used.set(key, value),
  };
}

/** One file checked entry by entry, on this thread. */
const byEntry = async (value: unknown, check: EntryChecker = checkHere, memo: CheckMemo = checkMemo()) =>
  (await validateByEntry([value], check, memo))[0];

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}

describe('checking definitions entry by entry', () => {
  it('takes what the whole-file check takes, as written, for the real and synthetic definitions', async () => {
    const dir = await tempDir('svcgen-by-entry-');
    temporary.push(dir);
    await synthesize(5, dir);
    const values = [...(await definitionValues(join(ROOT, 'definitions'))), ...(await definitionValues(dir))];
    // Keys in an order other than the schema's, and a file with records but no routes.
    const admin = values.find((value) => (value as { name?: string }).name === 'admin-api') as Record<string, unknown>;
    values.push({
      routes: admin.routes,
      records: admin.records,
      interface: admin.interface,
      auth: admin.auth,
      errors: admin.errors,
      name: admin.name,
    });
    values.push({ records: admin.records, name: 'only-records' });
    const memo = checkMemo();
    for (const value of values) {
      expect(DefinitionFileSchema.safeParse(value).success).toBe(true);
      expect(await byEntry(value, checkHere, memo)).toBe(value);
      // Again, now from the memo: the same.
      expect(await byEntry(value, checkHere, memo)).toBe(value);
    }
  });

  it('builds the IR the whole-file check gives, whatever the order of the keys in an object', async () => {
    const dir = await tempDir('svcgen-key-order-');
    temporary.push(dir);
    await synthesize(5, join(dir, 'definitions'));
    for (const cwd of [ROOT, dir]) {
      const loaded = parseDefinitionSources((await collectInputs(await resolveConfig({ cwd }))).definitions);
      const build = (definition: (value: unknown) => unknown) =>
        JSON.stringify(
          buildIr(loaded.files.map((file) => ({ loaded: file, definition: definition(file.value) as DefinitionFile })))
            .ir,
        );
      const checked = build((value) => DefinitionFileSchema.parse(value));
      expect(build((value) => objectKeysReversed(value, DefinitionFileSchema._zod.def as unknown as SchemaDef))).toBe(
        checked,
      );
      expect(build((value) => value)).toBe(checked);
    }
  });

  it('leaves an invalid entry, name or file to the whole-file check', async () => {
    const [admin] = (await definitionValues(join(ROOT, 'definitions'))).filter(
      (value) => (value as { name?: string }).name === 'admin-api',
    ) as Record<string, Record<string, unknown>>[];
    if (!admin) throw new Error('no admin-api definitions');
    const firstRecord = Object.keys(admin.records ?? {})[0] ?? '';
    expect(await byEntry(admin)).toBeDefined();
    expect(
      await byEntry({ ...admin, records: { ...admin.records, [firstRecord]: { fields: { id: { type: 'nope' } } } } }),
    ).toBeUndefined();
    expect(
      await byEntry({ ...admin, routes: { 'bad name': { method: 'GET', path: '/x', responses: {} } } }),
    ).toBeUndefined();
    expect(await byEntry({ ...admin, records: null })).toBeUndefined();
    expect(await byEntry({ ...admin, unknownKey: 1 })).toBeUndefined();
    expect(await byEntry([admin])).toBeUndefined();
  });

  it('hands out remembered results that building the IR never changes', async () => {
    const inputs = await collectInputs(await resolveConfig({ cwd: ROOT }));
    const memo = checkMemo();
    const first = JSON.stringify(await buildIrFromInputs(inputs, memo));
    expect(memo.used.size).toBeGreaterThan(50);
    // Frozen, a remembered result throws on any write (modules run in strict mode).
    for (const [, value] of memo.used) deepFreeze(value);
    expect(JSON.stringify(await buildIrFromInputs(inputs, checkMemo(memo.used)))).toBe(first);
  });
});

describe('what is checked, and where', () => {
  /** checkHere, recording every batch it is given. */
  function recordingChecker(): { check: EntryChecker; batches: EntryToCheck[][] } {
    const batches: EntryToCheck[][] = [];
    return { batches, check: async (entries) => (batches.push([...entries]), checkHere(entries)) };
  }

  it('checks only the entries no earlier run checked, all files in one batch', async () => {
    const values = await definitionValues(join(ROOT, 'definitions'));
    const entryCount = values.reduce<number>((sum, value) => {
      const { records = {}, routes = {} } = value as { records?: object; routes?: object };
      return sum + 1 + Object.keys(records).length + Object.keys(routes).length;
    }, 0);
    const firstRun = checkMemo();
    const first = recordingChecker();
    const checked = await validateByEntry(values, first.check, firstRun);
    expect(first.batches.map((batch) => batch.length)).toEqual([entryCount]);

    // The next run, seeded with what this one used, after one record changed.
    const secondRun = checkMemo(firstRun.used);
    const admin = values.find((value) => (value as { name?: string }).name === 'admin-api') as {
      records: Record<string, { description?: string }>;
    };
    const [name, record] = Object.entries(admin.records)[0] ?? [];
    if (!name || !record) throw new Error('no admin-api record');
    const edited = values.map((value) =>
      value === admin
        ? { ...admin, records: { ...admin.records, [name]: { ...record, description: 'changed' } } }
        : value,
    );
    const second = recordingChecker();
    const rechecked = await validateByEntry(edited, second.check, secondRun);
    expect(second.batches).toEqual([[{ kind: 'records', input: { ...record, description: 'changed' } }]]);
    expect(rechecked).toEqual(edited);

    // Unchanged: nothing to check.
    const third = recordingChecker();
    expect((await validateByEntry(values, third.check, secondRun)).map((file) => JSON.stringify(file))).toEqual(
      checked.map((file) => JSON.stringify(file)),
    );
    expect(third.batches).toEqual([]);
  });

  it('checks every entry without a memo (a run without caches)', async () => {
    const [admin] = (await definitionValues(join(ROOT, 'definitions'))) as { records: object; routes: object }[];
    if (!admin) throw new Error('no definitions');
    const entries = 1 + Object.keys(admin.records).length + Object.keys(admin.routes).length;
    const recording = recordingChecker();
    await validateByEntry([admin, admin], recording.check);
    await validateByEntry([admin], recording.check);
    expect(recording.batches.map((batch) => batch.length)).toEqual([2 * entries, entries]);
  });

  it('takes false from the checker as invalid, and leaves the file to the whole-file check', async () => {
    const memo = checkMemo();
    const [admin] = await definitionValues(join(ROOT, 'definitions'));
    expect(await byEntry(admin, async (entries) => entries.map(() => false), memo)).toBeUndefined();
    // Nothing was remembered as checked: the next check asks again.
    const recording = recordingChecker();
    expect(await byEntry(admin, recording.check, memo)).toBeDefined();
    expect(recording.batches).toHaveLength(1);
  });
});

describe('remembered entries', () => {
  it('are checked again, and searched for unusable values again, once their text changes', async () => {
    const { dir, admin, options } = await syntheticProject(8);
    temporary.push(dir);
    const text = await readFile(admin, 'utf8');
    expect((await generate(options)).ok).toBe(true);
    const at = (edited: string, needle: string) => edited.slice(0, edited.indexOf(needle)).split('\n').length;

    const notFinite = text.replace(
      /\n {2}entity007:\n(?: {4}.*\n)*? {4}fields:\n/,
      (found) => `${found}      heft: { type: number, default: .nan }\n`,
    );
    expect(notFinite).not.toBe(text);
    await writeFile(admin, notFinite);
    const first = await generate(options);
    expect(first.ok).toBe(false);
    expect(first.ok ? [] : first.diagnostics.map(({ code, line }) => [code, line])).toEqual([
      ['SVC107', at(notFinite, 'heft:')],
    ]);

    const badMethod = text.replace(
      '    method: GET\n    path: /entity003\n',
      '    method: FETCH\n    path: /entity003\n',
    );
    expect(badMethod).not.toBe(text);
    await writeFile(admin, badMethod);
    const second = await generate(options);
    expect(second.ok ? [] : second.diagnostics.map(({ code, line }) => [code, line])).toEqual([
      ['SVC105', at(badMethod, 'FETCH')],
    ]);

    await writeFile(admin, text);
    expect((await generate(options)).ok).toBe(true);
  }, 60_000);
});
