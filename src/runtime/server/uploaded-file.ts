// A file a request carries, as a handler gets it: a stream that is read once, with its name, media type and
// the bytes read so far. The limit is enforced while it flows: past it the stream fails with the
// interface's 413, so nothing past the limit is ever held, and a handler that writes through saveUpload
// leaves no half-written file behind.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../core/errors.js';

/** `MediaType`: the media types the route declares for the file (a generated server names them); others are a 415. */
export interface UploadedFile<MediaType extends string = string> {
  /** The file name the client gave (Content-Disposition filename), if any: never trust it as a path. */
  readonly name: string | undefined;
  /** The media type the client declared, lower case, one the route accepts. */
  readonly mediaType: MediaType;
  /** Bytes read so far: the whole size once `stream` has ended. */
  readonly size: number;
  /** The declared length (Content-Length), when the client sent one. */
  readonly declaredSize: number | undefined;
  /** The bytes; fails with the interface's 413 (an ApiError) past the route's limit. */
  readonly stream: Readable;
}

/** The 413 of a file past its limit, in the interface's error shape; `part` names a multipart part. */
export function fileTooLarge(limit: number, part?: string): ApiError {
  const what = part === undefined ? 'The request body' : `The part "${part}"`;
  return new ApiError('payloadTooLarge', {
    params: { limit },
    detail: `${what} is larger than ${limit} bytes.`,
    ...(part !== undefined && { violations: [{ pointer: `/${part}`, message: `larger than ${limit} bytes` }] }),
    // The rest of the request is not read: the connection cannot carry another one after it.
    headers: { connection: 'close' },
  });
}

/** A pass-through that counts bytes and fails with `tooLarge()` at the first byte past `limit`. */
export class CountingStream extends Transform {
  bytes = 0;
  readonly #limit: number;
  readonly #tooLarge: () => Error;

  constructor(limit: number, tooLarge: () => Error) {
    super();
    this.#limit = limit;
    this.#tooLarge = tooLarge;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#limit) return done(this.#tooLarge());
    done(null, chunk);
  }
}

/** How an upload's stream fails: past `limit` bytes with `tooLarge()`, a failing source with `unreadable(error)`. */
export interface UploadFailures {
  readonly limit: number;
  readonly tooLarge: () => Error;
  /** The source's own failure as the handler sees it (a form that ends inside a part is the client's fault). */
  readonly unreadable?: (error: Error) => Error;
}

/** An UploadedFile over a source stream, limited to `failures.limit` bytes. */
export function uploadedFile(
  source: Readable,
  details: { name: string | undefined; mediaType: string; declaredSize: number | undefined },
  failures: UploadFailures,
): UploadedFile {
  const { limit, tooLarge, unreadable = (error: Error) => error } = failures;
  const counter = new CountingStream(limit, tooLarge);
  // Not pipeline(): a failed count must not destroy the request, whose socket still carries the 413.
  source.on('error', (error) => counter.destroy(unreadable(error)));
  counter.on('error', () => source.unpipe(counter));
  // A source that failed before the handler took it (a form broken off while the handler was busy) emits
  // nothing more: without this the stream would never end, and the handler would wait forever.
  if (source.destroyed && !source.readableEnded)
    counter.destroy(unreadable(source.errored ?? new Error('The upload ended before its last byte.')));
  else source.pipe(counter);
  return {
    ...details,
    get size() {
      return counter.bytes;
    },
    stream: counter,
  };
}

/**
 * Writes an upload to `path` whole or not at all: into a temporary file beside it, renamed into place once
 * every byte is there; on any failure (the 413 of a file past its limit too) the temporary file is removed
 * and the error rethrown.
 */
export async function saveUpload(file: Pick<UploadedFile, 'stream'>, path: string): Promise<void> {
  const partial = `${path}.${process.pid}.${Date.now().toString(36)}.partial`;
  try {
    await pipeline(file.stream, createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The filename of a Content-Disposition value (filename* of RFC 6266 first), if any. */
export function dispositionName(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  return plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
}
