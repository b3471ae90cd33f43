// Which way each record's fields travel: in requests (clients write them), in responses (servers
// write them), or both. A record reached through another record inherits its direction.
import { inView } from '../ir/types.js';
import type { Ir, RecordKey, TypeIr } from '../ir/types.js';
import type { Direction } from './types.js';
import { requestParameters } from '../ir/route-parameters.js';

/** One place a record is used, with the view that place takes of it. */
export interface RecordUse {
  readonly direction: Direction;
  readonly omit: readonly string[];
  readonly pick: readonly string[];
  readonly partial: boolean;
}

export type RecordUses = ReadonlyMap<RecordKey, readonly RecordUse[]>;

const BOTH: readonly Direction[] = ['request', 'response'];

export function collectRecordUses(ir: Ir): RecordUses {
  const uses = new Map<RecordKey, RecordUse[]>();
  const seen = new Set<string>();
  const visit = (type: TypeIr, direction: Direction): void => {
    switch (type.kind) {
      case 'list':
        return visit(type.items, direction);
      case 'map':
        return visit(type.values, direction);
      case 'record': {
        const use: RecordUse = { direction, omit: type.omit, pick: type.pick, partial: type.partial };
        const id = JSON.stringify([type.record, use]);
        if (seen.has(id)) return;
        seen.add(id);
        uses.set(type.record, [...(uses.get(type.record) ?? []), use]);
        for (const field of ir.records.get(type.record)?.fields ?? []) {
          if (inView(use, field.name)) visit(field.type, direction);
        }
        return;
      }
      default:
        return;
    }
  };
  for (const module of ir.modules) {
    for (const route of module.routes) {
      for (const param of requestParameters(route)) visit(param.type, 'request');
      if (route.body) visit(route.body, 'request');
      for (const response of route.responses) {
        if (response.body) visit(response.body, 'response');
        for (const header of response.headers) visit(header.type, 'response');
      }
    }
  }
  return uses;
}

/**
 * The directions a field of a record travels in. A record no route uses is exported all the same,
 * so it counts as both. With `presence`, only views that keep the field's required-ness count
 * (a partial view makes every field optional).
 */
export function fieldDirections(
  uses: RecordUses,
  record: RecordKey,
  field: string,
  options: { presence?: boolean } = {},
): Direction[] {
  const list = uses.get(record);
  if (!list || list.length === 0) return [...BOTH];
  return BOTH.filter((direction) =>
    list.some((use) => use.direction === direction && inView(use, field) && !(options.presence && use.partial)),
  );
}

export function unionDirections(...lists: readonly (readonly Direction[])[]): Direction[] {
  return BOTH.filter((direction) => lists.some((list) => list.includes(direction)));
}
