// The compiled reader of responses (src/runtime/server/response-reader.ts): it judges a result and copies its declared
// members in one pass, and refuses (so that the plugin takes the zod + serializer way) whatever it is unsure of.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { compileReader, REFUSED, type ResponseReader } from '../../src/runtime/server/response-reader.js';

const stamp = z.iso.datetime({ offset: true });
const author = z.strictObject({ id: z.int(), name: z.string().min(1) });
const book = z.strictObject({
  id: z.int().min(1),
  title: z.string().max(20),
  genre: z.enum(['fiction', 'poetry']),
  updatedAt: stamp,
  subtitle: z.string().nullable(),
  tags: z.array(z.string()),
  extras: z.record(z.string(), z.json()).optional(),
  author: author.nullable(),
});
const valid = {
  id: 1,
  title: 'The Dispossessed',
  genre: 'fiction',
  updatedAt: '2024-01-02T03:04:05.000Z',
  subtitle: null,
  tags: ['utopia'],
  author: { id: 7, name: 'Le Guin' },
};

function reader(schema: z.ZodType, judge = true): ResponseReader {
  const read = compileReader(schema, judge);
  if (!read) throw new Error('expected the schema to compile');
  return read;
}

// Nothing undeclared leaves the server on either path: with validateResponses: false the reader checks less, but
// copies as little and refuses the same hostile values.
describe.each([
  ['judged', true],
  ['unjudged (validateResponses: false)', false],
])('compileReader, %s', (_, judge) => {
  it('copies a valid result whole, in the declared order, without the members it does not declare', () => {
    const read = reader(z.array(book), judge);
    const copy = read([{ ...valid, passwordHash: 'x', author: { ...valid.author, email: 'e' } }]);
    expect(copy).toEqual([valid]);
    expect(JSON.stringify(copy)).not.toMatch(/passwordHash|email/);
    expect(Object.keys((copy as object[])[0] as object)).toEqual(Object.keys(valid));
  });

  it('reads each member once, so the value judged is the value sent (a getter cannot change its value)', () => {
    let reads = 0;
    const sly = {
      ...valid,
      get title() {
        reads += 1;
        return reads === 1 ? 'Fine' : 'x'.repeat(99);
      },
    };
    const copy = reader(book, judge)(sly) as { title: string };
    expect(copy.title).toBe('Fine');
    expect(JSON.stringify(copy)).toContain('"title":"Fine"');
    expect(reads).toBe(1);
  });

  it('refuses a nested toJSON, an own __proto__ and circular results; reads an inherited name as an own member', () => {
    const read = reader(book, judge);
    expect(read({ ...valid, author: { ...valid.author, toJSON: () => ({ secret: 1 }) } })).toBe(REFUSED);
    const inherited = reader(z.strictObject({ constructor: z.string().optional(), id: z.int() }), judge);
    expect(inherited({ id: 1 })).toEqual({ id: 1 });
    expect(inherited({ id: 1, constructor: 'c' })).toEqual({ id: 1, constructor: 'c' });
    class Note {
      id = 1;
    }
    expect(inherited(new Note())).toBe(REFUSED);
    const extras = JSON.parse('{"__proto__": {"admin": true}}') as unknown;
    expect(read({ ...valid, extras })).toBe(REFUSED);
    type Node = { id: number; parent: Node | null };
    const node: z.ZodType<Node> = z.strictObject({
      id: z.int(),
      get parent() {
        return node.nullable();
      },
    });
    const loop: Node = { id: 1, parent: null };
    loop.parent = loop;
    expect(reader(node, judge)(loop)).toBe(REFUSED);
    expect(reader(node, judge)({ id: 1, parent: { id: 2, parent: null } })).toEqual({
      id: 1,
      parent: { id: 2, parent: null },
    });
  });
});

describe('compileReader', () => {
  it('refuses what zod refuses: a wrong type, enum, format, bound, length or a missing required member', () => {
    const read = reader(book);
    const { title: _title, ...untitled } = valid;
    for (const broken of [
      { ...valid, title: 42 },
      { ...valid, genre: 'drama' },
      { ...valid, updatedAt: 'May 1974' },
      { ...valid, id: 0 },
      { ...valid, id: 1.5 },
      { ...valid, id: Number.NaN },
      { ...valid, title: 'x'.repeat(21) },
      { ...valid, author: { id: 7, name: '' } },
      untitled,
    ]) {
      expect(book.safeParse(broken).success).toBe(false);
      expect(read(broken)).toBe(REFUSED);
    }
  });

  it('copies JSON values and maps member by member, refusing what JSON cannot hold', () => {
    const read = reader(book);
    const extras = { a: [1, 'two', null, { b: true }] };
    expect((read({ ...valid, extras }) as { extras: unknown }).extras).toEqual(extras);
    expect(read({ ...valid, extras: { a: Number.POSITIVE_INFINITY } })).toBe(REFUSED);
    expect(read({ ...valid, extras: { a: new Date(0) } })).toBe(REFUSED);
  });

  it("judges a definition's pattern with the u flag, as the zod schema does (its JSON Schema loses the flag)", () => {
    const schema = z.strictObject({ name: z.string().regex(new RegExp('^\\p{L}.$', 'u')) });
    const read = reader(schema);
    for (const name of ['é😀', 'Ab', 'p{L}x', '1b'])
      expect(read({ name }) !== REFUSED).toBe(schema.safeParse({ name }).success);
  });

  it('counts a length in code points, as zod and JSON Schema do (an emoji is one character, two UTF-16 units)', () => {
    const schema = z.strictObject({ name: z.string().min(2).max(3) });
    const read = reader(schema);
    for (const name of ['😀', '😀😀', '😀😀😀', '😀😀😀😀', 'ab', 'abcd', 'a😀'])
      expect(read({ name }) !== REFUSED, name).toBe(schema.safeParse({ name }).success);
  });

  it('writes a default the definitions give where the result leaves the member out', () => {
    const read = reader(z.strictObject({ id: z.int(), parentId: z.string().nullable().default(null) }));
    expect(read({ id: 1 })).toEqual({ id: 1, parentId: null });
    expect(read({ id: 1, parentId: 'p' })).toEqual({ id: 1, parentId: 'p' });
  });

  it('compiles no schema with a refinement or a type JSON Schema cannot say', () => {
    expect(compileReader(z.strictObject({ id: z.int().refine((id) => id !== 13) }))).toBeUndefined();
    expect(compileReader(z.strictObject({ at: z.date() }))).toBeUndefined();
    expect(compileReader(z.strictObject({ id: z.int() }))).toBeDefined();
  });

  it('without judging (validateResponses: false) checks types and required members only', () => {
    const read = reader(book, false);
    expect(read({ ...valid, genre: 'drama', id: 0 })).toMatchObject({ genre: 'drama', id: 0 });
    expect(read({ ...valid, title: 42 })).toBe(REFUSED);
    expect(read({ ...valid, id: 1.5 })).toBe(REFUSED);
    const { title: _title, ...untitled } = valid;
    expect(read(untitled)).toBe(REFUSED);
  });
  it('keeps an absent optional member absent and the declared order, after required members declared later', () => {
    const read = reader(z.strictObject({ first: z.int(), middle: z.string().optional(), last: z.boolean() }));
    const copy = read({ last: true, first: 1 });
    expect(Object.keys(copy as object)).toEqual(['first', 'last']);
    expect(JSON.stringify(read({ last: false, middle: 'm', first: 2 }))).toBe('{"first":2,"middle":"m","last":false}');
  });

  it('reads members whose names are no identifiers, as data, never as code', () => {
    const name = 'x"]; throw new Error("ran"); //';
    const read = reader(z.strictObject({ [name]: z.string(), 'a-b': z.int(), '0': z.boolean() }));
    expect(read({ [name]: 'v', 'a-b': 3, '0': true, extra: 1 })).toEqual({ [name]: 'v', 'a-b': 3, '0': true });
    expect(read({ [name]: 'v', 'a-b': 3 })).toBe(REFUSED);
  });
});

describe('compileReader, unions', () => {
  const circle = z.strictObject({ kind: z.literal('circle'), radius: z.number() });
  const square = z.strictObject({ kind: z.literal('square'), side: z.number() });
  const blur = z.discriminatedUnion('mode', [
    z.strictObject({ kind: z.enum(['blur', 'glow']), mode: z.literal('normal'), radius: z.number() }),
    z.strictObject({ kind: z.enum(['blur', 'glow']), mode: z.literal('progressive'), start: z.number() }),
  ]);

  it.each([
    ['a discriminated union (oneOf)', z.discriminatedUnion('kind', [circle, square])],
    ['a union of tagged records (anyOf)', z.union([circle, square])],
    [
      'a union of records tagged by one-value enums (as imported)',
      z.union([circle.extend({ kind: z.enum(['circle']) }), square.extend({ kind: z.enum(['square']) })]),
    ],
  ])('reads %s by its tag, copying the declared members of the variant the tag names', (_, shapes) => {
    for (const judge of [true, false]) checkTagged(reader(z.array(shapes), judge));
  });

  /** Judged or not, the tag picks the variant, and a tag that answers another value the second time is refused. */
  function checkTagged(read: ResponseReader): void {
    expect(read([{ kind: 'square', side: 2, radius: 9, secret: 1 }])).toEqual([{ kind: 'square', side: 2 }]);
    expect(read([{ kind: 'circle', radius: 1 }])).toEqual([{ kind: 'circle', radius: 1 }]);
    expect(read([{ kind: 'triangle', side: 1 }])).toBe(REFUSED);
    expect(read([{ kind: 'circle', side: 1 }])).toBe(REFUSED);
    let reads = 0;
    const sly = {
      get kind() {
        reads += 1;
        return reads === 1 ? 'circle' : 'square';
      },
      radius: 1,
      side: 1,
    };
    expect(read([sly])).toBe(REFUSED);
  }

  it('reads a union of a union told apart by a tag of its own, constants, literal unions and distinct JSON types', () => {
    const read = reader(
      z.strictObject({
        effect: z.union([circle, blur]),
        tone: z.union([z.literal('warm'), z.literal('cold')]),
        at: z.literal(3),
        value: z.union([z.string(), z.number(), circle, z.array(z.boolean())]).nullable(),
      }),
    );
    const valid = { effect: { kind: 'glow', mode: 'progressive', start: 1 }, tone: 'cold', at: 3, value: null };
    expect(read({ ...valid, secret: 1 })).toEqual(valid);
    expect(read({ ...valid, value: { kind: 'circle', radius: 2, secret: 1 } })).toEqual({
      ...valid,
      value: { kind: 'circle', radius: 2 },
    });
    for (const broken of [
      { tone: 'hot' },
      { at: 4 },
      { effect: { kind: 'blur', mode: 'fast', start: 1 } },
      { value: {} },
    ])
      expect(read({ ...valid, ...broken })).toBe(REFUSED);
  });

  it('compiles a union of records only when a tag tells them apart', () => {
    const position = z.strictObject({ id: z.string().optional(), position: z.number().optional() });
    const magnet = z.strictObject({ id: z.string().optional(), magnet: z.string().optional() });
    expect(compileReader(z.union([position, magnet]))).toBeUndefined();
    const same = z.strictObject({ kind: z.literal('circle'), side: z.number() });
    expect(compileReader(z.union([circle, same]))).toBeUndefined();
  });

  it('compiles a recursive union of many records in time linear in the schema (each definition once)', () => {
    type Tree = { type: string; children?: Tree[] | undefined };
    const nodes: z.ZodType<Tree>[] = [];
    for (let index = 0; index < 24; index += 1)
      nodes.push(
        z.strictObject({
          type: z.literal(`N${index}`),
          get children() {
            return z.array(z.union(nodes as [z.ZodType<Tree>, ...z.ZodType<Tree>[]])).optional();
          },
        }),
      );
    const read = reader(z.array(nodes[0] as z.ZodType<Tree>));
    const tree = { type: 'N0', children: [{ type: 'N5', children: [{ type: 'N23', secret: 1 }] }] };
    expect(read([tree])).toEqual([{ type: 'N0', children: [{ type: 'N5', children: [{ type: 'N23' }] }] }]);
  });
});
