// The content of bodies and responses that are not JSON: a file's bytes, one entry per media type it may have.
// `type: string, format: binary` is what code generators and Swagger UI read as a file (a file picker, a
// Blob); a 3.1 reader takes it as any string of bytes.
import type { FileIr, MultipartIr } from '../../ir/types.js';
import type { Content, SchemaObject } from './types.js';

export const BINARY: SchemaObject = { type: 'string', format: 'binary' };

export function fileContent(file: FileIr): Content {
  return Object.fromEntries(file.mediaTypes.map((type) => [type, { schema: { ...BINARY } }]));
}

/**
 * A multipart form: an object with a binary member per file part and a string per text part; each file
 * part's media types go in its `encoding` entry, as OpenAPI 3.1 says a part's Content-Type is given.
 */
export function multipartContent(multipart: MultipartIr): Content {
  const properties: Record<string, SchemaObject> = {};
  for (const part of multipart.files)
    properties[part.name] = { ...BINARY, ...(part.description !== undefined && { description: part.description }) };
  for (const part of multipart.fields)
    properties[part.name] = {
      type: 'string',
      ...(part.values && { enum: [...part.values] }),
      ...(part.maxLength !== undefined && { maxLength: part.maxLength }),
      ...(part.description !== undefined && { description: part.description }),
    };
  const required = [...multipart.files, ...multipart.fields].filter((part) => part.required).map((part) => part.name);
  const encoding = Object.fromEntries(
    multipart.files.map((part) => [part.name, { contentType: part.mediaTypes.join(', ') }]),
  );
  return {
    'multipart/form-data': {
      schema: { type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: false },
      ...(multipart.files.length > 0 && { encoding }),
    },
  };
}

/** What a multipart body's description says: the limit of each file part that has one. */
export function multipartLimits(multipart: MultipartIr): string | undefined {
  const limited = multipart.files.filter((part) => part.maxBytes !== undefined);
  if (limited.length === 0) return undefined;
  return `${limited.map((part) => `${part.name}: at most ${part.maxBytes} bytes`).join('; ')}; more gets a 413.`;
}

/** What a file body's description says beside the definition's own: its limit. */
export function fileLimit(file: FileIr): string | undefined {
  return file.maxBytes === undefined ? undefined : `At most ${file.maxBytes} bytes; more gets a 413.`;
}
