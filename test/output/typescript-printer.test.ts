// The TypeScript emitters skip prettier: their printer builds prettier's own layout documents.
// Whatever they print must be exactly what prettier prints for it (a fixed point), on the real
// definitions, on definitions made to stress line fitting, and on constructs one by one.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import { generate } from '../../src/generate.js';
import { PRETTIER_OPTIONS } from '../../src/output/format.js';
import * as ast from '../../src/emitters/shared/code/ast.js';
import { printFile } from '../../src/emitters/shared/code/print-file.js';

const root = resolve(import.meta.dirname, '../..');
const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function expectFixedPoint(text: string, name: string): Promise<void> {
  expect(await prettier.format(text, { ...PRETTIER_OPTIONS, filepath: name }), name).toBe(text);
}

async function emittedTypeScript(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.ts') && !entry.startsWith('runtime')).sort();
}

describe('printed TypeScript is prettier form', () => {
  it('in generated/', async () => {
    const files = await emittedTypeScript(join(root, 'generated'));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) await expectFixedPoint(await readFile(join(root, 'generated', file), 'utf8'), file);
  });

  it('for definitions that push every line past the print width', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svcgen-printer-'));
    temporary.push(dir);
    const definitions = join(dir, 'definitions');
    await synthesize(6, definitions);
    const file = join(definitions, 'admin-api.yaml');
    const stressed = (await readFile(file, 'utf8'))
      .replaceAll('entity', 'extraordinarilyLongBusinessEntityNameForLayoutStress')
      .replaceAll('values: [draft, active, archived]', 'values: [draft, active, archived, suspended, pendingReview, scheduledForDeletion, migratedToNewPlatform, x]')
      .replace(/description: A synthetic (\S+), shaped/, 'description: "Several lines\\nwith a */ inside\\n\\nand a blank one" # $1\n    x: shaped');
    await writeFile(file, stressed.replace(/\n {4}x: shaped[^\n]*/, ''));
    const result = await generate({ definitionsDir: definitions, outDir: join(dir, 'out'), cwd: dir, cache: false, gitattributes: false });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const files = await emittedTypeScript(join(dir, 'out'));
    let longLines = 0;
    for (const name of files) {
      const text = await readFile(join(dir, 'out', name), 'utf8');
      longLines += text.split('\n').filter((line) => line.length > 100).length;
      await expectFixedPoint(text, name);
    }
    // The stress must really reach the width where layout decisions are made.
    expect(longLines).toBeGreaterThan(50);
  }, 60_000);

  const { call, method, id, literal, object, property, array, regex, newCall, typeRef, union, stringType, arrayType, typeLiteral, exported, local } = ast;
  const longName = (n: number) => `someRatherLongIdentifierNumber${n}WithExtraWords`;
  const cases: { name: string; statements: ast.TopLevel[] }[] = [
    {
      name: 'a call whose last object argument does not fit',
      statements: [local({ kind: 'const', name: 'x', value: call('configure', [id('first'), object([1, 2, 3, 4].map((n) => property(longName(n), literal(n))))]) })],
    },
    {
      name: 'arguments that do not fit and cannot hug',
      statements: [local({ kind: 'const', name: 'x', value: call('combine', [1, 2, 3, 4].map((n) => id(longName(n)))) })],
    },
    {
      name: 'a factory chain and a chain with complex arguments',
      statements: [
        local({ kind: 'const', name: 'a', value: method(method(call('Object.keys', [id('items')]), 'filter', [id(longName(1))]), 'map', [id(longName(2))]) }),
        local({ kind: 'const', name: 'b', value: method(method(method(call('z.string'), 'regex', [regex('^[a-z]+-[0-9]+$')]), 'min', [literal(1)]), 'max', [literal(9)]) }),
        local({ kind: 'const', name: 'c', value: method(method(method(id('schema'), 'pipe', [newCall('Parser', [literal('x')])]), 'optional'), 'describe', [literal('text '.repeat(20))]) }),
      ],
    },
    {
      name: 'arrays: numbers fill lines, objects break one per line',
      statements: [
        local({ kind: 'const', name: 'numbers', value: array(Array.from({ length: 60 }, (_, n) => literal(n * 1000))) }),
        local({ kind: 'const', name: 'objects', value: array([1, 2].map((n) => object([property('a', literal(n)), property('b', literal(n))]))) }),
        local({ kind: 'const', name: 'strings', value: array(Array.from({ length: 12 }, (_, n) => literal(`value number ${n}`))) }),
      ],
    },
    {
      name: 'strings needing quotes and escapes, keys needing quotes',
      statements: [
        local({
          kind: 'const',
          name: 'texts',
          value: object(
            [
              property('plain', literal("it's")),
              property('both', literal(`it's "quoted"`)),
              property('content-type', literal('line\nbreak\ttab \\ backslash \u2028')),
              property(404, literal(null)),
              ...['名前', 'café', 'cafe\u0301', 'a\u203Fb', 'x\u200Cy', '\u{1D4B3}', '2nd', 'a-b', 'π'].map((key) => property(key, literal(key))),
              property('long', literal('word '.repeat(30))),
            ],
            { expanded: true },
          ),
        }),
      ],
    },
    {
      name: 'union types: long ones break, nullable records hug, array elements get parentheses',
      statements: [
        exported({ kind: 'type-alias', name: 'Status', type: union([1, 2, 3, 4, 5, 6].map((n) => stringType(longName(n)))) }),
        exported({
          kind: 'interface',
          name: 'Holder',
          members: [
            { name: 'list', type: arrayType(union([1, 2, 3, 4].map((n) => stringType(longName(n))))) },
            { name: 'maybe', type: union([typeRef(longName(1)), typeRef('null')]), optional: true, docs: 'Nullable.' },
            { name: 'args', type: typeRef('Record', [typeRef('string'), union([1, 2, 3].map((n) => stringType(longName(n))))]) },
            { name: 'inline', type: typeLiteral([1, 2, 3].map((n) => ({ name: longName(n), type: typeRef('string'), readonly: true }))) },
            ...['名前', 'cafe\u0301', '\u{1D4B3}', 'a-b'].map((name) => ({ name, type: typeRef('string') })),
          ],
        }),
      ],
    },
    {
      name: 'a method signature and a class method whose parameters break',
      statements: [
        exported({
          kind: 'interface',
          name: 'Handlers',
          typeParams: ['Session'],
          members: [{ method: true, name: 'handle', params: [1, 2].map((n) => ({ name: `p${n}`, type: typeRef(longName(n)) })), returns: typeRef('Promise', [typeRef('void')]) }],
        }),
        exported({
          kind: 'class',
          name: 'Client',
          fields: [{ name: 'core', modifiers: 'private readonly', type: typeRef('Core') }],
          constructorParams: [{ name: 'options', type: typeRef('Options') }],
          constructorBody: [{ kind: 'expression', expression: ast.assign(ast.path('this.core'), newCall('Core', [id('options')])) }],
          methods: [
            {
              name: 'fetch',
              params: [
                { name: 'input', type: typeLiteral([1, 2].map((n) => ({ name: `m${n}`, type: typeRef(longName(n)) }))), initializer: object([]) },
                { name: 'options', type: typeRef('CallOptions'), optional: true },
              ],
              returns: typeRef('Promise', [typeRef(longName(3))]),
              body: [{ kind: 'return', value: call(ast.member(ast.path('this.core'), 'call'), [literal('fetch'), id('input')], [typeRef(longName(3))]) }],
            },
          ],
        }),
      ],
    },
  ];

  it.each(cases)('$name', async ({ statements }) => {
    await expectFixedPoint(printFile(statements), 'case.ts');
  });
});
