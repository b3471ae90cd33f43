// Records and their fields → IR.
import type { YamlPath } from '../definitions/positions.js';
import type { FieldDefinition, RecordDefinition } from '../definitions/schema.js';
import { buildType, unknownRecordMessage } from './build-type.js';
import type { FileContext } from './context.js';
import { compareCodePoints, pascalCase } from './names.js';
import type { FieldIr, Origin, RecordIr, RelationIr } from './types.js';

export function buildRecords(ctx: FileContext, records: Record<string, RecordDefinition>): RecordIr[] {
  const names = Object.keys(records).sort(compareCodePoints);
  ctx.reportSameIdentifiers('records', names, pascalCase, 'the type');
  return names.map((name) => buildRecord(ctx, name, records[name] as RecordDefinition));
}

export function buildRecord(ctx: FileContext, name: string, def: RecordDefinition): RecordIr {
  const path = ['records', name];
  const documented = ctx.documented(def, path);
  const fields = Object.keys(def.fields)
    .sort(compareCodePoints)
    .map((fieldName) => buildField(ctx, def, fieldName, [...path, 'fields', fieldName], documented.origin));
  return {
    key: `${ctx.moduleName}.${name}`,
    name,
    file: ctx.moduleName,
    resourceType: def.resourceType ?? name,
    apiAlias: def.apiAlias,
    fields,
    ...additionalFields(ctx, def, path),
    ...ctx.example(def, path),
    ...documented,
  };
}

/** An open record's type of the members it does not name: `true` is any JSON value. */
function additionalFields(
  ctx: FileContext,
  def: RecordDefinition,
  path: YamlPath,
): Pick<RecordIr, 'additionalFields' | 'ignoresOtherMembers'> {
  const written = def.additionalFields;
  if (written === undefined) return {};
  if (written === 'ignore') return { ignoresOtherMembers: true };
  if (written === true) return { additionalFields: { kind: 'json', nullable: false, constraints: {} } };
  return { additionalFields: buildType(ctx, written, [...path, 'additionalFields']) };
}

function buildField(
  ctx: FileContext,
  record: RecordDefinition,
  name: string,
  path: YamlPath,
  parentOrigin: Origin,
): FieldIr {
  const def = record.fields[name] as FieldDefinition;
  const type = buildType(ctx, def, path);
  return {
    name,
    // A relation is null where it was not loaded: the relations of a related record embedded in an
    // response (json:api documents and plain JSON carry one level), so it is nullable as read and written.
    type: def.relation ? { ...type, nullable: true } : type,
    required: def.required ?? true,
    readOnly: def.readOnly ?? false,
    deprecated: def.deprecated ?? false,
    default: def.default,
    relation: def.relation ? buildRelation(ctx, def.relation, [...path, 'relation'], record) : undefined,
    ...ctx.example(def, path),
    ...ctx.documented(def, path, parentOrigin),
  };
}

function buildRelation(
  ctx: FileContext,
  def: NonNullable<FieldDefinition['relation']>,
  path: YamlPath,
  record: RecordDefinition,
): RelationIr {
  const key = ctx.recordKey(def.record);
  const related = ctx.recordFields.get(key);
  if (!related) ctx.report('SVC201', [...path, 'record'], unknownRecordMessage(ctx, def.record));
  if (def.foreignKey !== undefined && !(def.foreignKey in record.fields)) {
    ctx.report(
      'SVC209',
      [...path, 'foreignKey'],
      `foreign key "${def.foreignKey}" is not a field of this record (expected one of: ${Object.keys(record.fields).join(', ')})`,
    );
  }
  if (def.inverse !== undefined && related && !related.has(def.inverse)) {
    ctx.report(
      'SVC209',
      [...path, 'inverse'],
      `inverse "${def.inverse}" is not a field of ${def.record} (expected one of: ${[...related].join(', ')})`,
    );
  }
  return {
    kind: def.kind,
    record: key,
    foreignKey: def.foreignKey,
    inverse: def.inverse,
    embedded: def.embedded ?? true,
  };
}
