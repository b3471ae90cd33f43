// Files as whole request and response bodies (upload: and file: in the definitions), streamed both ways:
// the handler gets the request's bytes as a stream limited to the route's maxBytes, and returns a stream,
// bytes or a Blob that goes out as it is read. Nothing is buffered whole on either side.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyContentTypeParser, FastifyInstance, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../core/content-disposition.js';
import { ResponseBreach } from '../core/response-check.js';
import { ApiError } from '../core/errors.js';
import type { FileMeta, ResponseMeta, RouteMeta } from '../core/interface-meta.js';
import { declaredMediaType, isMediaRange } from '../core/media-types.js';
import type { StreamedMedia } from '../core/streamed-media.js';
import { dispositionName, fileTooLarge, uploadedFile } from './uploaded-file.js';

/** What a handler returns for a file response; `MediaType`: the response's declared media types. */
export interface FileResponse<MediaType extends string = string> {
  /** The bytes: a Node stream, a web stream, a Blob (a File too) or bytes in memory. */
  readonly body: Readable | ReadableStream<Uint8Array> | Blob | Uint8Array;
  /** One of the response's declared media types. */
  readonly mediaType: MediaType;
  /** Sent as Content-Disposition: attachment; filename*=… */
  readonly name?: string | undefined;
  /** Sent as Content-Length; known by itself for a Blob or bytes. */
  readonly size?: number | undefined;
}

/** The media type a request declares, when it is one the route takes; a 415 otherwise. */
export function acceptedMediaType(request: FastifyRequest, accepted: readonly string[]): string {
  const header = request.headers['content-type'];
  const type = declaredMediaType(accepted, header);
  if (type !== undefined) return type;
  throw new ApiError('unsupportedMediaType', {
    params: { type: header ?? '(none)' },
    detail: `The request body must be ${accepted.join(', ')}; got ${header ?? 'no Content-Type'}.`,
  });
}

/** Content-Length, when the request declares one. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const length = request.headers['content-length'];
  return length === undefined ? undefined : Number(length);
}

const upload = (route: RouteMeta): FileMeta => route.upload as FileMeta;

/** Per app, the media types whose bodies it hands over unread. */
const unread = new WeakMap<FastifyInstance, Set<string>>();

const passThrough: FastifyContentTypeParser = (_request, payload, done) => done(null, payload);

/** Lets Fastify hand these media types' bodies over unread (the request stream itself). */
export function passBodiesThrough(app: FastifyInstance, mediaTypes: Iterable<string>): void {
  const passed = unread.get(app) ?? new Set<string>();
  unread.set(app, passed);
  for (const type of new Set(mediaTypes)) {
    // Another interface on the same server may have done so already, or the app parses this type (below).
    if (app.hasContentTypeParser(type)) continue;
    app.addContentTypeParser(type, passThrough);
    passed.add(type);
  }
}

/**
 * Registers an upload route so that its media types reach it unread. Where the app parses one of them (JSON and
 * forms for the other routes, Fastify's own text/plain), the route goes in a context of its own that hands them
 * over unread: read by a parser first, the handler's stream would be empty.
 */
function registerUploadRoute(
  app: FastifyInstance,
  route: RouteMeta,
  register: (context: FastifyInstance) => void,
): void {
  // A media range (image/*) takes types no parser can be listed for: every body reaches the route unread, and the
  // route's check (acceptedMediaType, before the body) refuses those outside the range.
  if (upload(route).mediaTypes.some(isMediaRange))
    return void app.register(async (context) => {
      context.removeAllContentTypeParsers();
      context.addContentTypeParser('*', passThrough);
      register(context);
    });
  const parsed = upload(route).mediaTypes.filter(
    (type) => app.hasContentTypeParser(type) && !unread.get(app)?.has(type),
  );
  if (parsed.length === 0) return register(app);
  void app.register(async (context) => {
    for (const type of parsed) {
      context.removeContentTypeParser(type);
      context.addContentTypeParser(type, passThrough);
    }
    register(context);
  });
}

export const fileMedia: StreamedMedia = {
  register(app, routes) {
    passBodiesThrough(
      app,
      routes.flatMap((route) => route.upload?.mediaTypes.filter((type) => !isMediaRange(type)) ?? []),
    );
  },
  body: {
    takes: (route) => route.upload !== undefined,
    check(request, route) {
      acceptedMediaType(request, upload(route).mediaTypes);
      const { maxBytes } = upload(route);
      const length = declaredLength(request);
      if (maxBytes !== undefined && length !== undefined && length > maxBytes) throw fileTooLarge(maxBytes);
    },
    async read(request, _reply, route) {
      const { mediaTypes, maxBytes = Infinity } = upload(route);
      const source = request.body instanceof Readable ? request.body : request.raw;
      const details = {
        name: dispositionName(request.headers['content-disposition']),
        mediaType: acceptedMediaType(request, mediaTypes),
        declaredSize: declaredLength(request),
      };
      return uploadedFile(source, details, { limit: maxBytes, tooLarge: () => fileTooLarge(maxBytes) });
    },
    registerRoute: registerUploadRoute,
  },
  response: {
    sends: (response) => response.file !== undefined,
    async send(_request, reply, route, response, result) {
      const file = fileResponse(route, response, result);
      reply.code(response.status).type(file.mediaType);
      const size = file.size ?? sizeOf(file.body);
      if (size !== undefined) reply.header('content-length', String(size));
      if (file.name !== undefined) reply.header('content-disposition', attachmentDisposition(file.name));
      await reply.send(nodeStream(file.body));
    },
  },
};

/** The handler's result as a FileResponse of a declared media type, or a ResponseBreach (500). */
function fileResponse(route: RouteMeta, response: ResponseMeta, result: unknown): FileResponse {
  const breach = (problem: string) => new ResponseBreach(route.name, response.status, [problem]);
  const file = result as Partial<FileResponse> | null | undefined;
  if (typeof file !== 'object' || file === null || file.body === undefined)
    throw breach('a file response is { body, mediaType }');
  const declared = (response.file as FileMeta).mediaTypes;
  const mediaType = declaredMediaType(declared, file.mediaType);
  if (mediaType === undefined) throw breach(`mediaType ${String(file.mediaType)} is not one of ${declared.join(', ')}`);
  return { ...(file as FileResponse), mediaType };
}

function sizeOf(body: FileResponse['body']): number | undefined {
  if (body instanceof Uint8Array) return body.byteLength;
  if (body instanceof Blob) return body.size;
  return undefined;
}

function nodeStream(body: FileResponse['body']): Readable | Buffer {
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Readable) return body;
  const web = body instanceof Blob ? body.stream() : body;
  return Readable.fromWeb(web as WebReadableStream<Uint8Array>);
}
