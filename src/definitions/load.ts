// Parses definition files (read by sources.ts): bytes → UTF-8 text → plain value with positions.
// Nothing here knows the definitions schema; see validate-schema.ts for that. With a store of parsed
// chunks, a large file is loaded from chunks when that provably reads the same (chunked-load.ts);
// otherwise plain-yaml.ts reads it from yaml's tokens, and a file it cannot read, or that has anything
// to report, is parsed whole through yaml's document here.
import * as yaml from 'yaml';
import { loadInChunks, type ChunkStore } from './chunked-load.js';
import type { Diagnostic, DiagnosticCode } from './diagnostics.js';
import type { DefinitionSource } from './sources.js';
import {
  MAX_ALIAS_COUNT,
  MAX_ALIAS_EXPANSION,
  MAX_DEPTH,
  MAX_FILE_BYTES,
  MAX_TOKENS,
  YAML_PARSE_OPTIONS,
} from './limits.js';
import { walkDocument } from './node-index.js';
import { readPlainYaml } from './plain-yaml.js';
import type { FilePositions } from './positions.js';

export interface LoadedFile {
  /** Path relative to the working directory, "/"-separated: what diagnostics show. */
  readonly file: string;
  readonly text: string;
  /** Where each path of the value is written (see positions.ts). */
  readonly positions: FilePositions;
  readonly value: unknown;
}

/**
 * For the YAML errors people make most: what a reader should write instead, and a message in place
 * of the parser's where that names its options rather than the problem.
 */
const YAML_HELP: Partial<Record<string, { expected: string; message?: string }>> = {
  DUPLICATE_KEY: { expected: 'each key at most once in a mapping' },
  TAB_AS_INDENT: { expected: 'spaces, not tabs, for indentation' },
  NON_STRING_KEY: { expected: 'a plain name as each key', message: 'a key is a list or a mapping' },
};

/**
 * YAML allows only printable characters (plus tab and line breaks) in its text; others must be
 * escaped in a double-quoted string.
 */
const NON_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

export function parseDefinitionSources(sources: readonly DefinitionSource[], chunks?: ChunkStore) {
  const results = sources.map((source) => parseDefinitionText(source.file, source.bytes, chunks));
  return {
    files: results.flatMap((result) => (result.file ? [result.file] : [])),
    diagnostics: results.flatMap((result) => result.diagnostics),
  };
}

type Parsed = { file: LoadedFile | undefined; diagnostics: Diagnostic[] };

/** The result of a file that cannot be loaded, with the one diagnostic that says why. */
function failure(file: string) {
  return (code: DiagnosticCode, message: string, line = 1, column = 1): Parsed => ({
    file: undefined,
    diagnostics: [{ file, line, column, code, message }],
  });
}

export function parseDefinitionText(file: string, bytes: Uint8Array, chunks?: ChunkStore): Parsed {
  const fail = failure(file);
  if (bytes.byteLength > MAX_FILE_BYTES)
    return fail('SVC003', `file is ${bytes.byteLength} bytes (expected at most ${MAX_FILE_BYTES})`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Offset(bytes);
    const where = positionAfter(new TextDecoder('utf-8').decode(bytes.subarray(0, offset)));
    return fail('SVC001', `invalid UTF-8 byte 0x${(bytes[offset] ?? 0).toString(16)} (expected UTF-8 text)`, ...where);
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const control = NON_PRINTABLE.exec(text)?.index;
  if (control !== undefined) {
    const hex = (text.codePointAt(control) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    const message = `control character U+${hex} in the text (expected printable characters; write it as the escape "\\u${hex}" in a double-quoted string)`;
    return fail('SVC002', message, ...positionAfter(text.slice(0, control)));
  }
  const chunked = chunks && loadInChunks(text, chunks);
  if (chunked) return { file: { file, text, ...chunked }, diagnostics: [] };
  // Most definitions are plain YAML, read without building yaml's document; the rest are parsed whole.
  const plain = readPlainYaml(text);
  if (!plain) return parseWithYaml(file, text);
  const { value, index, lineStarts } = plain;
  return { file: { file, text, positions: { lineStarts, index }, value }, diagnostics: [] };
}

/** The text parsed whole by `yaml`: its value and positions, or what is wrong with it, located. */
export function parseWithYaml(file: string, text: string): Parsed {
  const fail = failure(file);
  const lines = new yaml.LineCounter();
  const document = parseCounted(text, lines, MAX_TOKENS);
  if (!document) return fail('SVC003', `more than ${MAX_TOKENS} YAML tokens (expected a smaller document)`);
  const at = (offset: number, code: DiagnosticCode, message: string): Diagnostic => {
    const { line, col } = lines.linePos(offset);
    return { file, line, column: col, code, message };
  };
  const syntax: Diagnostic[] = [];
  // A tab in an indent throws every line after it out of place: its own error is the one to fix,
  // and the parser's errors that follow from it are not shown.
  const tabs = document.errors.filter((error) => error.code === 'TAB_AS_INDENT');
  for (const error of tabs.length > 0 ? tabs : document.errors) {
    if (error.code === 'RESOURCE_EXHAUSTION') {
      // The parser ran out of stack: nesting far beyond MAX_DEPTH. Once per file is enough.
      const message = `nesting too deep to parse (expected at most ${MAX_DEPTH} levels)`;
      if (!syntax.some((d) => d.code === 'SVC003')) syntax.push(at(error.pos[0], 'SVC003', message));
      continue;
    }
    const message = YAML_HELP[error.code]?.message ?? firstLine(error.message);
    const expected = YAML_HELP[error.code]?.expected ?? 'well-formed YAML';
    syntax.push(at(error.pos[0], 'SVC002', `${message} (expected ${expected})`));
  }
  const { shape, index } = walkDocument(document);
  const duplicate = `Map keys must be unique (expected ${YAML_HELP.DUPLICATE_KEY?.expected})`;
  for (const offset of shape.duplicateKeys) syntax.push(at(offset, 'SVC002', duplicate));
  if (syntax.length > 0) return { file: undefined, diagnostics: syntax };
  if (shape.depth > MAX_DEPTH) return fail('SVC003', `nesting depth over ${MAX_DEPTH} (expected a shallower document)`);
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const message = firstLine(String((error as Error).message));
    const unresolved = /^Unresolved alias[^:]*: (.*)$/.exec(message);
    if (unresolved) {
      const expected = `expected &${unresolved[1]} on an earlier value`;
      const message = `alias *${unresolved[1]} names no anchor before it (${expected})`;
      return { file: undefined, diagnostics: [at(shape.aliases.get(unresolved[1] ?? '') ?? 0, 'SVC002', message)] };
    }
    return fail('SVC004', `${message} (expected at most ${MAX_ALIAS_COUNT} alias expansions)`);
  }
  const budget = { left: shape.nodes + MAX_ALIAS_EXPANSION };
  const depth = nestingDepth(value, 0, budget);
  if (budget.left < 0) {
    const expected = `expected at most ${MAX_ALIAS_EXPANSION} values added by aliases`;
    return fail('SVC004', `aliases add more than ${MAX_ALIAS_EXPANSION} values to the document (${expected})`);
  }
  if (depth > MAX_DEPTH) return fail('SVC003', `nesting depth over ${MAX_DEPTH} (expected a shallower document)`);
  return { file: { file, text, positions: { lineStarts: lines.lineStarts, index }, value }, diagnostics: [] };
}

/**
 * parseDocument's own steps (Parser, then Composer) with the lexer's tokens counted on the way, so a
 * large file is lexed once, not once to count and again to parse; undefined once past `max` tokens.
 */
function parseCounted(text: string, lines: yaml.LineCounter, max: number): yaml.Document | undefined {
  const parser = new yaml.Parser(lines.addNewLine);
  let count = 0;
  function* cst() {
    lines.addNewLine(0);
    for (const lexeme of new yaml.Lexer().lex(text)) {
      if (lexeme.length > 0 && ++count > max) return;
      yield* parser.next(lexeme);
    }
    yield* parser.end();
  }
  let document: yaml.Document | undefined;
  for (const next of new yaml.Composer(YAML_PARSE_OPTIONS).compose(cst(), true, text.length)) {
    if (!document) document = next;
    else {
      const message = 'Source contains multiple documents; please use YAML.parseAllDocuments()';
      document.errors.push(new yaml.YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', message));
      break;
    }
  }
  return count > max ? undefined : document;
}

/** Nesting depth of the value aliases included; every value visited spends one of the budget. */
function nestingDepth(value: unknown, depth: number, budget: { left: number }): number {
  budget.left -= 1;
  if (depth > MAX_DEPTH || budget.left < 0 || value === null || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, nestingDepth(child, depth + 1, budget));
    if (deepest > MAX_DEPTH || budget.left < 0) break;
  }
  return deepest;
}

/**
 * Offset of the first byte that starts no valid UTF-8 sequence (only used to place SVC001): where the
 * decoder wrote its first U+FFFD that the file does not hold as such (EF BF BD).
 */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  let offset = 0;
  let done = 0;
  for (let index = text.indexOf('\uFFFD'); index >= 0; index = text.indexOf('\uFFFD', index + 1)) {
    offset += Buffer.byteLength(text.slice(done, index));
    done = index;
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) return offset;
  }
  return bytes.byteLength;
}

/** 1-based line and column of the character after `prefix`. */
function positionAfter(prefix: string): [line: number, column: number] {
  return [prefix.split('\n').length, prefix.length - prefix.lastIndexOf('\n')];
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
