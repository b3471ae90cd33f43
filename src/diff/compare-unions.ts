// Two unions of the same element → which variants came and went, and whether the values naming them changed.
// Variants are matched by what they are (a record by its key, a scalar by its kind), not by position.
import type { TypeIr, UnionType } from '../ir/types.js';
import { describeType } from '../ir/values.js';
import type { ChangeKind } from './types.js';

/** Files one change of the element being compared. */
export type Add = (kind: ChangeKind, description: string) => void;
type CompareMatched = (base: TypeIr, head: TypeIr, where: string) => void;

export function compareUnions(base: UnionType, head: UnionType, add: Add, compareMatched: CompareMatched): void {
  const baseVariants = new Map(base.variants.map((variant, index) => [variantKey(variant), index]));
  const headVariants = new Map(head.variants.map((variant, index) => [variantKey(variant), index]));
  for (const [key, index] of headVariants) {
    const variant = head.variants[index] as TypeIr;
    const before = baseVariants.get(key);
    if (before === undefined) add('union-variant-added', `variant ${describeType(variant)} added`);
    else compareMatched(base.variants[before] as TypeIr, variant, `variant ${describeType(variant)}: `);
  }
  for (const [key, index] of baseVariants) {
    if (!headVariants.has(key))
      add('union-variant-removed', `variant ${describeType(base.variants[index] as TypeIr)} removed`);
  }
  compareDiscriminators(base, head, baseVariants, add);
  if (!base.discriminator && !head.discriminator && base.exclusive !== head.exclusive && mayOverlap(head))
    add(
      head.exclusive ? 'type-narrowed' : 'type-widened',
      head.exclusive ? 'now exactly one variant may match (oneOf)' : 'now any variant may match (anyOf)',
    );
}

/**
 * Whether one value may match two variants: only then does "exactly one" (oneOf) refuse what "any" (anyOf) takes.
 * Variants of different JSON kinds (a string, a number, an object…) never both match, unless both take null.
 */
function mayOverlap(union: UnionType): boolean {
  const kinds = union.variants.flatMap((variant) => [jsonKind(variant), ...(variant.nullable ? ['null'] : [])]);
  return kinds.includes('any') || new Set(kinds).size < kinds.length;
}

function jsonKind(type: TypeIr): string {
  switch (type.kind) {
    case 'scalar':
      return type.scalar === 'integer'
        ? 'number'
        : type.scalar === 'date' || type.scalar === 'date-time'
          ? 'string'
          : type.scalar;
    case 'enum':
      return 'string';
    case 'list':
      return 'array';
    case 'json':
      return 'any';
    default:
      return 'object';
  }
}

/** The member and the value naming each variant both sides have; a discriminator added or dropped. */
function compareDiscriminators(base: UnionType, head: UnionType, baseVariants: Map<string, number>, add: Add): void {
  const [from, to] = [base.discriminator, head.discriminator];
  if (!from && !to) return;
  if (!from || !to) {
    add(
      'union-discriminator-changed',
      to ? `now told apart by ${to.property}` : `no longer told apart by ${from?.property}`,
    );
    return;
  }
  if (from.property !== to.property) {
    add('union-discriminator-changed', `discriminator ${from.property} → ${to.property}`);
    return;
  }
  for (const [index, variant] of head.variants.entries()) {
    const before = baseVariants.get(variantKey(variant));
    const [was, now] = [before === undefined ? undefined : from.values[before], to.values[index]];
    if (was !== undefined && was !== now)
      add('union-discriminator-changed', `${describeType(variant)} named by ${to.property} "${was}" → "${now}"`);
  }
}

function variantKey(type: TypeIr): string {
  switch (type.kind) {
    case 'record':
      return `record ${type.record}`;
    case 'scalar':
      return `scalar ${type.scalar}`;
    default:
      return type.kind;
  }
}
