// Which record variant of a union a value is: a tagged union's by its discriminator's value, else, of the record
// variants whose required members the value holds, the one with the most of them (the first on a tie): a value that
// holds a notary's license beside a person's name is the notary, not the person it also satisfies. The server's
// serializer chooses the same variant (wire-schemas.ts, mostSpecificFirst).
import type { ResponseMeta, UnionMeta } from './interface-meta.js';

/** The record of the variant `value` is, or undefined when it is no record variant. */
export function variantRecord(union: UnionMeta, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { property } = union;
  const members = value as Record<string, unknown>;
  if (property !== undefined)
    return union.variants.find((candidate) => candidate.value !== undefined && candidate.value === members[property])
      ?.record;
  let chosen: (typeof union.variants)[number] | undefined;
  for (const candidate of union.variants) {
    const required = candidate.required ?? [];
    if (!required.every((name) => Object.hasOwn(members, name))) continue;
    if (chosen === undefined || required.length > (chosen.required ?? []).length) chosen = candidate;
  }
  return chosen?.record;
}

/** Whether json:api sends the body as resource objects: a record, or a union whose every variant is one. */
export function respondsWithResources(response: ResponseMeta): boolean {
  return response.record !== undefined || (response.union?.variants.every((one) => one.record !== undefined) ?? false);
}
