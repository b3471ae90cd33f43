// Which record variant of a union a value is: a tagged union's by its discriminator's value, else the first record
// variant whose required members the value holds (the variant the server's serializer chooses too).
import type { ResponseMeta, UnionMeta } from './interface-meta.js';

/** The record of the variant `value` is, or undefined when it is no record variant. */
export function variantRecord(union: UnionMeta, value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { property } = union;
  const members = value as Record<string, unknown>;
  const variant = union.variants.find((candidate) =>
    property === undefined
      ? candidate.required?.every((name) => Object.hasOwn(members, name))
      : candidate.value !== undefined && candidate.value === members[property],
  );
  return variant?.record;
}

/** Whether json:api sends the body as resource objects: a record, or a union whose every variant is one. */
export function respondsWithResources(response: ResponseMeta): boolean {
  return response.record !== undefined || (response.union?.variants.every((one) => one.record !== undefined) ?? false);
}
