// Reads the YAML definitions are written in straight from the `yaml` lexer's tokens into the value and the
// position index load.ts would build, without `yaml`'s parser and document tree: on a large imported API
// those cost eight times what the lexer does. It reads block mappings and sequences, flow collections,
// plain, quoted and block scalars, and comments. On anything else (anchors, aliases, tags, explicit keys,
// directives, documents, tabs, empty values, a repeated key, a line out of place, a scalar `yaml` would
// complain about) it gives up and load.ts parses the file whole, so every value read here is the value
// `yaml` reads and every error is `yaml`'s own (test/foundation/plain-yaml.test.ts compares the two).
import * as yaml from 'yaml';
import { MAX_DEPTH, MAX_TOKENS } from './limits.js';
import { LEAF, MAP, NODE_FIELDS, SEQ, type NodeIndex } from './node-index.js';

export interface PlainYaml {
  readonly value: unknown;
  readonly index: NodeIndex;
  readonly lineStarts: number[];
}

// Token kinds. A plain scalar (and a block scalar's text) is the token after the lexer's SCALAR mark.
const END = 0;
const NEWLINE = 1;
const SPACE = 2;
const COMMENT = 3;
const DASH = 4;
const COLON = 5;
const SEQ_OPEN = 6;
const SEQ_CLOSE = 7;
const MAP_OPEN = 8;
const MAP_CLOSE = 9;
const COMMA = 10;
const PLAIN = 11;
const SINGLE = 12;
const DOUBLE = 13;
const BLOCK_HEADER = 14;
// Lexer marks that take no characters, and what this reader does not read.
const DOCUMENT_MARK = 15;
const SCALAR_MARK = 16;
const OTHER = 17;

/** Thrown to leave the reader for the whole parse. */
const GIVE_UP = new Error('not plain YAML');

function kindOf(lexeme: string): number {
  switch (lexeme[0]) {
    case undefined:
    case '\n':
      return NEWLINE;
    case '\r':
      return lexeme === '\r\n' ? NEWLINE : OTHER;
    case ' ':
      return lexeme.includes('\t') ? OTHER : SPACE;
    case '#':
      return COMMENT;
    case '"':
      return DOUBLE;
    case "'":
      return SINGLE;
    case '|':
    case '>':
      return BLOCK_HEADER;
    case '\x02':
      return DOCUMENT_MARK;
    case '\x1f':
      return SCALAR_MARK;
  }
  if (lexeme.length !== 1) return OTHER;
  switch (lexeme) {
    case '-':
      return DASH;
    case ':':
      return COLON;
    case '[':
      return SEQ_OPEN;
    case ']':
      return SEQ_CLOSE;
    case '{':
      return MAP_OPEN;
    case '}':
      return MAP_CLOSE;
    case ',':
      return COMMA;
  }
  return OTHER;
}

/** The file's value and index, or undefined when `yaml` must read it (see the top of this file). */
export function readPlainYaml(text: string): PlainYaml | undefined {
  // Line breaks other than \n: `yaml` reads them; this reader counts lines by \n alone.
  if (text.includes('\r')) return undefined;
  try {
    return new Reader(text).document();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

class Reader {
  private readonly lexemes: Iterator<string>;
  private lexed = 0;
  private offset = 0;
  // The token at the cursor, the one after it, and the kind of the one before it: the tokens stream through.
  private current = END;
  private currentSource = '';
  private currentStart = 0;
  private next = END;
  private nextSource = '';
  private nextStart = 0;
  private previous = END;
  private lineStart = 0;
  private depth = 0;
  /** Children of the collections being read, NODE_FIELDS numbers each, moved to `fields` when theirs ends. */
  private readonly pending: number[] = [];
  private readonly pendingKeys: (string | null)[] = [];
  private readonly fields: number[] = [0, -1, 0, 0, 0];
  private readonly keys: (string | null)[] = [null];
  // The node read last: where it starts, its kind and its children in `fields`.
  private start = -1;
  private kind = LEAF;
  private firstChild = 0;
  private childCount = 0;

  constructor(private readonly text: string) {
    this.lexemes = new yaml.Lexer().lex(text)[Symbol.iterator]();
    this.pull();
    this.advance();
    this.previous = END;
  }

  document(): PlainYaml | undefined {
    this.nextLine();
    if (this.peek() === END) return undefined;
    const value = this.blockNode(this.column());
    if (this.peek() !== END) throw GIVE_UP;
    this.fields.splice(0, NODE_FIELDS, this.start, -1, this.kind, this.firstChild, this.childCount);
    const lineStarts = [0];
    for (let at = this.text.indexOf('\n'); at >= 0; at = this.text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
    return { value, index: { fields: Int32Array.from(this.fields), keys: this.keys }, lineStarts };
  }

  // ---------------------------------------------------------------- the cursor

  /** The lexer's next token into `next`, past the marks that take no characters. */
  private pull(): void {
    let scalarNext = false;
    for (;;) {
      const step = this.lexemes.next();
      if (step.done) {
        if (this.offset !== this.text.length) throw GIVE_UP;
        this.next = END;
        this.nextSource = '';
        this.nextStart = this.offset;
        return;
      }
      const lexeme = step.value;
      if (lexeme.length > 0 && ++this.lexed > MAX_TOKENS) throw GIVE_UP;
      const kind: number = scalarNext ? PLAIN : kindOf(lexeme);
      scalarNext = kind === SCALAR_MARK;
      if (kind === SCALAR_MARK || kind === DOCUMENT_MARK) continue;
      if (kind === OTHER) throw GIVE_UP;
      this.next = kind;
      this.nextSource = lexeme;
      this.nextStart = this.offset;
      this.offset += lexeme.length;
      return;
    }
  }

  private peek(): number {
    return this.current;
  }

  private peekNext(): number {
    return this.next;
  }

  private source(): string {
    return this.currentSource;
  }

  private column(): number {
    return this.currentStart - this.lineStart;
  }

  private advance(): void {
    const kind = this.current;
    if (kind === NEWLINE || kind === PLAIN) {
      const newline = this.currentSource.lastIndexOf('\n');
      if (newline >= 0) this.lineStart = this.currentStart + newline + 1;
    }
    this.previous = kind;
    this.current = this.next;
    this.currentSource = this.nextSource;
    this.currentStart = this.nextStart;
    if (this.next !== END) this.pull();
  }

  private skipSpace(): void {
    if (this.peek() === SPACE) this.advance();
  }

  /** The rest of a line after its value: spaces, a comment, the line break. */
  private lineEnd(): void {
    this.skipSpace();
    if (this.peek() === COMMENT) this.comment();
    if (this.peek() === NEWLINE) this.advance();
    else if (this.peek() !== END) throw GIVE_UP;
  }

  /** A comment, which must be apart from what is before it on its line. */
  private comment(): void {
    if (this.previous !== END && this.previous !== SPACE && this.previous !== NEWLINE) throw GIVE_UP;
    this.advance();
  }

  /** From the start of a line to the first token of the next line with content (or the end). */
  private nextLine(): void {
    for (;;) {
      const kind = this.peek();
      if (kind === SPACE || kind === COMMENT || kind === NEWLINE) this.advance();
      else return;
    }
  }

  /** After a line's value: on to the next line with content, which must be at `indent` or left of it. */
  private afterLine(indent: number): number {
    this.lineEnd();
    this.nextLine();
    if (this.peek() === END) return -1;
    const column = this.column();
    if (column > indent) throw GIVE_UP;
    return column;
  }

  private isScalar(kind: number): boolean {
    return kind === PLAIN || kind === SINGLE || kind === DOUBLE;
  }

  // ---------------------------------------------------------------- block collections

  /** The block node whose first token is at the cursor, at column `indent`; ends at the next line left of it. */
  private blockNode(indent: number): unknown {
    const kind = this.peek();
    if (kind === DASH) return this.blockSeq(indent);
    if (this.isScalar(kind) && this.peekNext() === COLON) return this.blockMap(indent);
    if (this.isScalar(kind) || kind === SEQ_OPEN || kind === MAP_OPEN) {
      // A value on a line of its own: its further lines must stay right of its parent, left of `indent`.
      const value = this.inlineValue(indent - 1);
      this.afterLine(indent - 1);
      return value;
    }
    throw GIVE_UP;
  }

  private blockMap(indent: number): unknown {
    const map: Record<string, unknown> = {};
    const mark = this.enter();
    const start = this.currentStart;
    for (;;) {
      const keyStart = this.currentStart;
      const key = this.key(indent, map);
      map[key] = this.mapValue(indent);
      this.child(keyStart, key);
      if (this.peek() === END || this.column() < indent) break;
      if (this.column() > indent) throw GIVE_UP;
    }
    this.leave(mark, start, MAP);
    return map;
  }

  /** The key at the cursor and its `:`, consumed; a key the mapping has already (or `__proto__`) gives up. */
  private key(indent: number, into: object): string {
    if (!this.isScalar(this.peek()) || this.peekNext() !== COLON) throw GIVE_UP;
    // YAML ends an implicit key within 1024 characters; `yaml` reports a longer one.
    if (this.source().length > 1000) throw GIVE_UP;
    const key = this.scalarText(indent, true);
    if (key === '__proto__' || Object.hasOwn(into, key)) throw GIVE_UP;
    this.advance();
    return key;
  }

  /** The value after a key's `:` at column `indent`. */
  private mapValue(indent: number): unknown {
    this.skipSpace();
    const kind = this.peek();
    if (kind === COMMENT || kind === NEWLINE || kind === END) {
      this.lineEnd();
      this.nextLine();
      if (this.peek() === END) throw GIVE_UP;
      const column = this.column();
      if (column > indent) return this.blockNode(column);
      if (column === indent && this.peek() === DASH) return this.blockSeq(indent);
      throw GIVE_UP;
    }
    if (kind === BLOCK_HEADER) return this.blockScalar(indent);
    const value = this.inlineValue(indent);
    this.afterLine(indent);
    return value;
  }

  private blockSeq(indent: number): unknown {
    const items: unknown[] = [];
    const mark = this.enter();
    const start = this.currentStart;
    for (;;) {
      this.advance();
      const spaced = this.peek() === SPACE;
      this.skipSpace();
      const kind = this.peek();
      if (kind === COMMENT || kind === NEWLINE || kind === END) {
        this.lineEnd();
        this.nextLine();
        if (this.peek() === END || this.column() <= indent) throw GIVE_UP;
        items.push(this.blockNode(this.column()));
      } else if (!spaced) throw GIVE_UP;
      else if (kind === DASH) items.push(this.blockSeq(this.column()));
      else if (this.isScalar(kind) && this.peekNext() === COLON) items.push(this.blockMap(this.column()));
      else if (kind === BLOCK_HEADER) items.push(this.blockScalar(indent));
      else {
        items.push(this.inlineValue(indent));
        this.afterLine(indent);
      }
      this.child(-1, null);
      if (this.peek() === END || this.column() < indent) break;
      if (this.column() > indent) throw GIVE_UP;
      if (this.peek() !== DASH) break;
    }
    this.leave(mark, start, SEQ);
    return items;
  }

  // ---------------------------------------------------------------- the index

  private enter(): number {
    if (++this.depth > MAX_DEPTH) throw GIVE_UP;
    return this.pendingKeys.length;
  }

  /** The node just read is a child of the collection being read: its key (and where the key starts), or none. */
  private child(keyStart: number, key: string | null): void {
    this.pending.push(this.start, keyStart, this.kind, this.firstChild, this.childCount);
    this.pendingKeys.push(key);
  }

  /** The collection's children go to the index together, in order; the collection is the node read last. */
  private leave(mark: number, start: number, kind: number): void {
    this.depth -= 1;
    this.firstChild = this.keys.length;
    this.childCount = this.pendingKeys.length - mark;
    for (let at = mark * NODE_FIELDS; at < this.pending.length; at++) this.fields.push(this.pending[at] as number);
    for (let at = mark; at < this.pendingKeys.length; at++) this.keys.push(this.pendingKeys[at] as string | null);
    this.pending.length = mark * NODE_FIELDS;
    this.pendingKeys.length = mark;
    this.start = start;
    this.kind = kind;
  }

  private leaf(start: number): void {
    this.start = start;
    this.kind = LEAF;
    this.firstChild = 0;
    this.childCount = 0;
  }

  // ---------------------------------------------------------------- scalars and flow collections

  /** A scalar or flow collection on the line of its key or dash, or inside a flow collection; `indent`: the block's. */
  private inlineValue(indent: number): unknown {
    const kind = this.peek();
    if (kind === SEQ_OPEN || kind === MAP_OPEN) return this.flow(indent);
    if (!this.isScalar(kind) || this.peekNext() === COLON) throw GIVE_UP;
    const start = this.currentStart;
    const value = this.scalarValue(indent);
    this.leaf(start);
    return value;
  }

  private flow(indent: number): unknown {
    const isMap = this.peek() === MAP_OPEN;
    const close = isMap ? MAP_CLOSE : SEQ_CLOSE;
    const collection: Record<string, unknown> | unknown[] = isMap ? {} : [];
    const mark = this.enter();
    const start = this.currentStart;
    this.advance();
    for (this.flowSpace(indent); this.peek() !== close;) {
      if (isMap) {
        const keyStart = this.currentStart;
        const key = this.key(indent, collection);
        this.flowSpace(indent);
        (collection as Record<string, unknown>)[key] = this.inlineValue(indent);
        this.child(keyStart, key);
      } else {
        (collection as unknown[]).push(this.inlineValue(indent));
        this.child(-1, null);
      }
      this.flowSpace(indent);
      if (this.peek() === COMMA) {
        this.advance();
        this.flowSpace(indent);
      } else if (this.peek() !== close) throw GIVE_UP;
    }
    this.advance();
    this.leave(mark, start, isMap ? MAP : SEQ);
    return collection;
  }

  /** Spaces, comments and line breaks inside a flow collection; its lines stay right of the block's `indent`. */
  private flowSpace(indent: number): void {
    for (;;) {
      const kind = this.peek();
      if (kind === SPACE) this.advance();
      else if (kind === COMMENT) this.comment();
      else if (kind === NEWLINE && this.source() !== '') {
        this.advance();
        if (this.peek() === SPACE) this.advance();
        if (this.column() <= indent && this.peek() !== NEWLINE && this.peek() !== COMMENT) throw GIVE_UP;
      } else return;
    }
  }

  /** The text of the scalar at the cursor (a key, or a value before its type), which is consumed. */
  private scalarText(indent: number, isKey = false): string {
    const kind = this.peek();
    const source = this.source();
    const start = this.currentStart;
    const multiline = source.includes('\n');
    if (multiline && (isKey || kind !== PLAIN || !continuesRightOf(source, indent))) throw GIVE_UP;
    this.advance();
    if (!multiline) {
      if (kind === PLAIN && !BAD_PLAIN_START.has(source[0] as string)) return source;
      const inner = source.slice(1, -1);
      const closed = source.length > 1 && source.endsWith(source[0] as string);
      if (kind === DOUBLE && closed && !/[\\"]/.test(inner)) return inner;
      if (kind === SINGLE && closed && !inner.includes("'")) return inner;
    }
    const type = kind === PLAIN ? 'scalar' : kind === SINGLE ? 'single-quoted-scalar' : 'double-quoted-scalar';
    const token = { type, offset: start, indent, source } as const;
    const resolved = yaml.CST.resolveAsScalar(token, true, () => {
      throw GIVE_UP;
    });
    if (!resolved) throw GIVE_UP;
    return resolved.value;
  }

  /** A scalar value: a plain one typed by YAML's core schema, as `yaml` types it. */
  private scalarValue(indent: number): unknown {
    const plain = this.peek() === PLAIN;
    const text = this.scalarText(indent);
    return plain ? coreValue(text) : text;
  }

  private blockScalar(indent: number): unknown {
    const start = this.currentStart;
    const header = this.source();
    if (/\d/.test(header)) throw GIVE_UP;
    this.advance();
    this.skipSpace();
    if (this.peek() === COMMENT) this.comment();
    if (this.peek() !== NEWLINE || this.source() === '') throw GIVE_UP;
    this.advance();
    if (this.peek() !== PLAIN) throw GIVE_UP;
    const source = this.source();
    this.advance();
    const props = [{ type: 'block-scalar-header', offset: start, indent, source: header }] as const;
    const token = { type: 'block-scalar', offset: start, indent, props, source } as const;
    const resolved = yaml.CST.resolveAsScalar(token as never, true, () => {
      throw GIVE_UP;
    });
    if (!resolved) throw GIVE_UP;
    this.leaf(start);
    this.nextLine();
    if (this.peek() !== END && this.column() > indent) throw GIVE_UP;
    return resolved.value;
  }
}

/** What a plain scalar may not start with (`yaml` reports it). */
const BAD_PLAIN_START = new Set(['\t', ',', '%', '|', '>', '@', '`']);

/** Whether every further line of a multi-line plain scalar is indented right of `indent`. */
function continuesRightOf(source: string, indent: number): boolean {
  for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) {
    let spaces = 0;
    while (source[at + 1 + spaces] === ' ') spaces += 1;
    const next = source[at + 1 + spaces];
    if (next !== '\n' && next !== undefined && spaces <= indent) return false;
  }
  return true;
}

/** A plain scalar's value by YAML 1.2's core schema, in `yaml`'s order: null, booleans, integers, floats, text. */
export function coreValue(text: string): unknown {
  const first = text.charCodeAt(0);
  // Most plain scalars are words: no core type starts with a letter other than n, N, t, T, f, F.
  if (first >= 0x61 && first <= 0x7a && first !== 0x6e && first !== 0x74 && first !== 0x66) return text;
  if (/^(?:~|[Nn]ull|NULL)?$/.test(text)) return null;
  if (/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text)) return text[0] === 't' || text[0] === 'T';
  if (/^0o[0-7]+$/.test(text)) return parseInt(text.substring(2), 8);
  if (/^[-+]?[0-9]+$/.test(text)) return parseInt(text, 10);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return parseInt(text.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(text))
    return text.slice(-3).toLowerCase() === 'nan' ? NaN : text[0] === '-' ? -Infinity : Infinity;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(text)) return parseFloat(text);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(text)) return parseFloat(text);
  return text;
}
