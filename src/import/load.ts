// Reads the document and the local files its $refs name: JSON or YAML, within size and alias limits,
// every problem located. $refs are resolved on demand (refs.ts), so cycles never unfold.
import { readFileSync, statSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { displayPath } from '../definitions/sources.js';
import { isMapping } from '../definitions/schema-values.js';
import { lineColumn, type SourceText } from './locate.js';
import { ImportError } from './report.js';

/** Larger than any public description we know (GitHub's is 13 MB); a bigger file is refused, not read. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Alias expansions a YAML file may make: a "billion laughs" file stops here. */
const MAX_ALIASES = 1000;

export interface LoadedFile extends SourceText {
  readonly path: string;
  readonly value: unknown;
}

export function loadFile(path: string): LoadedFile {
  const where = displayPath(path);
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new ImportError([`${where}: not a regular file`]);
    size = stats.size;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError([`${where}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  if (size > MAX_DOCUMENT_BYTES)
    throw new ImportError([
      `${where}: ${size} bytes, over the ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB import limit; nothing was read`,
    ]);
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  return /^\s*[{[]/.test(text) ? parseJson(path, text) : parseYaml(path, text);
}

function parseJson(path: string, text: string): LoadedFile {
  try {
    return { path, text, value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    const what = /Unexpected end/.test(message) || offset >= text.length ? 'the JSON ends too early' : message;
    throw new ImportError([`${displayPath(path)}:${lineColumn(text, offset)}: not valid JSON: ${what}`]);
  }
}

function parseYaml(path: string, text: string): LoadedFile {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const where = (offset: number) => `${displayPath(path)}:${lineColumn(text, offset)}`;
  if (document.errors.length > 0)
    throw new ImportError(
      document.errors.map((error) => `${where(error.pos[0])}: not valid YAML: ${firstLine(error)}`),
    );
  try {
    return { path, text, value: document.toJS({ maxAliasCount: MAX_ALIASES }), yaml: { document, lines } };
  } catch (error) {
    throw new ImportError([`${where(0)}: not read: ${firstLine(error as Error)}`]);
  }
}

function firstLine(error: Error): string {
  return error.message.split('\n')[0] ?? '';
}

export type OpenApiVersion = '2.0' | '3.0' | '3.1';

/** The document's OpenAPI version, or a located error saying why it is not an OpenAPI document. */
export function openApiVersion(file: LoadedFile): OpenApiVersion {
  const where = displayPath(file.path);
  if (!isMapping(file.value)) throw new ImportError([`${where}:1:1: not an OpenAPI document: not a JSON object`]);
  const { openapi, swagger } = file.value;
  if (swagger === '2.0') return '2.0';
  if (typeof openapi === 'string' && /^3\.0\.\d+/.test(openapi)) return '3.0';
  if (typeof openapi === 'string' && /^3\.1\.\d+/.test(openapi)) return '3.1';
  const found = openapi ?? swagger;
  throw new ImportError([
    found === undefined
      ? `${where}:1:1: not an OpenAPI document: no "openapi" or "swagger" member`
      : `${where}:1:1: OpenAPI version ${JSON.stringify(found)} is not supported (3.1, 3.0 or Swagger 2.0)`,
  ]);
}
