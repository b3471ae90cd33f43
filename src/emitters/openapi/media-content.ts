// The content of bodies and answers that are not JSON: a file's bytes, one entry per media type it may have.
// `type: string, format: binary` is what code generators and Swagger UI read as a file (a file picker, a
// Blob); a 3.1 reader takes it as any string of bytes.
import type { FileIr } from '../../ir/types.js';
import type { Content, SchemaObject } from './types.js';

export const BINARY: SchemaObject = { type: 'string', format: 'binary' };

export function fileContent(file: FileIr): Content {
  return Object.fromEntries(file.mediaTypes.map((type) => [type, { schema: { ...BINARY } }]));
}

/** What a file body's description says beside the definition's own: its limit. */
export function fileLimit(file: FileIr): string | undefined {
  return file.maxBytes === undefined ? undefined : `At most ${file.maxBytes} bytes; more is answered 413.`;
}
