// Two types of the same element → what changed about the values it allows. Record references
// compare by name and view (omit, pick, partial); the record's own fields are compared once, in
// compare-records.ts, not at every place the record is used.
import { inView } from '../ir/types.js';
import type { Constraints, ScalarType, TypeIr } from '../ir/types.js';
import { describeType } from '../ir/values.js';
import { compareUnions, type Add } from './compare-unions.js';
import { listDelta, show, type CompareContext, type Report } from './context.js';
import type { ChangeKind, Direction } from './types.js';

/** Reports each difference, prefixed with `where`, for the `directions` the element travels. */
export function compareTypes(
  report: Report,
  directions: readonly Direction[],
  base: TypeIr,
  head: TypeIr,
  ctx: CompareContext,
  where = '',
): void {
  const add: Add = (kind, description) => report(kind, `${where}${description}`, directions);
  if (base.nullable && !head.nullable) add('type-narrowed', 'no longer nullable');
  if (!base.nullable && head.nullable) add('type-widened', 'now nullable');
  if (base.kind !== head.kind) {
    const shift = kindShift(base, head);
    add(shift, `type ${describeType({ ...base, nullable: false })} → ${describeType({ ...head, nullable: false })}`);
    return;
  }
  compareConstraints(base.constraints, head.constraints, add);
  if (base.kind === 'scalar' && head.kind === 'scalar') {
    if (base.scalar !== head.scalar) add(scalarShift(base.scalar, head.scalar), `type ${base.scalar} → ${head.scalar}`);
    const shift = formatShift(base.format, head.format);
    if (shift !== undefined) add(shift, `format ${show(base.format)} → ${show(head.format)}`);
    if (base.const !== head.const)
      add(constShift(base.const, head.const), `const ${show(base.const)} → ${show(head.const)}`);
    if (base.coerce !== head.coerce)
      add(
        head.coerce ? 'coercion-added' : 'coercion-removed',
        head.coerce ? 'now also accepts a string of digits' : 'no longer accepts a string of digits',
      );
  } else if (base.kind === 'enum' && head.kind === 'enum') {
    const values = listDelta(base.values, head.values);
    for (const value of values.added) add('enum-value-added', `enum value "${value}" added`);
    for (const value of values.removed) add('enum-value-removed', `enum value "${value}" removed`);
  } else if (base.kind === 'list' && head.kind === 'list') {
    compareTypes(report, directions, base.items, head.items, ctx, `${where}items: `);
  } else if (base.kind === 'map' && head.kind === 'map') {
    compareTypes(report, directions, base.values, head.values, ctx, `${where}values: `);
  } else if (base.kind === 'record' && head.kind === 'record') {
    if (base.record !== head.record) add('type-changed', `record ${base.record} → ${head.record}`);
    else compareRecordViews(base, head, ctx, add);
  } else if (base.kind === 'union' && head.kind === 'union') {
    compareUnions(base, head, add, (from, to, prefix) =>
      compareTypes(report, directions, from, to, ctx, `${where}${prefix}`),
    );
  }
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

/**
 * A format added narrows what is accepted, one removed widens it; one format for another accepts other
 * values (a uuid is no email). int32 ⊂ int64, and an integer without a format is read as int64 is.
 */
function formatShift(base: ScalarType['format'], head: ScalarType['format']): ChangeKind | undefined {
  if (base === head) return undefined;
  const bits = (format: ScalarType['format']) =>
    format === 'int32' ? 32 : format === undefined || format === 'int64' ? 64 : 0;
  const [from, to] = [bits(base), bits(head)];
  if (from > 0 && to > 0) return from === to ? undefined : to < from ? 'constraint-tightened' : 'constraint-relaxed';
  if (base === undefined) return 'constraint-tightened';
  return head === undefined ? 'constraint-relaxed' : 'type-changed';
}

/** A const added allows one value of many; removed, many; changed, another one. */
function constShift(base: ScalarType['const'], head: ScalarType['const']): ChangeKind {
  if (base === undefined) return 'constraint-tightened';
  return head === undefined ? 'constraint-relaxed' : 'type-changed';
}

const LOWER_BOUNDS = ['minLength', 'minItems'] as const;
const UPPER_BOUNDS = ['maxLength', 'maxItems'] as const;

function compareConstraints(base: Constraints, head: Constraints, add: Add): void {
  const bound = (key: keyof Constraints, tighter: (a: number, b: number) => boolean) => {
    const [from, to] = [base[key] as number | undefined, head[key] as number | undefined];
    if (from === to) return;
    const tightened = to !== undefined && (from === undefined || tighter(from, to));
    const verb = from === undefined ? 'added' : to === undefined ? 'removed' : to > from ? 'raised' : 'lowered';
    add(
      tightened ? 'constraint-tightened' : 'constraint-relaxed',
      `${key} ${verb}${from === undefined ? '' : ` from ${from}`}${to === undefined ? '' : ` to ${to}`}`,
    );
  };
  for (const key of LOWER_BOUNDS) bound(key, (from, to) => to > from);
  for (const key of UPPER_BOUNDS) bound(key, (from, to) => to < from);
  for (const side of ['lower', 'upper'] as const)
    compareNumberBound(numberBound(base, side), numberBound(head, side), side, add);
  if (base.pattern !== head.pattern)
    add(patternShift(base.pattern, head.pattern), `pattern ${show(base.pattern)} → ${show(head.pattern)}`);
}

/**
 * A pattern added narrows what is accepted, one removed widens it. One pattern for another may do either or both
 * (`^x+$` → `^[a-z]+$` widens, `^[a-z]+$` → `^[0-9]+$` accepts other values), which no comparison of two regular
 * expressions settles: judged as another type, as a format for another is.
 */
function patternShift(base: string | undefined, head: string | undefined): ChangeKind {
  if (base === undefined) return 'constraint-tightened';
  return head === undefined ? 'constraint-relaxed' : 'type-changed';
}

/** A number bound: its value and whether the value itself is refused (exclusive). */
interface NumberBound {
  readonly value: number;
  readonly exclusive: boolean;
}

/** The tighter of minimum and exclusiveMinimum (or the maxima): `> 0` is tighter than `>= 0`. */
function numberBound(c: Constraints, side: 'lower' | 'upper'): NumberBound | undefined {
  const [bound, strict] = side === 'lower' ? [c.minimum, c.exclusiveMinimum] : [c.maximum, c.exclusiveMaximum];
  const inclusive = bound !== undefined ? { value: bound, exclusive: false } : undefined;
  const exclusive = strict !== undefined ? { value: strict, exclusive: true } : undefined;
  if (!inclusive || !exclusive) return inclusive ?? exclusive;
  const exclusiveTighter = side === 'lower' ? exclusive.value >= inclusive.value : exclusive.value <= inclusive.value;
  return exclusiveTighter ? exclusive : inclusive;
}

/**
 * minimum/exclusiveMinimum (or the maxima) judged together as one bound, so `minimum: 0` becoming
 * `exclusiveMinimum: 0` is one narrowing (0 refused) rather than a removal and an addition.
 */
function compareNumberBound(
  from: NumberBound | undefined,
  to: NumberBound | undefined,
  side: 'lower' | 'upper',
  add: Add,
): void {
  if (from?.value === to?.value && from?.exclusive === to?.exclusive) return;
  const text = (bound: NumberBound | undefined) =>
    bound === undefined ? 'none' : `${side === 'lower' ? '>' : '<'}${bound.exclusive ? '' : '='} ${bound.value}`;
  // Which bound lets fewer values through: the one further in, or at the same value the exclusive one.
  const inward = (a: NumberBound, b: NumberBound) =>
    a.value === b.value ? b.exclusive && !a.exclusive : side === 'lower' ? b.value > a.value : b.value < a.value;
  const tightened = to !== undefined && (from === undefined || inward(from, to));
  add(tightened ? 'constraint-tightened' : 'constraint-relaxed', `${side} bound ${text(from)} → ${text(to)}`);
}

/** omit, pick and partial of the same record: which fields the view shows, and whether they are required. */
function compareRecordViews(
  base: TypeIr & { kind: 'record' },
  head: TypeIr & { kind: 'record' },
  ctx: CompareContext,
  add: Add,
): void {
  const baseRecord = ctx.base.records.get(base.record);
  const headRecord = ctx.head.records.get(head.record);
  if (!baseRecord || !headRecord) return;
  for (const field of headRecord.fields) {
    // A field new to the record is reported with the record; here only what the view changes.
    if (!baseRecord.fields.some((candidate) => candidate.name === field.name)) continue;
    const [before, after] = [inView(base, field.name), inView(head, field.name)];
    const name = `${headRecord.name}.${field.name}`;
    if (before && !after) add('field-removed', `field ${name} no longer included (omit/pick)`);
    if (!before && after) {
      const required = field.required && !head.partial;
      add(
        required ? 'field-added-required' : 'field-added-optional',
        `field ${name} now included (omit/pick)${required ? ', required' : ''}`,
      );
    }
  }
  if (base.partial && !head.partial)
    add('became-required', "no longer partial: the record's required fields are required");
  if (!base.partial && head.partial) add('became-optional', 'now partial: every field of the record optional');
}
