// Files as bodies and responses: a route that gains or loses an upload, a multipart form or a file response, and
// what a file may be (its media types, an upload's limit), a form's parts (presence, limits, values).
import type { FieldPartIr, FileIr, FilePartIr, MultipartIr, ResponseIr, RouteIr } from '../ir/types.js';
import { listDelta, show, type CompareContext, type Report } from './context.js';
import type { Direction } from './types.js';

export function compareUpload(ctx: CompareContext, route: string, base: RouteIr, head: RouteIr): void {
  const report = ctx.reporter(`${route} › upload`, { head: head.upload?.location ?? head.location });
  if (!base.upload && head.upload) return report('upload-added', 'the request body is now a file upload');
  if (base.upload && !head.upload) return report('upload-removed', 'the request body is no longer a file upload');
  if (!base.upload || !head.upload) return;
  compareMediaTypes(report, 'upload', base.upload, head.upload);
  compareLimit(report, base.upload.maxBytes, head.upload.maxBytes);
}

/** The largest file taken (undefined: no limit of its own). */
function compareLimit(report: Report, base: number | undefined, head: number | undefined, prefix = ''): void {
  const [before, after] = [base ?? Infinity, head ?? Infinity];
  const shown = (limit: number) => (limit === Infinity ? 'no limit' : `${limit} bytes`);
  if (after < before) report('upload-limit-lowered', `${prefix}limit ${shown(before)} → ${shown(after)}`);
  if (after > before) report('upload-limit-raised', `${prefix}limit ${shown(before)} → ${shown(after)}`);
}

export function compareFileResponse(report: Report, base: ResponseIr, head: ResponseIr): void {
  if (!base.file && head.file) return report('file-response-added', 'the response is now a file');
  if (base.file && !head.file) return report('file-response-removed', 'the response is no longer a file');
  if (base.file && head.file) compareMediaTypes(report, 'file-response', base.file, head.file);
}

function compareMediaTypes(
  report: Report,
  kind: 'upload' | 'file-response',
  base: FileIr,
  head: FileIr,
  prefix = '',
): void {
  const delta = listDelta(base.mediaTypes, head.mediaTypes);
  if (delta.added.length > 0)
    report(`${kind}-media-type-added`, `${prefix}media types added: ${delta.added.join(', ')}`);
  if (delta.removed.length > 0)
    report(`${kind}-media-type-removed`, `${prefix}media types removed: ${delta.removed.join(', ')}`);
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
  for (const [name, part] of after) {
    const old = before.get(name);
    if (old) compareParts(report, old, part);
  }
  compareFormLimit(report, 'parts', base.multipart.maxParts, head.multipart.maxParts);
  compareFormLimit(report, 'fieldBytes', base.multipart.maxFieldBytes, head.multipart.maxFieldBytes);
}

const REQUEST: readonly Direction[] = ['request'];

/** One part both forms have: required or not, and what a file part or a text part may be. */
function compareParts(report: Report, base: FilePartIr | FieldPartIr, head: FilePartIr | FieldPartIr): void {
  const part = `part ${head.name}`;
  if (base.required !== head.required)
    report(
      head.required ? 'became-required' : 'became-optional',
      `${part} now ${head.required ? 'required' : 'optional'}`,
      REQUEST,
    );
  if ('mediaTypes' in base && 'mediaTypes' in head) {
    compareMediaTypes(report, 'upload', base, head, `${part}: `);
    compareLimit(report, base.maxBytes, head.maxBytes, `${part}: `);
  } else if (!('mediaTypes' in base) && !('mediaTypes' in head)) {
    compareTextPart(report, base, head, `${part}: `);
  } else {
    report('type-changed', `${part} is now a ${'mediaTypes' in head ? 'file' : 'text'} part`, REQUEST);
  }
}

/** A text part: its values (an enum) and its longest text. */
function compareTextPart(report: Report, base: FieldPartIr, head: FieldPartIr, prefix: string): void {
  const [from, to] = [base.values, head.values];
  if (from && to) {
    const delta = listDelta(from, to);
    if (delta.added.length > 0) report('enum-value-added', `${prefix}values added: ${delta.added.join(', ')}`, REQUEST);
    if (delta.removed.length > 0)
      report('enum-value-removed', `${prefix}values removed: ${delta.removed.join(', ')}`, REQUEST);
  } else if (from || to) {
    report(to ? 'type-narrowed' : 'type-widened', `${prefix}${to ? 'now one of its values' : 'now any text'}`, REQUEST);
  }
  const [before, after] = [base.maxLength ?? Infinity, head.maxLength ?? Infinity];
  if (after < before) report('constraint-tightened', `${prefix}maxLength ${show(base.maxLength)} → ${after}`, REQUEST);
  if (after > before) report('constraint-relaxed', `${prefix}maxLength ${before} → ${show(head.maxLength)}`, REQUEST);
}

/** The form's own bounds: past them a request is a 413 whatever its parts are. */
function compareFormLimit(report: Report, name: string, before: number, after: number): void {
  if (after < before) report('body-limit-lowered', `multipart limit ${name} ${before} → ${after}`);
  if (after > before) report('body-limit-raised', `multipart limit ${name} ${before} → ${after}`);
}
