// A statement with a long body (a table of every route, an interface with a method per route)
// printed member by member: each member's text is remembered by the input it is built from, so
// a rerun builds and lays out only the members whose input changed, and hashes small inputs
// instead of the whole statement's syntax tree.
//
// Why a member can be laid out on its own: it sits in a body that always breaks (an expanded
// object, an interface, a class), so it starts a line at a known indentation, and prettier's line
// fitting looks past its end only up to the next line break, which follows right after its
// separator (`,` `;` or nothing). So its text depends on its document, indentation and separator
// alone. The statement is laid out with a marker in each member's place (PieceRef); a marker's
// column is that member's indentation.
import { builders, printer } from 'prettier/doc';
import { memo } from '../memo.js';
import { splitRuns } from '../memo-runs.js';
import type { ClassMethod, InterfaceMember, ObjectProperty, PieceRef, TopLevel } from './ast.js';
import { MARKER_END, MARKER_START, withRealPieces } from './piece-marker.js';
import { printClassMethodDoc, printInterfaceMemberDoc } from './print-declaration.js';
import { clearPrintedExpressions, printObjectMemberDoc } from './print-expression.js';
import { PRINT_OPTIONS, printRemembered, printStatement } from './print-file.js';

type Doc = builders.Doc;

export interface Piece {
  /** The memo kind its text is remembered under. */
  readonly kind: string;
  /** Its name (a route's, a record's): where runs of remembered pieces end (memo-runs.ts). */
  readonly name: string;
  /** All it is built from (JSON). */
  readonly input: unknown;
  /** What ends its line in the body. */
  readonly separator: string;
  /** Its document, from `input` alone. */
  readonly doc: () => Doc;
}

export const pieceRef = (index: number): PieceRef => ({ kind: 'piece', index });

/** A stand-in per piece, in order. */
export const pieceRefs = (pieces: readonly Piece[]): PieceRef[] => pieces.map((_, index) => pieceRef(index));

/** A member of an expanded object. */
export function objectPiece<I>(kind: string, name: string, input: I, build: (input: I) => ObjectProperty): Piece {
  return { kind, name, input, separator: ',', doc: () => printObjectMemberDoc(build(input)) };
}

/** A member of an interface. */
export function interfacePiece<I>(kind: string, name: string, input: I, build: (input: I) => Exclude<InterfaceMember, PieceRef>): Piece {
  return { kind, name, input, separator: ';', doc: () => printInterfaceMemberDoc(build(input)) };
}

/** A method of a class. */
export function classPiece<I>(kind: string, name: string, input: I, build: (input: I) => ClassMethod): Piece {
  return { kind, name, input, separator: '', doc: () => printClassMethodDoc(build(input)) };
}

const MARKER = new RegExp(`${MARKER_START}(\\d+)${MARKER_END}`, 'g');

/** The statement's text, where each `pieceRef(i)` in it stands for `pieces[i]`. */
export function printWithPieces(statement: TopLevel, pieces: readonly Piece[]): string {
  const skeleton = printRemembered(statement);
  const found = [...skeleton.matchAll(MARKER)];
  const indices = new Set(found.map((match) => Number(match[1])));
  const allFound = found.length === pieces.length && indices.size === pieces.length && [...indices].every((index) => index < pieces.length) && skeleton.split(MARKER_START).length - 1 === pieces.length;
  const columns = found.map((match) => indentationAt(skeleton, match.index));
  if (!allFound || columns.includes(undefined)) {
    return withRealPieces(
      pieces.map((piece) => piece.doc()),
      () => printStatement(statement),
    );
  }
  const texts = layOutRemembered(found.map((match, position) => ({ piece: pieces[Number(match[1])] as Piece, indentation: columns[position] as number })));
  let text = '';
  let last = 0;
  found.forEach((match, position) => {
    text += skeleton.slice(last, match.index) + (texts[position] as string);
    last = match.index + match[0].length;
  });
  return text + skeleton.slice(last);
}

interface Placed {
  readonly piece: Piece;
  readonly indentation: number;
}

/** Each piece's text, remembered in runs of pieces of one kind by their inputs and indentations. */
function layOutRemembered(placed: readonly Placed[]): string[] {
  const byKind: Placed[][] = [];
  for (const entry of placed) {
    const group = byKind[byKind.length - 1];
    if (group && (group[0] as Placed).piece.kind === entry.piece.kind) group.push(entry);
    else byKind.push([entry]);
  }
  return byKind.flatMap((group) =>
    splitRuns(group, (entry) => entry.piece.name).flatMap((run) =>
      memo((run[0] as Placed).piece.kind, { inputs: run.map((entry) => entry.piece.input), indentations: run.map((entry) => entry.indentation) }, () =>
        run.map((entry) => layOut(entry.piece, entry.indentation)),
      ),
    ),
  );
}

/** The column of `index` when only spaces precede it on its line. */
function indentationAt(text: string, index: number): number | undefined {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return /^ *$/.test(text.slice(lineStart, index)) ? index - lineStart : undefined;
}

/** The piece laid out at the start of a line at `indentation`, followed by its separator. */
function layOut(piece: Piece, indentation: number): string {
  const text = printer.printDocToString(builders.align(indentation, [builders.hardline, piece.doc(), piece.separator]), PRINT_OPTIONS).formatted;
  clearPrintedExpressions();
  const head = `\n${' '.repeat(indentation)}`;
  if (!text.startsWith(head) || !text.endsWith(piece.separator)) throw new Error(`unexpected layout of a ${piece.kind} piece`);
  return text.slice(head.length, text.length - piece.separator.length);
}
