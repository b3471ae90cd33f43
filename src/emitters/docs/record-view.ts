// The records of a page (its own, then those of other modules it refers to) and its error catalog.
import type { ErrorIr } from '../../ir/types.js';
import { inline } from './markdown.js';
import type { ErrorView, FieldView, RecordView } from './page-types.js';
import { typeText } from './type-text.js';
import { anchor, origin, shown, text } from './view-helpers.js';
import type { FieldSource, RecordSource } from './view-sources.js';

/** What a record's part of the page is made from: all of it, so it can be the part's input. */
export interface RecordInput {
  /** The module whose page it is: a record of another module says where it is from. */
  readonly module: string;
  readonly record: RecordSource;
  /** Whether the page's module records origins (ModuleIr.recordsOrigins). */
  readonly origins: boolean;
}

/** What identifies a record's part of a page. */
export type RecordRow = Pick<RecordView, 'name' | 'anchor'>;

export function recordRow(module: string, record: RecordSource): RecordRow {
  return {
    name: record.name,
    anchor: anchor('record', record.file === module ? record.name : `${record.file}-${record.name}`),
  };
}

export function recordView({ module, record, origins }: RecordInput): RecordView {
  return {
    ...recordRow(module, record),
    from: record.file === module ? null : `${record.file}.${record.name}`,
    description: text(record.description),
    apiAlias: record.apiAlias ?? null,
    fields: record.fields.map((field) => fieldView(module, field)),
    otherMembers: otherMembers(module, record),
    fieldExamples: record.fields.some((field) => field.example !== undefined),
    example: record.example === undefined ? null : JSON.stringify(record.example),
    ...origin(record.origin),
    origins,
  };
}

/** A reader cannot tell from the table alone whether a member it does not list is refused, kept or dropped. */
function otherMembers(module: string, record: RecordSource): string | null {
  if (record.ignoresOtherMembers) return 'Members it does not name are accepted in requests and left out.';
  const type = record.additionalFields;
  if (!type) return null;
  return `Members it does not name are kept (${type.kind === 'json' ? 'any JSON value' : inline(typeText(type, module))}).`;
}

function fieldView(module: string, field: FieldSource): FieldView {
  return {
    name: field.name,
    type: inline(typeText(field.type, module)),
    required: field.required,
    readOnly: field.readOnly,
    default: shown(field.default),
    example: shown(field.example),
    // Said where the field is described: a column of its own would widen every record's table.
    description: text(
      field.deprecated ? `Deprecated.${field.description ? ` ${field.description}` : ''}` : field.description,
    ),
    ...origin(field.origin),
  };
}

export function errorView(error: ErrorIr): ErrorView {
  return {
    name: error.name,
    anchor: anchor('error', error.name),
    kind: error.kind,
    status: error.status,
    code: error.code ?? null,
    title: text(error.title),
    message: text(error.message),
    description: text(error.description),
    ...origin(error.origin),
  };
}
