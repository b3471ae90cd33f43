// Which way each record's fields travel: in requests (clients write them), in responses (servers
// write them), or both. A record reached through another record inherits its direction.
import { inView } from '../ir/types.js';
import type { Ir, RecordKey, RecordType, TypeIr } from '../ir/types.js';
import type { Direction } from './types.js';
import { requestParameters } from '../ir/route-parameters.js';

/** One place a record is used, with the view that place takes of it. */
export interface RecordUse extends Pick<RecordType, 'omit' | 'pick' | 'partial'> {
  readonly direction: Direction;
}

export type RecordUses = ReadonlyMap<RecordKey, readonly RecordUse[]>;

const BOTH: readonly Direction[] = ['request', 'response'];

export function collectRecordUses(ir: Ir): RecordUses {
  const uses = new Map<RecordKey, RecordUse[]>();
  const seen = new Set<string>();
  const visit = (type: TypeIr, direction: Direction): void => {
    if (type.kind === 'list') return visit(type.items, direction);
    if (type.kind === 'map') return visit(type.values, direction);
    if (type.kind === 'union') return type.variants.forEach((variant) => visit(variant, direction));
    if (type.kind !== 'record') return;
    const use: RecordUse = { direction, omit: type.omit, pick: type.pick, partial: type.partial };
    const id = JSON.stringify([type.record, use]);
    if (seen.has(id)) return;
    seen.add(id);
    uses.set(type.record, [...(uses.get(type.record) ?? []), use]);
    const record = ir.records.get(type.record);
    for (const field of record?.fields ?? []) {
      if (inView(use, field.name)) visit(field.type, direction);
    }
    if (record?.additionalFields) visit(record.additionalFields, direction);
  };
  for (const module of ir.modules) {
    for (const route of module.routes) {
      for (const param of requestParameters(route)) visit(param.type, 'request');
      if (route.body) visit(route.body, 'request');
      for (const response of route.responses) {
        if (response.body) visit(response.body, 'response');
        for (const header of response.headers) visit(header.type, 'response');
        for (const event of response.events?.events ?? []) visit(event.type, 'response');
      }
    }
  }
  return uses;
}

/**
 * The directions a field of a record travels in, on any of the sides given. A record no route uses is
 * exported all the same, so it counts as both. With `presence`, only views that keep the field's
 * required-ness count (a partial view makes every field optional).
 */
export function fieldDirections(
  sides: readonly RecordUses[],
  record: RecordKey,
  field: string,
  presence = false,
): Direction[] {
  return directionsOf(sides, record, (use) => inView(use, field) && !(presence && use.partial));
}

/** The directions a record travels in, on any of the sides given (a record no route uses counts as both). */
export function recordDirections(sides: readonly RecordUses[], record: RecordKey): Direction[] {
  return directionsOf(sides, record, () => true);
}

/** The directions of the uses of a record that `counts`, on any side; a record no route uses counts as both. */
function directionsOf(sides: readonly RecordUses[], record: RecordKey, counts: (use: RecordUse) => boolean) {
  return BOTH.filter((direction) =>
    sides.some((uses) => {
      const list = uses.get(record) ?? [];
      return list.length === 0 || list.some((use) => use.direction === direction && counts(use));
    }),
  );
}
