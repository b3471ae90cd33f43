// The client side of multipart/form-data bodies: file parts (a Blob or File, or bytes) and text parts
// go out as one form, through fetch's own FormData encoding. A part's bytes must be in hand (a Blob of
// a file on disk is not read until sent); a stream is sent whole with `upload` instead.
import { soleMediaType } from '../core/media-types.js';
import type { CallInput, CallOptions, ClientCore } from './client.js';
import type { RouteMeta } from '../core/interface-meta.js';

/** A file part: a Blob or File (its own type and name are used), bytes, or one of those with its details. */
export type FilePart =
  | Blob
  | Uint8Array
  | { readonly data: Blob | Uint8Array; readonly mediaType?: string | undefined; readonly name?: string | undefined };

/** Calls a route whose body is a multipart form; its response is read as any JSON response. */
export async function multipartCall<T = unknown>(
  core: ClientCore,
  route: RouteMeta,
  input: CallInput,
  options: CallOptions = {},
): Promise<T> {
  // An optional form left out goes as no body at all, without a Content-Type.
  const body = input.body === undefined ? undefined : { content: formData(route, input.body), contentType: '' };
  const response = await core.exchange(route.name, input, options, { body });
  return (await core.decodeResponse(route.name, input, options, response)) as T;
}

/** The parts by name as one form. No Content-Type of our own: fetch writes multipart/form-data with its boundary. */
function formData(route: RouteMeta, parts: unknown): FormData {
  const form = new FormData();
  const files = route.multipart?.files ?? {};
  for (const [name, value] of Object.entries(parts as Record<string, unknown>)) {
    if (value === undefined) continue;
    const file = files[name];
    if (file) form.append(name, ...fileEntry(value as FilePart, name, file.mediaTypes));
    else form.append(name, String(value));
  }
  return form;
}

function fileEntry(part: FilePart, name: string, mediaTypes: readonly string[]): [Blob, string] {
  const described = !(part instanceof Blob) && !(part instanceof Uint8Array);
  const data = described ? part.data : part;
  const own = data instanceof Blob && data.type !== '' ? data.type : undefined;
  const type = (described ? part.mediaType : undefined) ?? own ?? soleMediaType(mediaTypes);
  if (type === undefined) throw new TypeError(`part "${name}": say its mediaType, one of ${mediaTypes.join(', ')}`);
  const named = typeof File === 'function' && data instanceof File ? data.name : undefined;
  const blob =
    data instanceof Blob && data.type === type ? data : new Blob([data as Uint8Array<ArrayBuffer>], { type });
  return [blob, (described ? part.name : undefined) ?? named ?? name];
}
