// Two types of the same element → what changed about the values it allows. Record references
// compare by name and view (omit, pick, partial); the record's own fields are compared once, in
// compare-records.ts, not at every place the record is used.
import { inView } from '../ir/types.js';
import type { Constraints, Ir, RecordIr, TypeIr } from '../ir/types.js';
import { describeType } from '../ir/values.js';
import { show } from './context.js';
import type { ChangeKind } from './types.js';

export interface TypeDelta {
  readonly kind: ChangeKind;
  readonly description: string;
}

interface Side {
  readonly base: Ir;
  readonly head: Ir;
}

export function compareTypes(base: TypeIr, head: TypeIr, irs: Side, where = ''): TypeDelta[] {
  const deltas: TypeDelta[] = [];
  const add = (kind: ChangeKind, description: string) => deltas.push({ kind, description: `${where}${description}` });
  if (base.nullable && !head.nullable) add('type-narrowed', 'no longer nullable');
  if (!base.nullable && head.nullable) add('type-widened', 'now nullable');
  if (base.kind !== head.kind) {
    const shift = kindShift(base, head);
    add(shift, `type ${describeType({ ...base, nullable: false })} → ${describeType({ ...head, nullable: false })}`);
    return deltas;
  }
  deltas.push(...compareConstraints(base.constraints, head.constraints, where));
  if (base.kind === 'scalar' && head.kind === 'scalar') {
    if (base.scalar !== head.scalar) add(scalarShift(base.scalar, head.scalar), `type ${base.scalar} → ${head.scalar}`);
    if (base.format !== head.format) {
      add(
        head.format === undefined ? 'constraint-relaxed' : 'constraint-tightened',
        `format ${show(base.format)} → ${show(head.format)}`,
      );
    }
    if (base.coerce !== head.coerce)
      add(
        head.coerce ? 'coercion-added' : 'coercion-removed',
        head.coerce ? 'now also accepts a string of digits' : 'no longer accepts a string of digits',
      );
  } else if (base.kind === 'enum' && head.kind === 'enum') {
    for (const value of head.values.filter((value) => !base.values.includes(value)))
      add('enum-value-added', `enum value "${value}" added`);
    for (const value of base.values.filter((value) => !head.values.includes(value)))
      add('enum-value-removed', `enum value "${value}" removed`);
  } else if (base.kind === 'list' && head.kind === 'list') {
    deltas.push(...compareTypes(base.items, head.items, irs, `${where}items: `));
  } else if (base.kind === 'map' && head.kind === 'map') {
    deltas.push(...compareTypes(base.values, head.values, irs, `${where}values: `));
  } else if (base.kind === 'record' && head.kind === 'record') {
    if (base.record !== head.record) {
      add('type-changed', `record ${base.record} → ${head.record}`);
    } else {
      deltas.push(...compareRecordViews(base, head, irs, where));
    }
  }
  return deltas;
}

/** string ⊃ enum, anything ⊂ json; every other change of kind is incompatible. */
function kindShift(base: TypeIr, head: TypeIr): ChangeKind {
  if (head.kind === 'json') return 'type-widened';
  if (base.kind === 'json') return 'type-narrowed';
  if (base.kind === 'scalar' && base.scalar === 'string' && head.kind === 'enum') return 'type-narrowed';
  if (base.kind === 'enum' && head.kind === 'scalar' && head.scalar === 'string') return 'type-widened';
  return 'type-changed';
}

/** integer ⊂ number; date and date-time are strings with a format (a constraint, not a type). */
function scalarShift(base: string, head: string): ChangeKind {
  if (base === 'integer' && head === 'number') return 'type-widened';
  if (base === 'number' && head === 'integer') return 'type-narrowed';
  if (base === 'string' && (head === 'date' || head === 'date-time')) return 'constraint-tightened';
  if ((base === 'date' || base === 'date-time') && head === 'string') return 'constraint-relaxed';
  return 'type-changed';
}

const LOWER_BOUNDS = ['minLength', 'minimum', 'minItems'] as const;
const UPPER_BOUNDS = ['maxLength', 'maximum', 'maxItems'] as const;

function compareConstraints(base: Constraints, head: Constraints, where: string): TypeDelta[] {
  const deltas: TypeDelta[] = [];
  const bound = (key: keyof Constraints, tighter: (a: number, b: number) => boolean) => {
    const [from, to] = [base[key] as number | undefined, head[key] as number | undefined];
    if (from === to) return;
    const tightened = to !== undefined && (from === undefined || tighter(from, to));
    const verb = from === undefined ? 'added' : to === undefined ? 'removed' : to > from ? 'raised' : 'lowered';
    deltas.push({
      kind: tightened ? 'constraint-tightened' : 'constraint-relaxed',
      description: `${where}${key} ${verb}${from === undefined ? '' : ` from ${from}`}${to === undefined ? '' : ` to ${to}`}`,
    });
  };
  for (const key of LOWER_BOUNDS) bound(key, (from, to) => to > from);
  for (const key of UPPER_BOUNDS) bound(key, (from, to) => to < from);
  if (base.pattern !== head.pattern) {
    deltas.push({
      kind: head.pattern === undefined ? 'constraint-relaxed' : 'constraint-tightened',
      description: `${where}pattern ${show(base.pattern)} → ${show(head.pattern)}`,
    });
  }
  return deltas;
}

/** omit, pick and partial of the same record: which fields the view shows, and whether they are required. */
function compareRecordViews(
  base: TypeIr & { kind: 'record' },
  head: TypeIr & { kind: 'record' },
  irs: Side,
  where: string,
): TypeDelta[] {
  const deltas: TypeDelta[] = [];
  const baseRecord = irs.base.records.get(base.record);
  const headRecord = irs.head.records.get(head.record);
  if (!baseRecord || !headRecord) return deltas;
  const name = (record: RecordIr, field: string) => `${record.name}.${field}`;
  for (const field of headRecord.fields) {
    // A field new to the record is reported with the record; here only what the view changes.
    if (!baseRecord.fields.some((candidate) => candidate.name === field.name)) continue;
    const before = inView(base, field.name);
    const after = inView(head, field.name);
    if (before && !after)
      deltas.push({
        kind: 'field-removed',
        description: `${where}field ${name(headRecord, field.name)} no longer included (omit/pick)`,
      });
    if (!before && after) {
      const required = field.required && !head.partial;
      deltas.push({
        kind: required ? 'field-added-required' : 'field-added-optional',
        description: `${where}field ${name(headRecord, field.name)} now included (omit/pick)${required ? ', required' : ''}`,
      });
    }
  }
  if (base.partial && !head.partial)
    deltas.push({
      kind: 'became-required',
      description: `${where}no longer partial: the record's required fields are required`,
    });
  if (!base.partial && head.partial)
    deltas.push({ kind: 'became-optional', description: `${where}now partial: every field of the record optional` });
  return deltas;
}
