// What every part of an import reads: the document, its version, the $ref resolver, the schemas and the report.
import type { OpenApiVersion } from './load.js';
import type { Place, Refs } from './refs.js';
import type { ImportReport, NoteKind } from './report.js';
import type { Schemas } from './schemas.js';

export interface ImportContext {
  readonly version: OpenApiVersion;
  readonly root: Record<string, unknown>;
  readonly file: string;
  readonly refs: Refs;
  readonly schemas: Schemas;
  readonly report: ImportReport;
}

export function noteAt(context: ImportContext, at: Place, kind: NoteKind, text: string): void {
  context.report.note(kind, at.file, at.pointer, text);
}
