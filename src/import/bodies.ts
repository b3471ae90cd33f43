// Request and response bodies: the JSON (or form) content, other media types approximated (mapping.ts).
import { pascalCase } from '../ir/names.js';
import { FORM_SCALARS } from '../ir/wire-shapes.js';
import type { RouteDefinition, TypeDefinition } from '../definitions/schema.js';
import { isMapping } from '../definitions/schema-values.js';
import { BODY_FORMATS } from '../runtime/core/vocabulary.js';
import { noteAt, type ImportContext } from './context.js';
import { fileMedias, isMultipartMedia, mediaTypesKey, multipartOf } from './files.js';
import * as mapping from './mapping.js';
import type { Place } from './refs.js';
import { childPointer } from './report.js';

type Content = Record<string, unknown>;

/**
 * The type of a content map: its JSON media type's schema (`application/json` before `…+json`, `*\/*` last),
 * else another's with a note. A response goes out in one of the media types offered: another JSON one of the
 * same schema, or of none, loses nothing there.
 */
export function contentType(context: ImportContext, content: Content, at: Place, hint: string, response = false) {
  const medias = Object.keys(content);
  const jsons = medias.filter(mapping.isJsonMedia).sort((a, b) => jsonPreference(a) - jsonPreference(b));
  const json = jsons[0];
  const form = medias.find(mapping.isFormMedia);
  const chosen = json ?? form ?? medias[0];
  if (chosen === undefined) return undefined;
  const schemaOf = (media: string) => (isMapping(content[media]) ? content[media].schema : undefined);
  const sameJson = (media: string) =>
    jsons.includes(media) &&
    (schemaOf(media) === undefined || JSON.stringify(schemaOf(media)) === JSON.stringify(schemaOf(chosen)));
  for (const media of medias) {
    if (media === chosen || (media === form && json !== undefined) || (response && sameJson(media))) continue;
    noteAt(
      context,
      { file: at.file, pointer: childPointer(at.pointer, media) },
      'approximated',
      jsons.includes(media)
        ? mapping.otherJsonMedia(media, chosen)
        : `${mapping.bodyMedia(media)} (the ${chosen} schema is used)`,
    );
  }
  if (chosen !== json && chosen !== form)
    noteAt(
      context,
      { file: at.file, pointer: childPointer(at.pointer, chosen) },
      'approximated',
      mapping.bodyMedia(chosen),
    );
  const entry = content[chosen];
  const schemaAt = { file: at.file, pointer: childPointer(at.pointer, chosen, 'schema') };
  const type: TypeDefinition =
    isMapping(entry) && entry.schema !== undefined
      ? context.schemas.typeOf(entry.schema, schemaAt, hint)
      : { type: 'json' };
  return { type, json: json !== undefined || chosen !== form, form: form !== undefined };
}

/** A body of a file's bytes (`upload`) or a multipart form of files and text parts, when the content is one. */
function fileBody(context: ImportContext, content: Content, at: Place): Partial<RouteDefinition> | undefined {
  const medias = fileMedias(context, content, at);
  if (medias) return { upload: mediaTypesKey(medias) };
  const keys = Object.keys(content);
  const [only] = keys;
  if (keys.length !== 1 || only === undefined || !isMultipartMedia(only)) return undefined;
  const entry = content[only];
  if (!isMapping(entry)) return undefined;
  const multipart = multipartOf(context, entry.schema, entry.encoding, {
    file: at.file,
    pointer: childPointer(at.pointer, only, 'schema'),
  });
  return multipart && { multipart };
}

/**
 * Methods whose request content has no defined meaning (RFC 9110 section 9.3): a body that can hold no member there
 * (Stripe's empty form on every GET) says nothing a server reads, and a client would need undici to send it on a GET.
 */
const CONTENTLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE']);

/** A route's body keys from an OpenAPI 3 requestBody. */
export function requestBody(
  context: ImportContext,
  body: unknown,
  at: Place,
  route: string,
  method: string,
): Partial<RouteDefinition> {
  const resolved = context.refs.deref<Record<string, unknown>>(body, at);
  if (!resolved || !isMapping(resolved.value)) return {};
  const where = resolved.followed ? resolved : at;
  const content = isMapping(resolved.value.content) ? resolved.value.content : {};
  if (CONTENTLESS_METHODS.has(method) && holdsNoMember(context, content, where)) {
    noteAt(context, where, 'dropped', `request body of a ${method} operation that can hold no member (only {})`);
    return {};
  }
  const contentAt = { file: where.file, pointer: childPointer(where.pointer, 'content') };
  const files = fileBody(context, content, contentAt);
  if (files) return resolved.value.required === true ? files : { ...files, bodyRequired: false };
  const found = contentType(
    context,
    content,
    { file: where.file, pointer: childPointer(where.pointer, 'content') },
    `${pascalCase(route)}Request`,
  );
  if (!found) return {};
  return bodyKeys(context, found, resolved.value.required === true, where, resolved.value.description);
}

/** Every media type's schema is an object that names no member and refuses others (`properties: {}`). */
function holdsNoMember(context: ImportContext, content: Content, at: Place): boolean {
  const medias = Object.values(content);
  return (
    medias.length > 0 &&
    medias.every((entry) => {
      const schema = isMapping(entry)
        ? context.refs.deref<Record<string, unknown>>(entry.schema, at)?.value
        : undefined;
      if (!isMapping(schema) || schema.additionalProperties !== false) return false;
      return Object.entries(schema).every(([key, value]) => {
        if (key === 'properties' || key === 'required')
          return isMapping(value) || Array.isArray(value) ? Object.keys(value).length === 0 : false;
        if (key === 'type') return value === 'object';
        return key === 'additionalProperties' || ANNOTATIONS.has(key) || key.startsWith('x-');
      });
    })
  );
}

/** Keywords that say nothing of what a value may hold. */
const ANNOTATIONS: ReadonlySet<string> = new Set(['description', 'title', 'example', 'examples']);

export function bodyKeys(
  context: ImportContext,
  found: { type: TypeDefinition; json: boolean; form: boolean },
  required: boolean,
  at: Place,
  description: unknown,
): Partial<RouteDefinition> {
  const keys: Partial<RouteDefinition> = {
    body: { ...found.type, ...(typeof description === 'string' && !found.type.description && { description }) },
  };
  if (!required) keys.bodyRequired = false;
  if (found.form) {
    // svcgen reads a form body of flat members only (SVC217); a nested one (Stripe's brackets) is JSON here.
    const record = found.type.type === 'record' ? context.schemas.records.get(found.type.record ?? '') : undefined;
    const flat =
      record && Object.values(record.fields).every((field) => field.type === 'enum' || FORM_SCALARS.has(field.type));
    if (flat) keys.bodyFormats = found.json ? [...BODY_FORMATS] : ['form'];
    else noteAt(context, at, 'approximated', mapping.nestedForm());
  }
  return keys;
}

/** application/json first, then the other JSON media types (`…+json`, `text/json`), `*\/*` last. */
function jsonPreference(media: string): number {
  const type = media.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' ? 0 : type === '*/*' ? 2 : 1;
}
