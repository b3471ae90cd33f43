// What a PieceRef prints as: a marker that print-pieces.ts finds in the laid-out statement and
// replaces by the piece's own text; or, when it cannot (a marker character in the user's text),
// the piece's real document, for a plain layout of the whole statement.
import type { builders } from 'prettier/doc';

type Doc = builders.Doc;

/** Private-use characters around the piece's index; the user's text is checked for them after layout. */
export const MARKER_START = '\uE000';
export const MARKER_END = '\uE001';

let realDocs: readonly Doc[] | undefined;

export function pieceDoc(index: number): Doc {
  if (!realDocs) return `${MARKER_START}${index}${MARKER_END}`;
  const doc = realDocs[index];
  if (doc === undefined) throw new Error(`no piece ${index}`);
  return doc;
}

/** `print()` with each PieceRef printed as its piece's document. */
export function withRealPieces<T>(docs: readonly Doc[], print: () => T): T {
  realDocs = docs;
  try {
    return print();
  } finally {
    realDocs = undefined;
  }
}
