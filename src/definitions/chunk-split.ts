// Where a large definition file can be cut into texts that YAML reads exactly as it reads the
// whole: before each top-level key (column 0), and before each entry of a top-level block mapping
// (a key at indentation 2 under "records:", "routes:" …). An entry after the first is parsed under
// a copy of its mapping's header line ("routes:\n" + the entry's lines).
//
// A cut is only safe when nothing before it can continue past it. The yaml lexer ends a scalar or
// collection at a line less indented than the construct needs, and the level it needs is set by
// the last key, list or indicator before it, so a line of indentation L (0 or 2) ends everything
// above it, unless a comment at indentation <= L lowered that level first; such a comment may only
// be followed by other comments, a cut, or a plain key line (which raises the level again before
// any scalar is read). Each chunk is then parsed followed by a line like its cut line, and refused
// if a token runs across the cut or anything is left open (chunked-load.ts); any refusal makes the
// caller parse the file whole. Anything else that could reach across a cut or read differently in
// a chunk is refused here: tabs, carriage returns (and U+2028/9, line ends to regular
// expressions), directives and document markers, top-level content that is not a plain key, other
// lines at indentation <= 2 inside a split mapping (list items, quoted or explicit keys,
// continuation lines). Anchors, aliases and tags are refused after parsing. Refusing costs speed
// only.

export type ChunkRole =
  /** A whole top-level key with its value. */
  | 'block'
  /** The header line of a top-level block mapping and its first entry. */
  | 'first-entry'
  /** A later entry of that mapping, parsed under a copy of the header line. */
  | 'entry';

export interface PlannedChunk {
  readonly role: ChunkRole;
  /** The chunk's own text is text.slice(start, end); it always begins a line. */
  readonly start: number;
  readonly end: number;
  /** Text parsed before it: the header line for an 'entry', else "". */
  readonly prefix: string;
  /** A line standing for the cut after it ("" at the end of the file), see chunked-load.ts. */
  readonly lookahead: string;
}

/** The next chunk's first line as far as the lexer looks at it: its indentation, then a plain key. */
const LOOKAHEAD_ENTRY = '  x:\n';
const LOOKAHEAD_TOP = 'x:\n';

const KEY = '[A-Za-z0-9_$][A-Za-z0-9_$./-]*';
// Sticky and multiline: tested at a line's first non-space character, "$" is the line's end.
/** A plain key, then its value or nothing. */
const KEY_LINE = new RegExp(`${KEY}:(?: |$)`, 'my');
/** A plain key with no value on its line (a comment at most): a block value follows. */
const HEADER_LINE = new RegExp(`${KEY}:(?: +(?:#.*)?)?$`, 'my');

const SPACE = 0x20;
const HASH = 0x23;

/** The chunks of the text, or undefined when it cannot be split provably safely (or not usefully). */
export function planChunks(text: string): PlannedChunk[] | undefined {
  if (/[\t\r\u2028\u2029]/.test(text)) return undefined;
  const chunks: PlannedChunk[] = [];
  let open: { role: ChunkRole; start: number; prefix: string } | undefined;
  const cut = (at: number, next: { role: ChunkRole; start: number; prefix: string }) => {
    if (open) chunks.push({ ...open, end: at, lookahead: next.role === 'entry' ? LOOKAHEAD_ENTRY : LOOKAHEAD_TOP });
    open = next;
  };
  /** Indentation at or below which a comment lowers the lexer's level: 0 in a block, 2 in a split mapping. */
  let level = -1;
  let header = '';
  let entries = 0;
  /** A comment at or below `level` was seen: only comments, cuts or a key line may follow. */
  let lowered = false;
  for (let start = 0; start < text.length;) {
    const end = lineEnd(text, start);
    const first = firstNonSpace(text, start, end);
    const indent = first - start;
    const next = end + 1;
    if (first === end) {
      start = next;
      continue;
    }
    if (text.charCodeAt(first) === HASH) {
      if (level >= 0 && indent <= level) lowered = true;
      start = next;
      continue;
    }
    if (indent === 0) {
      if (!matchesAt(KEY_LINE, text, first)) return undefined;
      const mapping = matchesAt(HEADER_LINE, text, first) && startsEntries(text, next);
      cut(start, { role: mapping ? 'first-entry' : 'block', start: open ? start : 0, prefix: '' });
      level = mapping ? 2 : 0;
      header = text.slice(start, end);
      entries = 0;
      lowered = false;
    } else if (level < 0) {
      // Content before any top-level key: the top level is not a block mapping of plain keys.
      return undefined;
    } else if (indent <= level) {
      if (indent !== 2 || !matchesAt(KEY_LINE, text, first)) return undefined;
      entries += 1;
      if (entries > 1) cut(start, { role: 'entry', start, prefix: `${header}\n` });
      lowered = false;
    } else if (lowered) {
      if (!matchesAt(KEY_LINE, text, first)) return undefined;
      lowered = false;
    }
    // Lines indented by 3 or more (content, comments or spaces) change nothing above unless a
    // comment lowered the level, so they are skipped in one search.
    start = lowered ? next : nextShallowLine(text, next);
  }
  if (!open) return undefined;
  chunks.push({ ...open, end: text.length, lookahead: '' });
  return chunks.some((chunk) => chunk.role === 'entry') ? chunks : undefined;
}

/** Whether the next content line from `start` on is an entry line (indentation 2, a plain key). */
function startsEntries(text: string, start: number): boolean {
  while (start < text.length) {
    const end = lineEnd(text, start);
    const first = firstNonSpace(text, start, end);
    if (first < end && text.charCodeAt(first) !== HASH) return first - start === 2 && matchesAt(KEY_LINE, text, first);
    start = end + 1;
  }
  return false;
}

const DEEP_INDENT = '   ';
/** A line feed before a line not indented by 3 or more. */
const SHALLOW_LINE_BREAK = /\n(?! {3})/g;

/** The start of the first line from the line at `start` on that is not indented by 3 or more (or the text's end). */
function nextShallowLine(text: string, start: number): number {
  if (!text.startsWith(DEEP_INDENT, start)) return start;
  SHALLOW_LINE_BREAK.lastIndex = start;
  const found = SHALLOW_LINE_BREAK.exec(text);
  return found ? found.index + 1 : text.length;
}

function lineEnd(text: string, start: number): number {
  const newline = text.indexOf('\n', start);
  return newline < 0 ? text.length : newline;
}

function firstNonSpace(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && text.charCodeAt(at) === SPACE) at += 1;
  return at;
}

function matchesAt(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}
