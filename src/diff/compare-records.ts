// Records and their fields, matched by record key ("<file>.<record>") and field name.
import type { FieldIr, RecordIr } from '../ir/types.js';
import { otherDifferences, sameValue, show, unionNames, type CompareContext } from './context.js';
import { compareTypes } from './compare-types.js';
import type { Direction } from './types.js';
import { fieldDirections, unionDirections } from './usage.js';

export function compareRecords(ctx: CompareContext): void {
  for (const key of unionNames([...ctx.base.records.keys()], [...ctx.head.records.keys()])) {
    const base = ctx.base.records.get(key);
    const head = ctx.head.records.get(key);
    if (base && !head)
      ctx.add({
        kind: 'record-removed',
        subject: `record ${key}`,
        description: 'record removed',
        at: { base: base.location },
      });
    else if (!base && head)
      ctx.add({
        kind: 'record-added',
        subject: `record ${key}`,
        description: 'record added',
        at: { head: head.location },
      });
    else if (base && head) compareRecord(ctx, base, head);
  }
}

function compareRecord(ctx: CompareContext, base: RecordIr, head: RecordIr): void {
  const subject = `record ${head.key}`;
  const at = { head: head.location };
  if (base.description !== head.description)
    ctx.add({ kind: 'docs-changed', subject, description: 'description changed', at });
  if (base.resourceType !== head.resourceType)
    ctx.add({
      kind: 'resource-type-changed',
      subject,
      description: `resource type ${base.resourceType} → ${head.resourceType}`,
      at,
    });
  if (base.apiAlias !== head.apiAlias)
    ctx.add({
      kind: 'resource-type-changed',
      subject,
      description: `apiAlias ${show(base.apiAlias)} → ${show(head.apiAlias)}`,
      at,
    });
  for (const key of otherDifferences(base, head, ['key', 'name', 'file', 'resourceType', 'apiAlias', 'fields'])) {
    ctx.add({ kind: 'other-changed', subject, description: `${key} changed`, at });
  }
  const names = unionNames(
    base.fields.map((field) => field.name),
    head.fields.map((field) => field.name),
  );
  for (const name of names) {
    const baseField = base.fields.find((field) => field.name === name);
    const headField = head.fields.find((field) => field.name === name);
    const fieldSubject = `field ${head.key}.${name}`;
    if (baseField && !headField) {
      const kind = baseField.required && baseField.default === undefined ? 'required-field-removed' : 'field-removed';
      ctx.add({
        kind,
        subject: fieldSubject,
        description: kind === 'field-removed' ? 'optional field removed' : 'required field removed',
        at: { base: baseField.location },
        directions: fieldDirections(ctx.baseUses, base.key, name),
      });
    } else if (!baseField && headField) {
      addedField(ctx, head, headField, fieldSubject);
    } else if (baseField && headField) {
      compareField(ctx, head.key, baseField, headField, fieldSubject);
    }
  }
}

function addedField(ctx: CompareContext, record: RecordIr, field: FieldIr, subject: string): void {
  const directions = fieldDirections(ctx.headUses, record.key, field.name, { presence: true });
  const requiredIn = directions.filter((direction) => isRequired(field, direction));
  if (requiredIn.length > 0) {
    ctx.add({
      kind: 'field-added-required',
      subject,
      description: `required field added${describeDefault(field)}`,
      at: { head: field.location },
      directions: requiredIn,
    });
  } else {
    ctx.add({
      kind: 'field-added-optional',
      subject,
      description: `optional field added${describeDefault(field)}`,
      at: { head: field.location },
      directions: fieldDirections(ctx.headUses, record.key, field.name),
    });
  }
}

/** Whether the writer must send the field: a default fills it in on the way into a server. */
function isRequired(field: Pick<FieldIr, 'required' | 'default'>, direction: Direction): boolean {
  return field.required && (direction === 'response' || field.default === undefined);
}

function describeDefault(field: FieldIr): string {
  return field.default === undefined ? '' : ` (default ${show(field.default)})`;
}

function compareField(ctx: CompareContext, record: string, base: FieldIr, head: FieldIr, subject: string): void {
  const at = { head: head.location };
  const directions = unionDirections(
    fieldDirections(ctx.baseUses, record, head.name),
    fieldDirections(ctx.headUses, record, head.name),
  );
  const presence = unionDirections(
    fieldDirections(ctx.baseUses, record, head.name, { presence: true }),
    fieldDirections(ctx.headUses, record, head.name, { presence: true }),
  );
  if (base.description !== head.description)
    ctx.add({ kind: 'docs-changed', subject, description: 'description changed', at });
  comparePresence(ctx, { subject, at, directions: presence }, base, head);
  compareDefault(ctx, { subject, at, directions }, base, head);
  if (base.readOnly !== head.readOnly) {
    ctx.add({
      kind: head.readOnly ? 'read-only-added' : 'read-only-removed',
      subject,
      description: head.readOnly
        ? 'now read-only: clients no longer write it'
        : 'no longer read-only: clients may write it',
      at,
      directions,
    });
  }
  if (!sameValue(base.relation, head.relation))
    ctx.add({
      kind: 'relation-changed',
      subject,
      description: `relation ${describeRelation(base)} → ${describeRelation(head)}`,
      at,
    });
  for (const delta of compareTypes(base.type, head.type, ctx)) ctx.add({ ...delta, subject, at, directions });
  for (const key of otherDifferences(base, head, ['name', 'type', 'required', 'readOnly', 'default', 'relation'])) {
    ctx.add({ kind: 'other-changed', subject, description: `${key} changed`, at });
  }
}

interface Place {
  readonly subject: string;
  readonly at: { readonly head: FieldIr['location'] };
  readonly directions: readonly Direction[];
}

/** Required-ness per direction (a default makes a value optional for a request's writer). */
export function comparePresence(
  ctx: CompareContext,
  place: Place,
  base: Pick<FieldIr, 'required' | 'default'>,
  head: Pick<FieldIr, 'required' | 'default'>,
): void {
  const nowRequired = place.directions.filter(
    (direction) => !isRequired(base, direction) && isRequired(head, direction),
  );
  const nowOptional = place.directions.filter(
    (direction) => isRequired(base, direction) && !isRequired(head, direction),
  );
  const description =
    base.default !== undefined && head.default === undefined
      ? `now required: default ${show(base.default)} removed`
      : 'now required';
  if (nowRequired.length > 0)
    ctx.add({ kind: 'became-required', subject: place.subject, description, at: place.at, directions: nowRequired });
  if (nowOptional.length > 0)
    ctx.add({
      kind: 'became-optional',
      subject: place.subject,
      description: 'now optional',
      at: place.at,
      directions: nowOptional,
    });
}

/**
 * A removed default of a member that stays required is reported by comparePresence alone (became-required):
 * the writer must now send it, and the reader sees it as before.
 */
export function compareDefault(
  ctx: CompareContext,
  place: Place,
  before: Pick<FieldIr, 'required' | 'default'>,
  after: Pick<FieldIr, 'required' | 'default'>,
): void {
  const [base, head] = [before.default, after.default];
  if (sameValue(base, head) || (head === undefined && after.required && place.directions.includes('request'))) return;
  const kind = base === undefined ? 'default-added' : head === undefined ? 'default-removed' : 'default-changed';
  ctx.add({
    kind,
    subject: place.subject,
    description: `default ${show(base)} → ${show(head)}`,
    at: place.at,
    directions: place.directions,
  });
}

function describeRelation(field: FieldIr): string {
  const relation = field.relation;
  if (!relation) return 'none';
  return `${relation.kind} ${relation.record}${relation.foreignKey ? ` via ${relation.foreignKey}` : ''}${relation.inverse ? ` (inverse ${relation.inverse})` : ''}${relation.embedded ? ', embedded' : ''}`;
}
