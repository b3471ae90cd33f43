// Files as bodies and answers: a route that gains or loses an upload or a file answer, and what a file
// may be (its media types, an upload's limit).
import type { FileIr, ResponseIr, RouteIr } from '../ir/types.js';
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
