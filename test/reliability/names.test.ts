// Names: definition names that would make invalid or colliding TypeScript identifiers either become
// valid, stable, collision-free identifiers (proved by compiling the generated code with tsc) or
// stop the run with a clear diagnostic (SVC204 for a collision, SVC214 for a name that cannot be used).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as prettier from 'prettier';
import { compactTables } from '../../src/emitters/docs/markdown-table.js';
import { stringify } from 'yaml';
import { DefinitionsError, type Diagnostic } from '../../src/definitions/diagnostics.js';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { PRETTIER_OPTIONS } from '../../src/emitters/shared/format-options.js';
import { runTsc } from '../foundation/helpers.js';
import { ESM_STRICT_INDEXED, TYPE_ROOTS } from '../helpers/compiler-options.js';
import { hashTree, removeCliSnapshot, removeDir, runCli, scratchInRepo, snapshotCli, writeTree } from './harness.js';

const SLOW = 10 * 60_000;
const LONG = `record${'Long'.repeat(60)}`;

/** One interface and one shared file, full of names that are awkward but usable. */
function awkwardDefinitions(): Record<string, unknown> {
  return {
    'default.yaml': {
      name: 'default',
      interface: { title: 'Default */ API', basePath: '/api', style: 'jsonapi', errorStyle: 'errors-array' },
      auth: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        delete: { type: 'apiKey', in: 'header', name: 'X-Delete-Key' },
      },
      errors: { notFound: { status: 404 }, 'gone-for-good': { kind: 'notFound', status: 410 } },
      records: {
        class: {
          description: 'A class */ with a comment terminator',
          fields: {
            delete: { type: 'string' },
            new: { type: 'integer', required: false },
            constructor: { type: 'string', required: false },
            'price-list': { type: 'number' },
            priceList: { type: 'number' },
            a_b: { type: 'boolean' },
            aB: { type: 'boolean' },
            function: { type: 'record', record: 'function', nullable: true, required: false },
            money: { type: 'record', record: 'common.money', required: false },
            [LONG]: { type: 'record', record: LONG, required: false, nullable: true },
          },
        },
        function: { fields: { typeof: { type: 'enum', values: ['in', 'of', 'class', 'x-y', '名前', "it's", '*/'] } } },
        'price-list-entry': { fields: { id: { type: 'integer' }, 'x-1': { type: 'string', default: '*/ `${x}`' } } },
        [LONG]: { fields: { id: { type: 'integer' } } },
        string: { fields: { value: { type: 'string' } } },
        promise: { fields: { value: { type: 'string' } } },
      },
      routes: {
        getClass: {
          summary: 'Gets */ a class',
          method: 'GET',
          path: '/class/{class}',
          auth: 'apiKey',
          pathParams: { class: { type: 'string' } },
          query: {
            delete: { type: 'boolean', required: false },
            'price-list': { type: 'string', required: false },
            'x.y': { type: 'string', required: false },
            名前: { type: 'string', required: false },
            constructor: { type: 'string', required: false },
            'filter[name]': { type: 'string', required: false },
            '': { type: 'string', required: false },
          },
          headers: { 'X-Delete': { type: 'string', required: false } },
          responses: { '200': { body: { type: 'record', record: 'class' } } },
          errors: ['notFound', 'gone-for-good'],
        },
        deleteClass: {
          method: 'DELETE',
          path: '/class/{id}',
          auth: 'delete',
          pathParams: { id: { type: 'integer' } },
          responses: { '204': {} },
        },
        newFunction: {
          method: 'POST',
          path: '/functions',
          auth: 'apiKey',
          body: { type: 'record', record: 'function' },
          responses: {
            '201': { body: { type: 'record', record: 'function' }, headers: { Location: { type: 'string' } } },
          },
        },
        getV2HTTPThing: {
          method: 'GET',
          path: '/things',
          responses: { '200': { body: { type: 'list', items: { type: 'record', record: 'promise' } } } },
        },
      },
    },
    'common.yaml': {
      name: 'common',
      records: { money: { fields: { amount: { type: 'number' }, in: { type: 'string' } } } },
    },
  };
}

/** The same definitions with every mapping's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversed(inner)]),
  );
}

function yamlFiles(definitions: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(definitions).map(([file, doc]) => [file, stringify(doc, { lineWidth: 0 })]));
}

let dir: string;

beforeAll(async () => {
  await snapshotCli();
  dir = await scratchInRepo('names');
});

afterAll(async () => {
  if (dir) await removeDir(dir);
  await removeCliSnapshot();
});

const tsc = (project: string) => runTsc(['-p', project]);

describe('awkward but usable names', () => {
  /** Generated identifiers (or property keys) that the names above must become, file by file. */
  const expected: readonly { given: string; file: string; want: string }[] = [
    { given: 'file "default"', file: 'default/server.ts', want: 'export interface DefaultHandlers' },
    { given: 'file "default"', file: 'default/server.ts', want: 'export function defaultPlugin(' },
    { given: 'file "default"', file: 'default/client.ts', want: 'export class DefaultClient' },
    { given: 'record "class"', file: 'default/types.ts', want: 'export interface Class {' },
    { given: 'record "class"', file: 'default/schemas.ts', want: 'export const class_Schema = ' },
    { given: 'record "function"', file: 'default/types.ts', want: 'export interface Function {' },
    { given: 'record "string"', file: 'default/types.ts', want: 'export interface String {' },
    { given: 'record "price-list-entry"', file: 'default/types.ts', want: 'export interface PriceListEntry {' },
    { given: `record "${LONG.slice(0, 12)}…"`, file: 'default/types.ts', want: `export interface R${LONG.slice(1)} {` },
    { given: 'field "delete"', file: 'default/types.ts', want: '  delete: string;' },
    { given: 'field "price-list"', file: 'default/types.ts', want: "  'price-list': number;" },
    { given: 'field "priceList"', file: 'default/types.ts', want: '  priceList: number;' },
    { given: 'field "a_b"', file: 'default/types.ts', want: '  a_b: boolean;' },
    { given: 'field "aB"', file: 'default/types.ts', want: '  aB: boolean;' },
    { given: 'path parameter "class"', file: 'default/schemas.ts', want: '  class: z.string(),' },
    { given: 'query parameter "名前"', file: 'default/schemas.ts', want: '  名前: z.string().optional(),' },
    { given: 'query parameter "x.y"', file: 'default/schemas.ts', want: "  'x.y': z.string().optional()," },
    { given: 'query parameter ""', file: 'default/schemas.ts', want: "  '': z.string().optional()," },
    { given: 'header "X-Delete"', file: 'default/schemas.ts', want: "  'x-delete': z.string().optional()," },
    { given: 'auth scheme "delete"', file: 'default/server.ts', want: 'readonly delete: ApiKeyOptions;' },
    { given: 'route "getV2HTTPThing"', file: 'default/client.ts', want: 'getV2HTTPThing(' },
    {
      given: 'a description with "*/"',
      file: 'default/types.ts',
      want: '/** A class *\\/ with a comment terminator */',
    },
  ];

  it(
    'compile with tsc under strict options, and read as expected',
    async () => {
      const out = join(dir, 'first', 'out');
      await writeTree(join(dir, 'first', 'definitions'), yamlFiles(awkwardDefinitions()));
      const run = await runCli(['generate', '--definitions', 'definitions', '--out', 'out'], join(dir, 'first'));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const compilerOptions = { ...ESM_STRICT_INDEXED, typeRoots: TYPE_ROOTS };
      const project = join(dir, 'first', 'tsconfig.json');
      await writeFile(project, JSON.stringify({ compilerOptions, include: [`${out}/**/*.ts`] }));
      const checked = await tsc(project);
      expect(checked.output).toBe('');
      expect(checked.code).toBe(0);
      const missing: string[] = [];
      for (const { given, file, want } of expected) {
        if (!(await readFile(join(out, file), 'utf8')).includes(want))
          missing.push(`${given}: ${JSON.stringify(want)} not in ${file}`);
      }
      expect(missing).toEqual([]);
      // The docs pages are rendered without prettier, the awkward names included, yet exactly what
      // prettier would print (the TypeScript, printed from svcgen's own tree, was compiled above).
      const printed = (await readdir(out, { recursive: true })).filter((file) => file.endsWith('.md'));
      expect(printed.length).toBeGreaterThanOrEqual(1);
      for (const file of printed) {
        const text = await readFile(join(out, file), 'utf8');
        expect(compactTables(await prettier.format(text, { ...PRETTIER_OPTIONS, filepath: file })), file).toBe(text);
      }
    },
    SLOW,
  );

  it(
    'are stable: the same output whatever the order of the definitions',
    async () => {
      await writeTree(
        join(dir, 'second', 'definitions'),
        yamlFiles(reversed(awkwardDefinitions()) as Record<string, unknown>),
      );
      const run = await runCli(['generate', '--definitions', 'definitions', '--out', 'out'], join(dir, 'second'));
      expect(run.code, run.stderr).toBe(0);
      // The manifest holds a hash of the definitions' bytes, which the reordering changes; nothing else may change.
      const generated = async (folder: string) =>
        Object.fromEntries(
          Object.entries(await hashTree(join(dir, folder, 'out'))).filter(([path]) => path !== '.svcgen-manifest.json'),
        );
      const first = await generated('first');
      expect(Object.keys(first).length).toBeGreaterThan(10);
      expect(await generated('second')).toEqual(first);
    },
    SLOW,
  );
});

/** Diagnostics of a definitions folder, in process. */
async function diagnosticsOf(files: Record<string, unknown>): Promise<readonly Diagnostic[]> {
  try {
    await buildIrFromInputs({
      definitions: Object.entries(yamlFiles(files)).map(([file, text]) => ({ file, bytes: Buffer.from(text) })),
      diagnostics: [],
    });
  } catch (error) {
    if (error instanceof DefinitionsError) return error.diagnostics;
    throw error;
  }
  return [];
}

const IFACE = { title: 'Shop', basePath: '/api', style: 'success-envelope', errorStyle: 'success-false' };
const ok = { '200': {} };
const shopWith = (parts: Record<string, unknown>, name = 'shop') => ({ [`${name}.yaml`]: { name, ...parts } });

describe('names that cannot become identifiers', () => {
  const table: readonly { given: string; files: Record<string, unknown>; code: string; says: string }[] = [
    {
      given: 'route "new"',
      files: shopWith({ interface: IFACE, routes: { new: { method: 'POST', path: '/a', responses: ok } } }),
      code: 'SVC214',
      says: 'route name "new" is a reserved or contextual word of TypeScript (expected another name, e.g. "newItem"',
    },
    {
      given: 'route "constructor"',
      files: shopWith({ interface: IFACE, routes: { constructor: { method: 'GET', path: '/a', responses: ok } } }),
      code: 'SVC214',
      says: 'route name "constructor" is a reserved',
    },
    {
      given: 'route "get-price"',
      files: shopWith({ interface: IFACE, routes: { 'get-price': { method: 'GET', path: '/a', responses: ok } } }),
      code: 'SVC214',
      says: 'route name "get-price" is not a camelCase identifier (expected "getPrice"',
    },
    {
      given: 'route "get_price"',
      files: shopWith({ interface: IFACE, routes: { get_price: { method: 'GET', path: '/a', responses: ok } } }),
      code: 'SVC214',
      says: '(expected "getPrice"',
    },
    {
      given: 'route "GetPrice"',
      files: shopWith({ interface: IFACE, routes: { GetPrice: { method: 'GET', path: '/a', responses: ok } } }),
      code: 'SVC214',
      says: '(expected "getPrice"',
    },
    {
      given: 'route "valueOf"',
      files: shopWith({ interface: IFACE, routes: { valueOf: { method: 'GET', path: '/a', responses: ok } } }),
      code: 'SVC214',
      says: 'is a member of every JavaScript object',
    },
    {
      given: 'route "core"',
      files: shopWith({ interface: IFACE, routes: { core: { method: 'GET', path: '/a', responses: ok } } }),
      code: 'SVC214',
      says: 'is a member of the generated client class',
    },
    {
      given: 'auth "api-key"',
      files: shopWith({ interface: IFACE, auth: { 'api-key': { type: 'apiKey', in: 'header', name: 'X-Key' } } }),
      code: 'SVC214',
      says: 'e.g. "apiKey"',
    },
    {
      given: 'record "omit"',
      files: shopWith({ records: { omit: { fields: { id: { type: 'integer' } } } } }),
      code: 'SVC214',
      says: 'record "omit" becomes Omit, which shop/types.ts takes from TypeScript',
    },
    {
      given: 'record "pick"',
      files: shopWith({ records: { pick: { fields: { id: { type: 'integer' } } } } }),
      code: 'SVC214',
      says: 'becomes Pick',
    },
    {
      given: 'records "a_b" and "aB"',
      files: shopWith({ records: { a_b: { fields: {} }, aB: { fields: {} } } }),
      code: 'SVC204',
      says: 'both become the type AB',
    },
    {
      given: 'records "Price" and "price"',
      files: shopWith({ records: { Price: { fields: {} }, price: { fields: {} } } }),
      code: 'SVC204',
      says: 'both become the type Price',
    },
    {
      given: 'record named like a route query',
      files: shopWith({
        interface: IFACE,
        records: { listAQuery: { fields: {} } },
        routes: { listA: { method: 'GET', path: '/a', query: { q: { type: 'string' } }, responses: ok } },
      }),
      code: 'SVC204',
      says: 'both become ListAQuery in shop/types.ts',
    },
    {
      given: 'record named like the headers of a route answer',
      files: shopWith({
        interface: IFACE,
        records: { listAResponseHeaders: { fields: {} } },
        routes: {
          listA: { method: 'GET', path: '/a', responses: { '200': { headers: { etag: { type: 'string' } } } } },
        },
      }),
      code: 'SVC204',
      says: 'both become ListAResponseHeaders in shop/types.ts',
    },
    {
      given: 'record named like a route response schema',
      files: shopWith({
        interface: IFACE,
        records: { listAResponse: { fields: {} } },
        routes: { listA: { method: 'GET', path: '/a', responses: ok } },
      }),
      code: 'ok',
      says: '',
    },
    {
      given: 'local and imported "money"',
      files: {
        ...shopWith({
          records: { money: { fields: {} }, price: { fields: { gross: { type: 'record', record: 'common.money' } } } },
        }),
        ...shopWith({ records: { money: { fields: {} } } }, 'common'),
      },
      code: 'SVC204',
      says: 'record "money" and record "common.money" (imported) both become Money in shop/types.ts',
    },
    {
      given: 'file "runtime"',
      files: shopWith({ records: { a: { fields: {} } } }, 'runtime'),
      code: 'SVC214',
      says: "output folder of svcgen's runtime",
    },
    {
      given: 'files "Shop" and "shop"',
      files: {
        ...shopWith({ records: { a: { fields: {} } } }, 'Shop'),
        ...shopWith({ records: { b: { fields: {} } } }),
      },
      code: 'SVC204',
      says: 'differs only in case',
    },
    {
      given: 'file name of 101 characters',
      files: shopWith({ records: { a: { fields: {} } } }, `s${'x'.repeat(100)}`),
      code: 'SVC214',
      says: 'file name is 101 characters long (expected at most 100',
    },
    {
      given: 'record "prödukt"',
      files: shopWith({ records: { prödukt: { fields: {} } } }),
      code: 'SVC106',
      says: 'key "prödukt" in records is not valid',
    },
    {
      given: 'field "line\\nbreak" (a control character)',
      files: shopWith({ records: { a: { fields: { 'line\nbreak': { type: 'string' } } } } }),
      code: 'SVC106',
      says: 'key "line\\nbreak"',
    },
    {
      given: 'query "__proto__"',
      files: shopWith({
        interface: IFACE,
        routes: {
          listA: {
            method: 'GET',
            path: '/a',
            query: JSON.parse('{"__proto__": {"type": "string"}}') as unknown,
            responses: ok,
          },
        },
      }),
      code: 'SVC214',
      says: 'key "__proto__" in routes.listA.query is not usable as a name',
    },
    {
      given: 'headers "X-A" and "x-a"',
      files: shopWith({
        interface: IFACE,
        routes: {
          listA: {
            method: 'GET',
            path: '/a',
            headers: { 'X-A': { type: 'string' }, 'x-a': { type: 'string' } },
            responses: ok,
          },
        },
      }),
      code: 'SVC204',
      says: 'header "x-a" is declared twice',
    },
  ];

  it.each(table)('$given: $code', async ({ files, code, says }) => {
    const diagnostics = await diagnosticsOf(files);
    if (code === 'ok') {
      expect(diagnostics).toEqual([]);
      return;
    }
    expect(diagnostics.map((d) => d.code)).toContain(code);
    const message = diagnostics.find((d) => d.code === code)?.message ?? '';
    expect(message).toContain(says);
    expect(message).toMatch(/\(expected /);
  });
});
