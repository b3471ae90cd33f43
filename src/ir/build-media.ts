// Files as bodies and answers (upload, file) → IR, with the checks that keep a route sendable: a file
// stands instead of a body, never beside one, and a GET carries none.
import type { YamlPath } from '../definitions/positions.js';
import type { RouteDefinition, UploadDefinition } from '../definitions/schema.js';
import type { FileContext } from './context.js';
import type { FileIr, Origin } from './types.js';

export const OCTET_STREAM = 'application/octet-stream';

type ResponseDefinition = NonNullable<RouteDefinition['responses'][string]>;

export function buildFile(
  ctx: FileContext,
  def: UploadDefinition | Omit<UploadDefinition, 'maxBytes'>,
  path: YamlPath,
  origin: Origin,
): FileIr {
  return {
    // Media types are case-insensitive (RFC 9110 section 8.3.1): kept lower-cased, each once, in order.
    mediaTypes: [...new Set((def.mediaTypes ?? [OCTET_STREAM]).map((type) => type.toLowerCase()))],
    maxBytes: 'maxBytes' in def ? def.maxBytes : undefined,
    ...ctx.documented(def, path, origin),
  };
}

/** The route's upload, or undefined; reports one beside a body or on a GET. */
export function buildUpload(
  ctx: FileContext,
  def: RouteDefinition,
  path: YamlPath,
  origin: Origin,
): FileIr | undefined {
  if (!def.upload) return undefined;
  const at: YamlPath = [...path, 'upload'];
  if (def.body)
    ctx.report('SVC260', at, `route has both a body and an upload (expected one of them: an upload is the body)`, true);
  if (def.method === 'GET')
    ctx.report(
      'SVC261',
      at,
      `a GET route takes an upload, which many clients cannot send (expected POST, PUT or PATCH)`,
      true,
    );
  return buildFile(ctx, def.upload, at, origin);
}

/** A response's file, or undefined; reports one beside a body. */
export function buildFileAnswer(
  ctx: FileContext,
  response: ResponseDefinition,
  path: YamlPath,
  origin: Origin,
): FileIr | undefined {
  if (!response.file) return undefined;
  const at: YamlPath = [...path, 'file'];
  if (response.body)
    ctx.report('SVC260', at, `response has both a body and a file (expected one of them: a file is the body)`, true);
  return buildFile(ctx, response.file, at, origin);
}
