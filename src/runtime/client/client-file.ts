// The client side of files: an upload goes out as it is read (a Blob or File, bytes, a web stream or a Node
// Readable), and a file response comes back unread, to be taken as a Blob or as a stream, as the caller asks.
import { declaredMediaType, mediaTypeOf, soleMediaType } from '../core/media-types.js';
import { attachmentDisposition } from '../core/content-disposition.js';
import { declaredResponse } from '../core/response-status.js';
import type { CallInput, CallOptions, ClientCore, StreamedRequestBody } from './client.js';
import { UnreadableResponseError } from './client-errors.js';
import type { RouteMeta } from '../core/interface-meta.js';

/** Bytes to upload: a Blob (a File too), bytes, a web ReadableStream or anything async-iterable (a Node Readable). */
export type FileSource = Blob | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** A file to upload, with its media type and name where the source does not say them. */
export type FileUpload =
  | FileSource
  | {
      readonly data: FileSource;
      /** Default: a Blob's own type, else the route's only media type. */
      readonly mediaType?: string | undefined;
      readonly name?: string | undefined;
    };

/**
 * A file response, not yet read: take it as a Blob (as often as asked: the same Blob, read once, as a file kept in a
 * query cache is asked by every render) or once as a stream.
 */
export interface DownloadedFile {
  readonly mediaType: string;
  /** The file name of Content-Disposition, if the service sent one, as sent: never trust it as a path. */
  readonly name: string | undefined;
  /** Content-Length, if the service sent one. */
  readonly size: number | undefined;
  /** Reads the whole file into memory, on the first call; later calls give the same Blob. */
  blob(): Promise<Blob>;
  /** The bytes as they arrive (abort them with the call's signal); after blob(), the Blob's. */
  stream(): ReadableStream<Uint8Array>;
}

/** A file upload's source, media type and name. */
export function fileParts(
  upload: FileUpload,
  mediaTypes: readonly string[],
): { data: FileSource; mediaType: string | undefined; name: string | undefined } {
  const described = typeof upload === 'object' && upload !== null && 'data' in upload;
  const data = described ? upload.data : upload;
  const own = data instanceof Blob && data.type !== '' ? data.type : undefined;
  const named = typeof File === 'function' && data instanceof File ? data.name : undefined;
  return {
    data,
    mediaType: (described ? upload.mediaType : undefined) ?? own ?? soleMediaType(mediaTypes),
    name: (described ? upload.name : undefined) ?? named,
  };
}

/** Calls a route whose body is a file upload, or whose response is a file, or both. */
export async function fileCall<T = unknown>(
  core: ClientCore,
  route: RouteMeta,
  input: CallInput,
  options: CallOptions = {},
): Promise<T> {
  // An optional upload left out goes as no body at all, without a Content-Type.
  const body = route.upload && input.body !== undefined ? uploadBody(route, input.body as FileUpload) : undefined;
  const files = route.responses.filter((response) => response.file);
  // A file response's media types, then JSON for the others (error responses included).
  const accept =
    files.length > 0
      ? [...new Set(files.flatMap((file) => file.file?.mediaTypes ?? [])), 'application/json;q=0.5'].join(', ')
      : undefined;
  const response = await core.exchange(route.name, input, options, { body, accept });
  const declared = declaredResponse(route.responses, response.status);
  if (!declared?.file) return (await core.decodeResponse(route.name, input, options, response)) as T;
  const file = downloadedFile(response);
  if (declaredMediaType(declared.file.mediaTypes, file.mediaType) === undefined) {
    await response.body?.cancel();
    throw new UnreadableResponseError({
      interfaceName: core.interfaceName,
      status: response.status,
      problem: `${route.name} responds with a file of ${declared.file.mediaTypes.join(', ')}, not ${file.mediaType}`,
      text: '',
      secrets: [],
    });
  }
  return file as T;
}

function uploadBody(route: RouteMeta, upload: FileUpload): StreamedRequestBody {
  const mediaTypes = route.upload?.mediaTypes ?? [];
  const { data, mediaType, name } = fileParts(upload, mediaTypes);
  if (mediaType === undefined)
    throw new TypeError(`${route.name}: say the upload's mediaType, one of ${mediaTypes.join(', ')}`);
  const length = data instanceof Blob ? data.size : data instanceof Uint8Array ? data.byteLength : undefined;
  return {
    content: data,
    contentType: mediaType,
    headers: {
      ...(length !== undefined && { 'content-length': String(length) }),
      ...(name !== undefined && { 'content-disposition': attachmentDisposition(name) }),
    },
  };
}

function downloadedFile(response: Response): DownloadedFile {
  const length = response.headers.get('content-length');
  let whole: Promise<Blob> | undefined;
  const blob = () => (whole ??= response.blob());
  return {
    mediaType: mediaTypeOf(response.headers.get('content-type') ?? undefined) ?? '',
    name: filename(response.headers.get('content-disposition')),
    size: length === null ? undefined : Number(length),
    blob,
    stream: () => (whole === undefined ? (response.body ?? new Blob([]).stream()) : streamOf(whole)),
  };
}

function streamOf(blob: Promise<Blob>): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  void blob.then(
    (read) => read.stream().pipeTo(writable),
    (error: unknown) => writable.abort(error),
  );
  return readable;
}

function filename(header: string | null): string | undefined {
  const extended = header === null ? undefined : /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended !== undefined) return decodeURIComponent(extended.trim());
  return header === null ? undefined : /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1];
}
