// Records and their fields, matched by record key ("<file>.<record>") and field name.
import type { FieldIr, RecordIr } from '../ir/types.js';
import { reportOtherChanges, sameValue, show, type CompareContext, type Report } from './context.js';
import { compareTypes } from './compare-types.js';
import type { Direction } from './types.js';
import { fieldDirections, recordDirections } from './usage.js';
import { compareDeprecation } from './compare-marks.js';

export function compareRecords(ctx: CompareContext): void {
  const [base, head] = [[...ctx.base.records.values()], [...ctx.head.records.values()]];
  ctx.compareKeyed(base, head, 'key', (key) => `record ${key}`, {
    removed: (report) => report('record-removed', 'record removed'),
    added: (report) => report('record-added', 'record added'),
    changed: (report, before, after) => compareRecord(ctx, report, before, after),
  });
}

function compareRecord(ctx: CompareContext, report: Report, base: RecordIr, head: RecordIr): void {
  if (base.description !== head.description) report('docs-changed', 'description changed');
  compareExample(report, base, head);
  if (base.resourceType !== head.resourceType)
    report('resource-type-changed', `resource type ${base.resourceType} → ${head.resourceType}`);
  if (base.apiAlias !== head.apiAlias)
    report('resource-type-changed', `apiAlias ${show(base.apiAlias)} → ${show(head.apiAlias)}`);
  reportOtherChanges(report, base, head, [
    'key',
    'name',
    'file',
    'resourceType',
    'apiAlias',
    'fields',
    'additionalFields',
    'ignoresOtherMembers',
    'example',
  ]);
  compareOtherMembers(ctx, report, base, head);
  ctx.compareKeyed(base.fields, head.fields, 'name', (name) => `field ${head.key}.${name}`, {
    removed: (report, field) => {
      const kind = field.required && field.default === undefined ? 'required-field-removed' : 'field-removed';
      report(
        kind,
        kind === 'field-removed' ? 'optional field removed' : 'required field removed',
        fieldDirections([ctx.baseUses], base.key, field.name),
      );
    },
    added: (report, field) => addedField(ctx, report, head, field),
    changed: (report, before, after) => compareField(ctx, report, head.key, before, after),
  });
}

/** An open record's members beyond its named ones: allowed or not, and of what type. */
function compareOtherMembers(ctx: CompareContext, report: Report, base: RecordIr, head: RecordIr): void {
  const directions = recordDirections([ctx.baseUses, ctx.headUses], head.key);
  const [from, to] = [base.additionalFields, head.additionalFields];
  if (!from && !to && base.ignoresOtherMembers !== head.ignoresOtherMembers)
    report(
      'record-ignores-others',
      head.ignoresOtherMembers
        ? 'now accepts members it does not name and leaves them out (additionalFields: ignore)'
        : 'now refuses members it does not name (additionalFields: ignore removed)',
      directions,
    );
  if (from && to) compareTypes(report, directions, from, to, ctx, 'other members: ');
  else if (to) report('record-opened', 'now keeps members it does not name (an open record)', directions);
  else if (from) report('record-closed', 'no longer keeps members it does not name (a closed record)', directions);
}

function addedField(ctx: CompareContext, report: Report, record: RecordIr, field: FieldIr): void {
  const directions = (presence?: boolean) => fieldDirections([ctx.headUses], record.key, field.name, presence);
  const requiredIn = directions(true).filter((direction) => isRequired(field, direction));
  const withDefault = field.default === undefined ? '' : ` (default ${show(field.default)})`;
  if (requiredIn.length > 0) report('field-added-required', `required field added${withDefault}`, requiredIn);
  else report('field-added-optional', `optional field added${withDefault}`, directions());
}

/** Whether the writer must send the field: a default fills it in on the way into a server. */
export function isRequired(field: Pick<FieldIr, 'required' | 'default'>, direction: Direction): boolean {
  return field.required && (direction === 'response' || field.default === undefined);
}

function compareField(ctx: CompareContext, report: Report, record: string, base: FieldIr, head: FieldIr): void {
  const sides = [ctx.baseUses, ctx.headUses];
  const directions = fieldDirections(sides, record, head.name);
  const presence = fieldDirections(sides, record, head.name, true);
  if (base.description !== head.description) report('docs-changed', 'description changed');
  compareExample(report, base, head);
  comparePresence(report, presence, base, head);
  compareDefault(report, directions, base, head);
  if (base.readOnly !== head.readOnly) {
    report(
      head.readOnly ? 'read-only-added' : 'read-only-removed',
      head.readOnly ? 'now read-only: clients no longer write it' : 'no longer read-only: clients may write it',
      directions,
    );
  }
  compareDeprecation(report, base, head);
  if (!sameValue(base.relation, head.relation))
    report('relation-changed', `relation ${describeRelation(base)} → ${describeRelation(head)}`);
  compareTypes(report, directions, base.type, head.type, ctx);
  reportOtherChanges(report, base, head, [
    'name',
    'type',
    'required',
    'readOnly',
    'deprecated',
    'default',
    'relation',
    'example',
  ]);
}

/** An example is shown by docs and sent by mocks; no client or server reads it. */
function compareExample(report: Report, base: Pick<FieldIr, 'example'>, head: Pick<FieldIr, 'example'>): void {
  const [before, after] = [base.example?.value, head.example?.value];
  if (sameValue(before, after)) return;
  const what = before === undefined ? 'example added' : after === undefined ? 'example removed' : 'example changed';
  report('example-changed', what);
}

type Presence = Pick<FieldIr, 'required' | 'default'>;

/** Required-ness per direction (a default makes a value optional for a request's writer). */
export function comparePresence(
  report: Report,
  directions: readonly Direction[],
  base: Presence,
  head: Presence,
): void {
  const nowRequired = directions.filter((direction) => !isRequired(base, direction) && isRequired(head, direction));
  const nowOptional = directions.filter((direction) => isRequired(base, direction) && !isRequired(head, direction));
  const description =
    base.default !== undefined && head.default === undefined
      ? `now required: default ${show(base.default)} removed`
      : 'now required';
  if (nowRequired.length > 0) report('became-required', description, nowRequired);
  if (nowOptional.length > 0) report('became-optional', 'now optional', nowOptional);
}

/**
 * A removed default of a member that stays required is reported by comparePresence alone (became-required):
 * the writer must now send it, and the reader sees it as before.
 */
export function compareDefault(
  report: Report,
  directions: readonly Direction[],
  before: Presence,
  after: Presence,
): void {
  const [base, head] = [before.default, after.default];
  if (sameValue(base, head) || (head === undefined && after.required && directions.includes('request'))) return;
  const kind = base === undefined ? 'default-added' : head === undefined ? 'default-removed' : 'default-changed';
  report(kind, `default ${show(base)} → ${show(head)}`, directions);
}

function describeRelation(field: FieldIr): string {
  const relation = field.relation;
  if (!relation) return 'none';
  return `${relation.kind} ${relation.record}${relation.foreignKey ? ` via ${relation.foreignKey}` : ''}${relation.inverse ? ` (inverse ${relation.inverse})` : ''}${relation.embedded ? ', embedded' : ''}`;
}
