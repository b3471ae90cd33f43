// Files as bodies and answers: a route that gains or loses an upload or a file answer, and what a file
// may be (its media types, an upload's limit).
import type { FileIr, MultipartIr, ResponseIr, RouteIr } from '../ir/types.js';
import { listDelta, type CompareContext } from './context.js';

type Report = ReturnType<CompareContext['reporter']>;

export function compareUpload(ctx: CompareContext, route: string, base: RouteIr, head: RouteIr): void {
  const report = ctx.reporter(`${route} › upload`, { head: head.upload?.location ?? head.location });
  if (!base.upload && head.upload) return report('upload-added', 'the request body is now a file upload');
  if (base.upload && !head.upload) return report('upload-removed', 'the request body is no longer a file upload');
  if (!base.upload || !head.upload) return;
  compareMediaTypes(report, 'upload', base.upload, head.upload);
  const [before, after] = [base.upload.maxBytes ?? Infinity, head.upload.maxBytes ?? Infinity];
  const shown = (limit: number) => (limit === Infinity ? 'no limit' : `${limit} bytes`);
  if (after < before) report('upload-limit-lowered', `limit ${shown(before)} → ${shown(after)}`);
  if (after > before) report('upload-limit-raised', `limit ${shown(before)} → ${shown(after)}`);
}

export function compareFileAnswer(report: Report, base: ResponseIr, head: ResponseIr): void {
  if (!base.file && head.file) return report('file-answer-added', 'the answer is now a file');
  if (base.file && !head.file) return report('file-answer-removed', 'the answer is no longer a file');
  if (base.file && head.file) compareMediaTypes(report, 'file-answer', base.file, head.file);
}

function compareMediaTypes(report: Report, kind: 'upload' | 'file-answer', base: FileIr, head: FileIr): void {
  const delta = listDelta(base.mediaTypes, head.mediaTypes);
  if (delta.added.length > 0) report(`${kind}-media-type-added`, `media types added: ${delta.added.join(', ')}`);
  if (delta.removed.length > 0)
    report(`${kind}-media-type-removed`, `media types removed: ${delta.removed.join(', ')}`);
}

/** A multipart body: gained or lost, and its parts (file or text) added or removed. */
export function compareMultipart(ctx: CompareContext, route: string, base: RouteIr, head: RouteIr): void {
  const report = ctx.reporter(`${route} › multipart`, { head: head.multipart?.location ?? head.location });
  if (!base.multipart && head.multipart) return report('multipart-added', 'the request body is now a multipart form');
  if (base.multipart && !head.multipart)
    return report('multipart-removed', 'the request body is no longer a multipart form');
  if (!base.multipart || !head.multipart) return;
  const parts = (form: MultipartIr) => [...form.files, ...form.fields];
  const before = new Map(parts(base.multipart).map((part) => [part.name, part]));
  const after = new Map(parts(head.multipart).map((part) => [part.name, part]));
  for (const [name, part] of after)
    if (!before.has(name))
      report(
        part.required ? 'multipart-part-added-required' : 'multipart-part-added-optional',
        `${part.required ? 'required' : 'optional'} part ${name} added`,
      );
  for (const name of before.keys()) if (!after.has(name)) report('multipart-part-removed', `part ${name} removed`);
  for (const part of head.multipart.files) {
    const old = base.multipart.files.find((candidate) => candidate.name === part.name);
    if (old) compareMediaTypes(report, 'upload', old, part);
  }
}
