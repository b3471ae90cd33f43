// A statement printed piece by piece (each member of a long body laid out on its own, at the
// indentation its marker lands on) is the same text as the statement printed whole.
import { describe, expect, it } from 'vitest';
import * as ast from '../../src/emitters/shared/code/ast.js';
import { printStatement } from '../../src/emitters/shared/code/print-file.js';
import { classPiece, interfacePiece, objectPiece, pieceRefs, printWithPieces, type Piece } from '../../src/emitters/shared/code/print-pieces.js';

const { array, asConst, call, id, literal, method, object, property, satisfies, typeLiteral, typeRef, exported, local } = ast;

/** Values whose printed length crosses the print width around the indentation they sit at. */
function entry(n: number): ast.ObjectProperty {
  const key = `entry${n}`;
  const text = 'x'.repeat(80 + (n % 45));
  const variants: ast.Expr[] = [
    literal(text),
    array(Array.from({ length: n % 9 }, (_, i) => literal(`${text.slice(0, 10 + i)}`))),
    object([property('name', literal(text.slice(0, 60 + (n % 50)))), property('flag', literal(true))], { expanded: n % 2 === 0 }),
    method(method(call('z.string'), 'min', [literal(n)]), 'describe', [literal(text)]),
  ];
  return property(key, variants[n % variants.length] as ast.Expr);
}

const ENTRIES = Array.from({ length: 60 }, (_, n) => n);

function objectCase(wrap: (table: ast.Expr) => ast.Expr, docs?: string) {
  const pieces = ENTRIES.map((n) => objectPiece('test/entry', `${n}`, n, entry));
  const statement = (members: readonly ast.ObjectMember[]) => exported({ kind: 'const', name: 'table', value: wrap(object(members, { expanded: true })) }, docs);
  return { pieces, skeleton: statement(pieceRefs(pieces)), whole: statement(ENTRIES.map(entry)) };
}

function handler(n: number): { readonly method: true } & ast.MethodSignature {
  const params = Array.from({ length: 1 + (n % 4) }, (_, i) => ({ name: `parameterNumber${i}`, type: typeRef(`SomeLongTypeName${n}`) }));
  return { method: true, name: `handle${n}`, docs: n % 3 === 0 ? `Handles ${n}.` : undefined, params, returns: typeRef('Promise', [typeLiteral([{ name: 'value', type: typeRef('x'.repeat(n)) }])]) };
}

function clientMethod(n: number): ast.ClassMethod {
  return {
    name: `call${n}`,
    docs: `Calls ${n}.`,
    params: [{ name: 'input', type: typeLiteral(Array.from({ length: n % 5 }, (_, i) => ({ name: `member${i}`, type: typeRef(`types.LongTypeName${n}`), readonly: true }))) }],
    returns: typeRef('Promise', [typeRef(`types.Result${'x'.repeat(n)}`)]),
    body: [{ kind: 'return', value: call(ast.member(ast.path('this.core'), 'call'), [literal(`call${n}`), id('input')], [typeRef(`types.Result${n}`)]) }],
  };
}

function check(skeleton: ast.TopLevel, pieces: readonly Piece[], whole: ast.TopLevel): void {
  expect(printWithPieces(skeleton, pieces)).toBe(printStatement(whole));
}

describe('printWithPieces', () => {
  it('an expanded object table', () => {
    const { skeleton, pieces, whole } = objectCase((table) => table);
    check(skeleton, pieces, whole);
  });

  it('a table nested deeper, inside a cast', () => {
    const { skeleton, pieces, whole } = objectCase((table) => satisfies(asConst(object([property('records', table)], { expanded: true })), typeRef('Meta')));
    check(skeleton, pieces, whole);
  });

  it('interface members and class methods', () => {
    const numbers = Array.from({ length: 90 }, (_, n) => n);
    const handlers = numbers.map((n) => interfacePiece('test/handler', `${n}`, n, handler));
    const iface = (members: readonly ast.InterfaceMember[]) => exported({ kind: 'interface', name: 'Handlers', typeParams: ['Session'], members }, 'The handlers.');
    check(iface(pieceRefs(handlers)), handlers, iface(numbers.map(handler)));

    const methods = numbers.map((n) => classPiece('test/method', `${n}`, n, clientMethod));
    const klass = (members: readonly (ast.ClassMethod | ast.PieceRef)[]) =>
      local({ kind: 'class', name: 'Client', fields: [{ name: 'core', modifiers: 'private readonly', type: typeRef('Core') }], constructorParams: [], constructorBody: [], methods: members });
    check(klass(pieceRefs(methods)), methods, klass(numbers.map(clientMethod)));
  });

  it('falls back to a whole layout when the text holds a marker character', () => {
    const { skeleton, pieces, whole } = objectCase((table) => table, 'Has \uE0000\uE001 and \uE000 in it.');
    check(skeleton, pieces, whole);
  });
});
