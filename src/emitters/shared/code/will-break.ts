// prettier's willBreak (does a document contain a forced line break?), remembered per document
// node: the printer asks it of every nested call and chain, and prettier's own version walks the
// whole subtree each time.
import type { builders } from 'prettier/doc';

type Doc = builders.Doc;

// Kept on the node itself: a WeakMap of every node would cost more in garbage collection than it saves.
const BREAKS = Symbol('willBreak');
type Remembered = { [BREAKS]?: boolean };

export function willBreak(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  const node = doc as Remembered;
  return (node[BREAKS] ??= computeWillBreak(doc));
}

function computeWillBreak(doc: Exclude<Doc, string>): boolean {
  if (Array.isArray(doc)) return doc.some(willBreak);
  switch (doc.type) {
    case 'group':
      // A conditional group is judged by its first state, as prettier does.
      return doc.break !== false || willBreak(doc.contents);
    case 'line':
      return doc.hard === true;
    case 'break-parent':
      return true;
    case 'if-break':
      return willBreak(doc.breakContents) || willBreak(doc.flatContents);
    case 'fill':
      return doc.parts.some(willBreak);
    case 'indent':
    case 'align':
    case 'indent-if-break':
    case 'label':
    case 'line-suffix':
      return willBreak((doc as { contents: Doc }).contents);
    default:
      return false;
  }
}
