// multipart/form-data bodies, read part by part through @fastify/multipart as they arrive: the handler
// iterates the parts, each file part a stream limited to its own maxBytes (413 naming the part past
// it), each text part checked as it comes. Nothing is held whole: a file part is read by the handler or
// not at all. A part the route does not name is a 400, a file of a media type the part does not take a
// 415, and a required part that never came a 422 (the interface's validation entry) naming it, thrown
// when the loop reaches the end of the form.
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, BadRequest, Validation } from '../core/errors.js';
import type { MultipartMeta, RouteMeta } from '../core/interface-meta.js';
import { acceptedMediaType } from './octet-stream.js';
import { declaredMediaType } from '../core/media-types.js';
import type { StreamedMedia } from '../core/streamed-media.js';
import { fileTooLarge, uploadedFile, type UploadedFile } from './uploaded-file.js';

const MULTIPART = 'multipart/form-data';

/** The media types each file part may have, by part name (a generated server names them). */
export type PartMediaTypes<Files extends string> = { readonly [Name in Files]: string };

/** One part of a multipart body, as the handler gets it: a file part's media type one its part declares. */
export type MultipartPart<
  Files extends string = string,
  Fields extends string = string,
  MediaTypes extends PartMediaTypes<Files> = PartMediaTypes<Files>,
> =
  | {
      readonly [Name in Files]: {
        readonly kind: 'file';
        readonly name: Name;
        readonly file: UploadedFile<MediaTypes[Name]>;
      };
    }[Files]
  | { readonly kind: 'field'; readonly name: Fields; readonly value: string };

/**
 * A multipart body: its parts in the order the client sent them. Read each file part's stream (or
 * `stream.resume()` it) before taking the next part: the form is one stream.
 */
export interface MultipartBody<
  Files extends string = string,
  Fields extends string = string,
  MediaTypes extends PartMediaTypes<Files> = PartMediaTypes<Files>,
> extends AsyncIterable<MultipartPart<Files, Fields, MediaTypes>> {
  /** The text parts read so far, by name. */
  readonly fields: Readonly<Partial<Record<Fields, string>>>;
}

const form = (route: RouteMeta): MultipartMeta => route.multipart as MultipartMeta;

export const multipartMedia: StreamedMedia = {
  async register(app, routes) {
    if (!routes.some((route) => route.multipart) || app.hasContentTypeParser(MULTIPART)) return;
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  },
  body: {
    takes: (route) => route.multipart !== undefined,
    check: (request) => void acceptedMediaType(request, [MULTIPART]),
    read: async (request, _reply, route) => multipartBody(request, form(route)),
  },
};

function multipartBody(request: FastifyRequest, meta: MultipartMeta): MultipartBody {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const largestFile = Math.max(0, ...Object.values(meta.files).map((file) => file.maxBytes ?? Number.MAX_SAFE_INTEGER));
  async function* parts(): AsyncGenerator<MultipartPart> {
    const raw = request.parts({
      limits: { parts: meta.maxParts, fieldSize: meta.maxFieldBytes, fileSize: largestFile + 1 },
    });
    try {
      for await (const part of raw) {
        if (seen.has(part.fieldname)) throw repeatedPart(part);
        seen.add(part.fieldname);
        if (part.type === 'file') yield filePart(meta, part);
        else {
          const value = fieldValue(meta, part);
          fields[part.fieldname] = value;
          yield { kind: 'field', name: part.fieldname, value };
        }
      }
    } catch (error) {
      throw partsError(meta, error);
    }
    const missing = [...Object.entries(meta.files), ...Object.entries(meta.fields)]
      .filter(([name, part]) => part.required && !seen.has(name))
      .map(([name]) => ({ pointer: `/${name}`, message: `the part "${name}" is required` }));
    if (missing.length > 0)
      throw new Validation(missing, {
        detail: `Missing part(s): ${missing.map((m) => m.pointer.slice(1)).join(', ')}.`,
      });
  }
  return { fields, [Symbol.asyncIterator]: parts };
}

function filePart(meta: MultipartMeta, part: Extract<Multipart, { type: 'file' }>): MultipartPart {
  const declared = meta.files[part.fieldname];
  if (!declared) {
    part.file.resume();
    throw unknownPart(meta, part.fieldname, 'file');
  }
  const mediaType = declaredMediaType(declared.mediaTypes, part.mimetype);
  if (mediaType === undefined) {
    part.file.resume();
    throw new ApiError('unsupportedMediaType', {
      params: { type: part.mimetype },
      detail: `The part "${part.fieldname}" must be ${declared.mediaTypes.join(', ')}; got ${part.mimetype}.`,
      violations: [{ pointer: `/${part.fieldname}`, message: `media type ${part.mimetype} is not accepted` }],
    });
  }
  const limit = declared.maxBytes ?? Number.MAX_SAFE_INTEGER;
  const details = { name: part.filename || undefined, mediaType, declaredSize: undefined };
  return {
    kind: 'file',
    name: part.fieldname,
    file: uploadedFile(part.file, details, {
      limit,
      tooLarge: () => fileTooLarge(limit, part.fieldname),
      // busboy fails the part's stream when the form ends inside it: a 400, as a form broken elsewhere is.
      unreadable: (error) => (error instanceof ApiError ? error : unreadableForm(part.fieldname)),
    }),
  };
}

function fieldValue(meta: MultipartMeta, part: Extract<Multipart, { type: 'field' }>): string {
  const declared = meta.fields[part.fieldname];
  if (!declared) throw unknownPart(meta, part.fieldname, 'text');
  if (part.valueTruncated) throw fileTooLarge(meta.maxFieldBytes, part.fieldname);
  const value = String(part.value);
  const pointer = `/${part.fieldname}`;
  if (declared.values && !declared.values.includes(value))
    throw new Validation([{ pointer, message: `must be one of ${declared.values.join(', ')}` }]);
  if (declared.maxLength !== undefined && [...value].length > declared.maxLength)
    throw new Validation([{ pointer, message: `must be at most ${declared.maxLength} characters` }]);
  return value;
}

function unknownPart(meta: MultipartMeta, name: string, kind: 'file' | 'text'): ApiError {
  const expected = [...Object.keys(meta.files), ...Object.keys(meta.fields)].join(', ');
  const sentAs = meta.files[name]
    ? 'a text part, not a file'
    : meta.fields[name]
      ? 'a file, not a text part'
      : undefined;
  return new BadRequest({
    params: { name },
    detail: sentAs
      ? `The part "${name}" is ${kind === 'file' ? 'a file' : 'text'}; it must be ${sentAs.split(',')[0]}.`
      : `The form has no part "${name}" (expected: ${expected}).`,
    violations: [{ pointer: `/${name}`, message: sentAs ? `sent as the wrong kind of part` : 'unknown part' }],
  });
}

/**
 * A part sent twice: each part is one file or one text (the client's type says so), so a second one is refused rather
 * than handed over beside the first or put in its place, as a form body refuses a repeated field.
 */
function repeatedPart(part: Multipart): ApiError {
  if (part.type === 'file') part.file.resume();
  return new BadRequest({
    params: { name: part.fieldname },
    detail: `The form has the part "${part.fieldname}" more than once.`,
    violations: [{ pointer: `/${part.fieldname}`, message: 'sent more than once' }],
  });
}

/** @fastify/multipart's own errors (too many parts, a broken form) in the interface's shapes. */
function partsError(meta: MultipartMeta, error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_PARTS_LIMIT')
    return new ApiError('payloadTooLarge', {
      params: { limit: meta.maxParts },
      detail: `The form has more than ${meta.maxParts} parts.`,
      headers: { connection: 'close' },
    });
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(Number.MAX_SAFE_INTEGER);
  return unreadableForm();
}

/** A form that cannot be read (no boundary, broken off, …); `part`: the part it broke off in. */
function unreadableForm(part?: string): ApiError {
  return new BadRequest({
    params: { name: 'body' },
    detail: 'The multipart form cannot be read.',
    ...(part !== undefined && { violations: [{ pointer: `/${part}`, message: 'the form ends inside this part' }] }),
  });
}
