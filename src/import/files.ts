// Bodies and responses that are not JSON: a file's bytes (`upload`, a response's `file`) and multipart forms of
// file parts and text parts (`multipart`). What does not fit stays a JSON body, approximated (bodies.ts).
import type { MultipartDefinition, RouteDefinition } from '../definitions/schema.js';
import { isMapping, NAME_PATTERN } from '../definitions/schema-values.js';
import type { ImportContext } from './context.js';
import * as mapping from './mapping.js';
import type { Place } from './refs.js';
import { childPointer } from './report.js';

type Json = Record<string, unknown>;
type Multipart = NonNullable<RouteDefinition['multipart']>;
type PartField = NonNullable<Multipart['fields']>[string];

const DEFAULT_MEDIA = 'application/octet-stream';

export function isMultipartMedia(media: string): boolean {
  return media.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';
}

/** A content map whose every media type carries a file's bytes: those media types, else undefined. */
export function fileMedias(context: ImportContext, content: Json, at: Place): string[] | undefined {
  const medias = Object.keys(content);
  if (medias.length === 0) return undefined;
  for (const media of medias) {
    if (mapping.isJsonMedia(media) || mapping.isFormMedia(media) || isMultipartMedia(media)) return undefined;
    const entry = content[media];
    const schema = isMapping(entry) ? entry.schema : undefined;
    const resolved = context.refs.deref<Json>(schema, { file: at.file, pointer: childPointer(at.pointer, media) });
    if (schema !== undefined && !isFileSchema(resolved?.value)) return undefined;
  }
  return medias.map((media) => media.split(';')[0]!.trim());
}

/** `mediaTypes` of an upload or a file response, left out when it is the default. */
export function mediaTypesKey(medias: readonly string[]): { mediaTypes?: string[] } {
  return medias.length === 1 && medias[0] === DEFAULT_MEDIA ? {} : { mediaTypes: [...medias] };
}

/**
 * Bytes of any content: a `{type: string}` schema (format binary or none, no other constraint), `{}`, or a
 * Swagger 2.0 `type: file`.
 */
export function isFileSchema(schema: unknown): boolean {
  if (schema === true || (isMapping(schema) && Object.keys(schema).length === 0)) return true;
  if (!isMapping(schema)) return false;
  if (schema.type === 'file') return true;
  const constrained = ['pattern', 'minLength', 'maxLength', 'enum', 'const'].some((key) => schema[key] !== undefined);
  const binary = schema.format === undefined || schema.format === 'binary';
  return schema.type === 'string' && binary && !constrained;
}

/** A multipart/form-data schema as file parts and text parts; undefined when a part is neither. */
export function multipartOf(
  context: ImportContext,
  schema: unknown,
  encoding: unknown,
  at: Place,
): MultipartDefinition | undefined {
  const resolved = context.refs.deref<Json>(schema, at);
  const value = resolved?.value;
  // A form that takes parts it does not name has no multipart counterpart: the route refuses those parts.
  const open = isMapping(value) && value.additionalProperties !== undefined && value.additionalProperties !== false;
  if (!isMapping(value) || !isMapping(value.properties) || open) return undefined;
  const required = new Set(Array.isArray(value.required) ? value.required : []);
  const files: NonNullable<Multipart['files']> = {};
  const fields: NonNullable<Multipart['fields']> = {};
  for (const [name, property] of Object.entries(value.properties)) {
    if (!NAME_PATTERN.test(name)) return undefined;
    const part = context.refs.deref<Json>(property, resolved!)?.value;
    if (!isMapping(part)) return undefined;
    const optional = required.has(name) ? {} : { required: false };
    const description = typeof part.description === 'string' ? { description: part.description } : {};
    if (part.format === 'binary' || part.type === 'file') {
      const partEncoding = isMapping(encoding) && isMapping(encoding[name]) ? encoding[name] : {};
      const medias =
        typeof partEncoding.contentType === 'string'
          ? partEncoding.contentType.split(',').map((media) => media.trim())
          : [DEFAULT_MEDIA];
      files[name] = { ...description, ...mediaTypesKey(medias), ...optional };
      continue;
    }
    const field = textPart(part);
    if (!field) return undefined;
    fields[name] = { ...description, ...field, ...optional };
  }
  return {
    ...(Object.keys(files).length > 0 && { files }),
    ...(Object.keys(fields).length > 0 && { fields }),
  };
}

/** A text part: a string bounded by its length only, or an enum of strings. */
function textPart(part: Json): PartField | undefined {
  if (part.type !== 'string') return undefined;
  if (Array.isArray(part.enum) && part.enum.every((value) => typeof value === 'string'))
    return { type: 'enum', values: part.enum as string[] };
  if (['pattern', 'minLength', 'format', 'enum', 'const'].some((key) => part[key] !== undefined)) return undefined;
  return { type: 'string', ...(typeof part.maxLength === 'number' && { maxLength: part.maxLength }) };
}
