// Files as bodies and responses (upload, file) → IR, with the checks that keep a route sendable: a file
// stands instead of a body, never beside one, and a GET carries none.
import type { YamlPath } from '../definitions/positions.js';
import type { ResponseDefinition, RouteDefinition, UploadDefinition } from '../definitions/schema.js';
import { sortedEntries } from './names.js';
import type { FileContext } from './context.js';
import type { FieldPartIr, FileIr, MultipartIr, Origin } from './types.js';

export const OCTET_STREAM = 'application/octet-stream';

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
  reportOnGet(ctx, def, at, 'an upload');
  return buildFile(ctx, def.upload, at, origin);
}

/** A request body that many clients cannot send on a GET (SVC261). */
function reportOnGet(ctx: FileContext, def: RouteDefinition, at: YamlPath, what: string): void {
  if (def.method === 'GET')
    ctx.report(
      'SVC261',
      at,
      `a GET route takes ${what}, which many clients cannot send (expected POST, PUT or PATCH)`,
      true,
    );
}

/** The route's multipart body, or undefined; reports one beside a body or an upload, or on a GET. */
export function buildMultipart(
  ctx: FileContext,
  def: RouteDefinition,
  path: YamlPath,
  origin: Origin,
): MultipartIr | undefined {
  const multipart = def.multipart;
  if (!multipart) return undefined;
  const at: YamlPath = [...path, 'multipart'];
  if (def.body || def.upload)
    ctx.report(
      'SVC260',
      at,
      `route has a multipart body beside a ${def.body ? 'body' : 'upload'} (expected one of them)`,
      true,
    );
  reportOnGet(ctx, def, at, 'a multipart body');
  const documented = ctx.documented(multipart, at, origin);
  const files = sortedEntries(multipart.files).map(([name, part]) => ({
    name,
    required: part.required ?? true,
    ...buildFile(ctx, part, [...at, 'files', name], documented.origin),
  }));
  const fields = sortedEntries(multipart.fields).map(([name, part]): FieldPartIr => {
    const partPath: YamlPath = [...at, 'fields', name];
    if (multipart.files?.[name])
      ctx.report(
        'SVC204',
        partPath,
        `part "${name}" is both a file and a text part (expected one part per name)`,
        true,
      );
    if ((part.type === 'enum') !== (part.values !== undefined))
      ctx.report('SVC212', partPath, `text part "${name}": values go with type enum, and only with it`, true);
    return {
      name,
      values: part.values,
      maxLength: part.maxLength,
      required: part.required ?? true,
      ...ctx.documented(part, partPath, documented.origin),
    };
  });
  return {
    files,
    fields,
    maxParts: multipart.limits?.parts ?? 100,
    maxFieldBytes: multipart.limits?.fieldBytes ?? 65_536,
    ...documented,
  };
}

/** A response's file, or undefined; reports one beside a body. */
export function buildFileResponse(
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
