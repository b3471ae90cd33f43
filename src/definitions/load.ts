// Reads definition files: bytes → UTF-8 text → YAML document with positions → plain value.
// Nothing here knows the definitions schema; see validate.ts for that.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { compareCodePoints } from '../ir/names.js';
import type { Diagnostic } from './diagnostics.js';

export interface LoadedFile {
  /** Path relative to the working directory, "/"-separated: what diagnostics show. */
  readonly file: string;
  readonly text: string;
  readonly document: Document;
  readonly lines: LineCounter;
  readonly value: unknown;
}

export interface LoadResult {
  readonly files: readonly LoadedFile[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Limits that keep a hostile file from exhausting time or memory. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const MAX_ALIAS_COUNT = 100;
const MAX_DEPTH = 64;

/** What a reader should write instead, for the YAML errors people make most. */
const YAML_EXPECTATIONS: Partial<Record<string, string>> = {
  DUPLICATE_KEY: 'each key at most once in a mapping',
  TAB_AS_INDENT: 'spaces, not tabs, for indentation',
};

export async function listDefinitionFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(dir, entry.name))
    .sort(compareCodePoints);
}

export function displayPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return (rel.startsWith('..') ? path : rel).split(sep).join('/');
}

export interface DefinitionSource {
  /** Shown path, relative to the working directory. */
  readonly file: string;
  readonly bytes: Uint8Array;
}

/** Reads every definition file's bytes, or says why it cannot. */
export async function readDefinitionSources(dir: string, cwd: string = process.cwd()): Promise<{ sources: DefinitionSource[]; diagnostics: Diagnostic[] }> {
  const shown = displayPath(dir, cwd);
  let paths: string[];
  try {
    paths = await listDefinitionFiles(dir);
  } catch (error) {
    return { sources: [], diagnostics: [at(shown, 1, 1, 'SVC005', `cannot read definitions folder (${describeFsError(error)}; expected a readable folder of *.yaml files)`)] };
  }
  if (paths.length === 0) {
    return { sources: [], diagnostics: [at(shown, 1, 1, 'SVC006', 'no definition files found (expected *.yaml files)')] };
  }
  const sources: DefinitionSource[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const path of paths) {
    try {
      sources.push({ file: displayPath(path, cwd), bytes: await readFile(path) });
    } catch (error) {
      diagnostics.push(at(displayPath(path, cwd), 1, 1, 'SVC005', `cannot read file (${describeFsError(error)}; expected a readable file)`));
    }
  }
  return { sources, diagnostics };
}

export function parseDefinitionSources(sources: readonly DefinitionSource[]): LoadResult {
  const files: LoadedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const source of sources) {
    const result = parseDefinitionText(source.file, source.bytes);
    diagnostics.push(...result.diagnostics);
    if (result.file) files.push(result.file);
  }
  return { files, diagnostics };
}

export function parseDefinitionText(
  file: string,
  bytes: Uint8Array,
): { file: LoadedFile | undefined; diagnostics: Diagnostic[] } {
  if (bytes.byteLength > MAX_FILE_BYTES) {
    return fail(at(file, 1, 1, 'SVC003', `file is ${bytes.byteLength} bytes (expected at most ${MAX_FILE_BYTES})`));
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Offset(bytes);
    const prefix = new TextDecoder('utf-8').decode(bytes.subarray(0, offset));
    const line = prefix.split('\n').length;
    const column = prefix.length - prefix.lastIndexOf('\n');
    return fail(at(file, line, column, 'SVC001', `invalid UTF-8 byte 0x${(bytes[offset] ?? 0).toString(16)} (expected UTF-8 text)`));
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, strict: true });
  const syntax = document.errors.map((error) => {
    const { line, col } = lines.linePos(error.pos[0]);
    return at(file, line, col, 'SVC002', `${firstLine(error.message)} (expected ${YAML_EXPECTATIONS[error.code] ?? 'well-formed YAML'})`);
  });
  if (syntax.length > 0) return { file: undefined, diagnostics: syntax };
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    return fail(at(file, 1, 1, 'SVC004', `${firstLine(String((error as Error).message))} (expected at most ${MAX_ALIAS_COUNT} alias expansions)`));
  }
  const depth = nestingDepth(value, 0);
  if (depth > MAX_DEPTH) {
    return fail(at(file, 1, 1, 'SVC003', `nesting depth over ${MAX_DEPTH} (expected a shallower document)`));
  }
  return { file: { file, text, document, lines, value }, diagnostics: [] };
}

function nestingDepth(value: unknown, depth: number): number {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, nestingDepth(child, depth + 1));
    if (deepest > MAX_DEPTH) break;
  }
  return deepest;
}

/** Offset of the first byte that starts no valid UTF-8 sequence (only used to place SVC001). */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const lead = bytes[offset] ?? 0;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    if (length === 0 || offset + length > bytes.byteLength) return offset;
    for (let next = offset + 1; next < offset + length; next += 1) {
      if (((bytes[next] ?? 0) & 0xc0) !== 0x80) return offset;
    }
    offset += length;
  }
  return offset;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? String(error);
}

function fail(diagnostic: Diagnostic): { file: undefined; diagnostics: Diagnostic[] } {
  return { file: undefined, diagnostics: [diagnostic] };
}

export function at(file: string, line: number, column: number, code: Diagnostic['code'], message: string): Diagnostic {
  return { file, line, column, code, message };
}
