// The TypeScript emitters print from a small syntax tree (src/emitters/shared/code/) whose nodes
// state their own layout. Given a tree, want its text: each construct one by one, then every
// generated file, and files made from definitions that push every line past the print width, are
// valid TypeScript, printed the same way twice, and keep within the width wherever a line can break.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark's synthesiser is plain JavaScript without types
import { synthesize } from '../../bench/synth.mjs';
import * as ast from '../../src/emitters/shared/code/ast.js';
import { printFile } from '../../src/emitters/shared/code/print-file.js';
import { generate } from '../../src/pipeline.js';
import { tempDir } from '../helpers/tree.js';

const root = resolve(import.meta.dirname, '../..');
const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

const { arrow, array, asConst, call, id, literal, method, newCall, object, property } = ast;
const { arrayType, exported, getter, local, regex, stringType, typeLiteral, typeRef, union } = ast;
const long = (n: number) => `someRatherLongIdentifierNumber${n}WithExtraWords`;
const constant = (name: string, value: ast.Expr) => local({ kind: 'const', name, value });

/** Each construct, and the text it prints as. */
const cases: { name: string; given: ast.TopLevel; want: string }[] = [
  {
    name: 'an object that fits stays on one line',
    given: constant('a', object([property('b', literal(1)), property('content-type', literal("it's"))])),
    want: `const a = { b: 1, 'content-type': "it's" };`,
  },
  {
    name: 'an expanded object keeps one member per line, a getter included',
    given: constant(
      'a',
      call('z.strictObject', [object([property('b', id('b')), getter('c', id('cSchema'))], { expanded: true })]),
    ),
    want: ['const a = z.strictObject({', '  b,', '  get c() {', '    return cSchema;', '  },', '});'].join('\n'),
  },
  {
    name: 'a last object argument hugs the parentheses',
    given: constant('x', call('configure', [id('first'), object([1, 2, 3].map((n) => property(long(n), literal(n))))])),
    want: [
      'const x = configure(first, {',
      '  someRatherLongIdentifierNumber1WithExtraWords: 1,',
      '  someRatherLongIdentifierNumber2WithExtraWords: 2,',
      '  someRatherLongIdentifierNumber3WithExtraWords: 3,',
      '});',
    ].join('\n'),
  },
  {
    name: 'arguments that cannot hug go one per line',
    given: constant(
      'x',
      call(
        'combine',
        [1, 2, 3].map((n) => id(long(n))),
      ),
    ),
    want: [
      'const x = combine(',
      '  someRatherLongIdentifierNumber1WithExtraWords,',
      '  someRatherLongIdentifierNumber2WithExtraWords,',
      '  someRatherLongIdentifierNumber3WithExtraWords,',
      ');',
    ].join('\n'),
  },
  {
    name: 'a chain that fits stays on one line',
    given: constant('a', method(method(call('z.string'), 'min', [literal(1)]), 'max', [literal(9)])),
    want: 'const a = z.string().min(1).max(9);',
  },
  {
    name: 'a chain that does not fit puts one call per line',
    given: constant('a', method(method(call('z.string'), 'regex', [regex(`^${'[a-z]+-'.repeat(12)}$`)]), 'optional')),
    want: ['const a = z', '  .string()', `  .regex(/^${'[a-z]+-'.repeat(12)}$/)`, '  .optional();'].join('\n'),
  },
  {
    name: 'a string that does not fit moves after the operator',
    given: constant('text', literal('word '.repeat(23))),
    want: `const text =\n  '${'word '.repeat(23)}';`,
  },
  {
    name: 'an arrow function with an expression body, a block body and an object body',
    given: constant(
      'f',
      array([
        arrow([{ name: 'x' }], method(id('x'), 'trim')),
        arrow(
          [{ name: 'x', type: typeRef('number') }],
          [
            { kind: 'const', name: 'y', value: id('x') },
            { kind: 'return', value: id('y') },
          ],
          typeRef('number'),
        ),
        arrow([], object([property('a', literal(1))])),
      ]),
    ),
    want: [
      'const f = [',
      '  (x) => x.trim(),',
      '  (x: number): number => {',
      '    const y = x;',
      '    return y;',
      '  },',
      '  () => ({ a: 1 }),',
      '];',
    ].join('\n'),
  },
  {
    name: 'a last arrow argument hugs the parentheses',
    given: constant(
      'ids',
      call('items.map', [arrow([{ name: 'item' }], [{ kind: 'return', value: call('idOf', [id('item')]) }])]),
    ),
    want: ['const ids = items.map((item) => {', '  return idOf(item);', '});'].join('\n'),
  },
  {
    name: '`as const` and `new`',
    given: constant('a', asConst(array([newCall('RegExp', [literal('^x$')])]))),
    want: `const a = [new RegExp('^x$')] as const;`,
  },
  {
    name: 'a union that does not fit puts one member per line; a nullable type stays on one',
    given: exported({
      kind: 'interface',
      name: 'Holder',
      members: [
        { name: 'status', type: union([1, 2, 3].map((n) => stringType(long(n)))) },
        {
          name: 'list',
          type: arrayType(union([stringType('a'), stringType('b')])),
          optional: true,
          docs: 'Several\n\nlines */',
        },
        { name: 'maybe', type: union([typeRef(long(1)), typeRef('null')]), readonly: true },
      ],
    }),
    want: [
      'export interface Holder {',
      '  status:',
      "    | 'someRatherLongIdentifierNumber1WithExtraWords'",
      "    | 'someRatherLongIdentifierNumber2WithExtraWords'",
      "    | 'someRatherLongIdentifierNumber3WithExtraWords';",
      '  /**',
      '   * Several',
      '   *',
      '   * lines *\\/',
      '   */',
      "  list?: ('a' | 'b')[];",
      '  readonly maybe: someRatherLongIdentifierNumber1WithExtraWords | null;',
      '}',
    ].join('\n'),
  },
  {
    name: 'a doc comment longer than the line fills ` * ` lines with its words',
    given: exported({ kind: 'const', name: 'a', value: literal(1) }, `${'word '.repeat(30)}end.`),
    want: ['/**', ` * ${'word '.repeat(23).trim()}`, ` * ${'word '.repeat(7)}end.`, ' */', 'export const a = 1;'].join(
      '\n',
    ),
  },
  {
    name: 'a method signature whose parameters do not fit puts one per line',
    given: exported({
      kind: 'interface',
      name: 'Handlers',
      typeParams: ['Session'],
      members: [
        {
          method: true,
          name: 'handle',
          params: [
            { name: 'input', type: typeLiteral([{ name: 'body', type: typeRef(long(1)), readonly: true }]) },
            { name: 'context', type: typeRef(long(2)) },
          ],
          returns: typeRef('Promise', [typeRef('void')]),
        },
      ],
    }),
    want: [
      'export interface Handlers<Session> {',
      '  handle(',
      '    input: { readonly body: someRatherLongIdentifierNumber1WithExtraWords },',
      '    context: someRatherLongIdentifierNumber2WithExtraWords,',
      '  ): Promise<void>;',
      '}',
    ].join('\n'),
  },
  {
    name: "a union as a sole type argument: its members one per line, a member's own arguments past them; void hugs",
    given: exported({
      kind: 'interface',
      name: 'Handlers',
      members: [long(1), long(2)].map((name, n) => ({
        method: true as const,
        name: `handle${n}`,
        params: [],
        returns: typeRef('Promise', [
          union([
            typeRef(n === 0 ? 'Found' : 'void'),
            typeRef('Answers', [typeRef(name), typeRef(long(3)), typeRef(long(4))]),
          ]),
        ]),
      })),
    }),
    want: [
      'export interface Handlers {',
      '  handle0(): Promise<',
      '    | Found',
      '    | Answers<',
      '        someRatherLongIdentifierNumber1WithExtraWords,',
      '        someRatherLongIdentifierNumber3WithExtraWords,',
      '        someRatherLongIdentifierNumber4WithExtraWords',
      '      >',
      '  >;',
      '  handle1(): Promise<void | Answers<',
      '    someRatherLongIdentifierNumber2WithExtraWords,',
      '    someRatherLongIdentifierNumber3WithExtraWords,',
      '    someRatherLongIdentifierNumber4WithExtraWords',
      '  >>;',
      '}',
    ].join('\n'),
  },
  {
    name: 'a re-export whose names do not fit puts one per line',
    given: { declaration: { kind: 're-export', from: './errors.js', names: [1, 2, 3].map(long) } },
    want: [
      'export {',
      '  someRatherLongIdentifierNumber1WithExtraWords,',
      '  someRatherLongIdentifierNumber2WithExtraWords,',
      '  someRatherLongIdentifierNumber3WithExtraWords,',
      "} from './errors.js';",
    ].join('\n'),
  },
];

describe('the TypeScript printer', () => {
  it.each(cases)('$name', ({ given, want }) => {
    expect(printFile([given])).toBe(`${want}\n`);
    expectValid(`${want}\n`, 'case.ts');
  });

  it('prints generated/ as valid TypeScript, the same twice', async () => {
    const files = await emittedTypeScript(join(root, 'generated'));
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) expectValid(await readFile(join(root, 'generated', file), 'utf8'), file);
  });

  it('keeps definitions that push every line past the print width within it where a line can break', async () => {
    const dir = await tempDir('svcgen-printer-');
    temporary.push(dir);
    const definitions = join(dir, 'definitions');
    await synthesize(6, definitions);
    const file = join(definitions, 'admin-api.yaml');
    const stressed = (await readFile(file, 'utf8'))
      .replaceAll('entity', 'extraordinarilyLongBusinessEntityNameForLayoutStress')
      .replaceAll(
        'values: [draft, active, archived]',
        'values: [draft, active, archived, suspended, pendingReview, scheduledForDeletion, x]',
      );
    await writeFile(file, stressed);
    const outputs: string[][] = [];
    for (const out of ['out', 'again']) {
      const result = await generate({
        definitionsDir: definitions,
        outDir: join(dir, out),
        cwd: dir,
        cache: false,
        gitattributes: false,
      });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      outputs.push(
        await Promise.all(
          (await emittedTypeScript(join(dir, out))).map((name) => readFile(join(dir, out, name), 'utf8')),
        ),
      );
    }
    expect(outputs[1]).toEqual(outputs[0]);
    const tooLong: string[] = [];
    for (const text of outputs[0] ?? []) {
      expectValid(text, 'stressed.ts');
      tooLong.push(...text.split('\n').filter((line) => line.length > 120 && !isUnbreakable(line)));
    }
    expect(tooLong).toEqual([]);
  }, 60_000);
});

async function emittedTypeScript(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.ts') && !entry.startsWith('runtime')).sort();
}

/** Parses without a syntax error. */
function expectValid(text: string, name: string): void {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  expect(
    diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    name,
  ).toEqual([]);
}

/** A line with nothing to break at: a comment, or one string or name after its indentation and key. */
function isUnbreakable(line: string): boolean {
  const string = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
  return new RegExp(String.raw`^\s*(//|/\*\*|\*|([\w$]+\??:\s*)?(${string}|[\w$.]+)[,;]?$)`).test(line);
}
