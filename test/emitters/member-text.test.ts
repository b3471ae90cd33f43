// A member laid out as its text (print-file.ts's MemberText) and put in its body prints the text the
// member prints in place: the metadata, server and client emitters render their routes' members as
// parts that way, so any difference would be output that depends on the cache. Members of random width
// around the print width, at one and two bodies deep, in objects, interfaces and classes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  call,
  exported,
  jsonValue,
  literal,
  method,
  object,
  property,
  typeLiteral,
  typeRef,
  union,
  type ClassMethod,
  type Expr,
  type InterfaceMember,
  type ObjectMember,
  type TopLevel,
} from '../../src/emitters/shared/code/ast.js';
import {
  classMethodText,
  interfaceMemberText,
  objectMemberText,
  printStatement,
} from '../../src/emitters/shared/code/print-file.js';

const word = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,14}$/);
/**
 * Text of 0 to 70 characters: a member's width crosses the print width at some lengths, not at
 * others.
 */
const text = fc
  .array(fc.constantFrom('a', 'b', ' ', 'word', "'", 'x-y'), { maxLength: 24 })
  .map((parts) => parts.join(''));
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(word, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Values that break in different ways: JSON (expanded or not) and call chains with string arguments. */
const value: fc.Arbitrary<Expr> = fc.oneof(
  fc.tuple(json, fc.boolean()).map(([data, expanded]) => jsonValue(data, { expanded })),
  fc
    .tuple(word, fc.array(text, { minLength: 1, maxLength: 4 }))
    .map(([name, args]) => args.reduce((chain, arg) => method(chain, name, [literal(arg)]), call('z.string'))),
);
const objectMember: fc.Arbitrary<ObjectMember> = fc.tuple(word, value).map(([key, item]) => property(key, item));
const docs = fc.option(text, { nil: undefined });
const interfaceMember: fc.Arbitrary<InterfaceMember> = fc.oneof(
  fc.record({
    name: word,
    type: fc.array(word, { minLength: 1, maxLength: 8 }).map((names) => union(names.map((name) => typeRef(name)))),
    docs,
  }),
  fc.record({
    method: fc.constant(true as const),
    name: word,
    docs,
    params: fc.array(fc.record({ name: word, type: word.map((name) => typeRef(name)) }), { maxLength: 4 }),
    returns: fc
      .array(word, { maxLength: 5 })
      .map((names) => typeLiteral(names.map((name) => ({ name, type: typeRef(name) })))),
  }),
);
const classMethod: fc.Arbitrary<ClassMethod> = fc.record({
  name: word,
  docs,
  params: fc.array(fc.record({ name: word, type: word.map((name) => typeRef(name)) }), { maxLength: 4 }),
  body: fc
    .array(value, { minLength: 1, maxLength: 2 })
    .map((values) => values.map((returned) => ({ kind: 'return' as const, value: returned }))),
});

/** The statement printed with its members in place, and with them laid out as text. */
function bothWays(statement: (apart: boolean) => TopLevel): [string, string] {
  return [printStatement(statement(false)), printStatement(statement(true))];
}

describe('a member laid out as text', () => {
  it('prints what it prints in place, in an object one and two bodies deep', () => {
    fc.assert(
      fc.property(fc.array(objectMember, { minLength: 1, maxLength: 5 }), docs, (members, tableDocs) => {
        const table = (apart: boolean, depth: number) =>
          object(
            members.map((member) => (apart ? objectMemberText(member, depth) : member)),
            { expanded: true },
          );
        const [inPlace, apart] = bothWays((printed) =>
          exported(
            {
              kind: 'const',
              name: 'table',
              value: object([property('name', literal('x')), property('rows', table(printed, 2))], { expanded: true }),
            },
            tableDocs,
          ),
        );
        expect(apart).toBe(inPlace);
        const [flatInPlace, flatApart] = bothWays((printed) =>
          exported({ kind: 'const', name: 'table', value: table(printed, 1) }),
        );
        expect(flatApart).toBe(flatInPlace);
      }),
      { numRuns: 300 },
    );
  });

  it('prints what it prints in place, in an interface and in a class', () => {
    fc.assert(
      fc.property(
        fc.array(interfaceMember, { minLength: 1, maxLength: 4 }),
        fc.array(classMethod, { minLength: 1, maxLength: 3 }),
        docs,
        (members, methods, interfaceDocs) => {
          const [interfaceInPlace, interfaceApart] = bothWays((apart) =>
            exported(
              {
                kind: 'interface',
                name: 'Handlers',
                members: members.map((member) => (apart ? interfaceMemberText(member, 1) : member)),
              },
              interfaceDocs,
            ),
          );
          expect(interfaceApart).toBe(interfaceInPlace);
          const [classInPlace, classApart] = bothWays((apart) =>
            exported({
              kind: 'class',
              name: 'Client',
              fields: [],
              constructorParams: [],
              constructorBody: [],
              methods: methods.map((entry) => (apart ? classMethodText(entry, 1) : entry)),
            }),
          );
          expect(classApart).toBe(classInPlace);
        },
      ),
      { numRuns: 300 },
    );
  });
});
