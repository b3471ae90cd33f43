// The routes of the API fuzzer whose bodies are not JSON (issue 33): a file uploaded as its bytes
// (`upload`), a file answered (`file`), a multipart form of file and text parts, and a stream of
// typed events. Their JSON answers are integers (sizes, part counts), which every interface style
// carries, so that the drive (scripts/fuzz-apis/media.ts) can check them against what it sent.
import fc from 'fast-check';
import type { JsonObject } from './definitions.js';

export const MEDIA_KINDS = ['upload', 'download', 'multipart', 'events'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface MediaModel {
  /** Index into MEDIA_TYPE_SETS. */
  readonly mediaTypes: number;
  /** The largest upload or file part taken; 0 for no limit of its own. */
  readonly maxBytes: number;
  /** A multipart form's second, optional file part and optional enum field. */
  readonly optionalParts: boolean;
}

/** The media types a file may have: the default, or declared ones (a file part's first is what the client sends). */
const MEDIA_TYPE_SETS: readonly (readonly string[] | undefined)[] = [
  undefined,
  ['image/png', 'application/pdf'],
  ['text/csv'],
];

export const mediaModel: fc.Arbitrary<MediaModel> = fc.record({
  mediaTypes: fc.nat({ max: MEDIA_TYPE_SETS.length - 1 }),
  maxBytes: fc.constantFrom(0, 4096, 65_536),
  optionalParts: fc.boolean(),
});

function fileOf(model: MediaModel, withLimit: boolean): JsonObject {
  const mediaTypes = MEDIA_TYPE_SETS[model.mediaTypes];
  return {
    ...(mediaTypes ? { mediaTypes: [...mediaTypes] } : {}),
    ...(withLimit && model.maxBytes > 0 ? { maxBytes: model.maxBytes } : {}),
  };
}

/**
 * One media route at `base` (the route's own path segment): `record` is the record the drawn route
 * is about, and `other` a second one, the data of a stream's two events.
 */
export function mediaRoute(
  kind: MediaKind,
  model: MediaModel,
  base: string,
  record: string,
  other: string,
): JsonObject {
  const id = { id: { type: 'string', pattern: '^[a-z0-9]+$' } };
  const counted = (status: string) => ({ [status]: { body: { type: 'integer' } } });
  switch (kind) {
    case 'upload':
      return {
        method: 'PUT',
        path: `${base}/{id}/file`,
        pathParams: id,
        upload: fileOf(model, true),
        responses: counted('201'),
      };
    case 'download':
      return {
        method: 'GET',
        path: `${base}/{id}/file`,
        pathParams: id,
        responses: { '200': { file: fileOf(model, false) } },
      };
    case 'multipart':
      return {
        method: 'POST',
        path: `${base}/parts`,
        multipart: {
          files: {
            doc: fileOf(model, true),
            ...(model.optionalParts ? { cover: { ...fileOf(model, true), required: false } } : {}),
          },
          fields: {
            title: { type: 'string', maxLength: 40 },
            ...(model.optionalParts ? { mode: { type: 'enum', values: ['draft', 'final'], required: false } } : {}),
          },
        },
        responses: counted('201'),
      };
    case 'events':
      return {
        method: 'GET',
        path: `${base}/events`,
        query: { count: { type: 'integer', minimum: 0, maximum: 4, required: false } },
        responses: {
          '200': {
            events: { changed: { type: 'record', record }, noted: { type: 'record', record: other } },
          },
        },
      };
  }
}
