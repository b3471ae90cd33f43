// The records of a page (its own, then those of other modules it refers to) and its error catalog.
import type { ErrorIr, FieldIr, ModuleIr, RecordIr } from '../../ir/types.js';
import { inline } from './markdown.js';
import type { ErrorView, FieldView, RecordView } from './page-types.js';
import { typeText } from './type-text.js';
import { anchor, origin, shown, text } from './view-helpers.js';

export function recordView(module: ModuleIr, record: RecordIr): RecordView {
  return {
    name: record.name,
    anchor: anchor('record', record.file === module.name ? record.name : `${record.file}-${record.name}`),
    from: record.file === module.name ? null : `${record.file}.${record.name}`,
    description: text(record.description),
    apiAlias: record.apiAlias ?? null,
    fields: record.fields.map((field) => fieldView(module, field)),
    ...origin(record.origin),
  };
}

function fieldView(module: ModuleIr, field: FieldIr): FieldView {
  return {
    name: field.name,
    type: inline(typeText(field.type, module.name)),
    required: field.required,
    readOnly: field.readOnly,
    default: shown(field.default),
    description: text(field.description),
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
