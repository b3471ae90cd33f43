// Parses one chunk of a definition file (or a whole small file) into plain data: its value, the
// index positions are looked up in and its YAML token count. Runs in the main thread or a worker.
// Anything the whole-file parse could report on is a refusal here (undefined): the caller then
// parses the file whole, so every diagnostic comes from one place.
import { yaml } from './lazy-yaml.js';
import { MAX_ALIAS_COUNT, MAX_DEPTH, MAX_TOKENS, YAML_PARSE_OPTIONS } from './limits.js';
import { walkDocument, type NodeIndex } from './node-index.js';

/** What a chunk is parsed from. */
export interface ChunkText {
  /** The chunk's lines, after `prefixLength` characters of a copied header line. */
  readonly text: string;
  readonly prefixLength: number;
  /** A line standing for the one after the chunk in the file ("" at the end), see parseChunk. */
  readonly lookahead: string;
}

export interface ParsedChunk {
  readonly value: unknown;
  readonly index: NodeIndex;
  /**
   * Non-empty lexer tokens of the chunk's own lines (not the prefix, not the document start): the
   * whole file's count, as its token guard counts, is one document start plus these of every chunk.
   */
  readonly tokens: number;
}

class Refused extends Error {}

/** Lexer tokens that mark a state and take no characters of the text. */
const DOCUMENT_START = '\x02';
const ZERO_WIDTH = new Set([DOCUMENT_START, '\x18', '\x1f']);

/**
 * Parses the chunk as the whole-file parse reads its lines. How the lexer ends a block or plain
 * scalar depends on the indentation of the line after it, so the text is lexed followed by the
 * lookahead line and only the tokens before the cut are parsed; a token that would run across the
 * cut refuses the chunk. `tokenAllowance` caps the tokens lexed (the file's guard, less what other
 * chunks already counted).
 */
export function parseChunk(chunk: ChunkText, tokenAllowance = MAX_TOKENS): ParsedChunk | undefined {
  const { text, prefixLength, lookahead } = chunk;
  const y = yaml();
  const lineStarts: number[] = [];
  const parser = new y.Parser((offset) => lineStarts.push(offset));
  let lexed = 0;
  let tokens = 0;
  // parseDocument's own steps (Parser.parse, then compose), with the lexer's tokens counted on the way.
  function* cst() {
    lineStarts.push(0);
    let offset = 0;
    for (const lexeme of new y.Lexer().lex(text + lookahead)) {
      if (lookahead !== '' && offset >= text.length) break;
      const start = offset;
      offset += ZERO_WIDTH.has(lexeme) ? 0 : lexeme.length;
      if (offset > text.length) throw new Refused();
      if (lexeme.length > 0) {
        if (++lexed > tokenAllowance) throw new Refused();
        if (start >= prefixLength && lexeme !== DOCUMENT_START) tokens += 1;
      }
      yield* parser.next(lexeme);
    }
    yield* parser.end();
  }
  try {
    const documents = [...new y.Composer(YAML_PARSE_OPTIONS).compose(cst(), true, text.length)];
    const document = documents[0];
    if (documents.length !== 1 || !document || document.errors.length > 0 || document.warnings.length > 0) return undefined;
    const { shape, index } = walkDocument(document);
    if (shape.aliases.size > 0 || shape.decorated || shape.duplicateKeys.length > 0 || shape.depth > MAX_DEPTH) return undefined;
    // The file's line starts are then simply those of its text (see chunked-load.ts).
    if (!startsEveryLine(text, lineStarts)) return undefined;
    const value: unknown = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    return { value, index, tokens };
  } catch {
    // A token across the cut, too many tokens, a parser stack overflow: the whole file is parsed.
    return undefined;
  }
}

/** Whether the recorded line starts are exactly 0 and the offset after each line feed. */
function startsEveryLine(text: string, lineStarts: readonly number[]): boolean {
  let line = 1;
  for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', newline + 1)) {
    if (lineStarts[line] !== newline + 1) return false;
    line += 1;
  }
  return lineStarts[0] === 0 && line === lineStarts.length;
}
