// A union whose variants are records of the interface, as the runtime tells which record a value is (to give it
// that record's apiAlias member): a tagged union by its discriminator's value, else the record variant whose required
// members the value holds, the one with the most of them when several do (the variant its serializer chooses too).
import { inView, type ModuleIr, type TypeIr, type UnionType } from '../../ir/types.js';
import { recordModule, recordName } from '../../ir/symbols.js';

export type Json = Record<string, unknown>;

/** The union a type is (through one list), when one of its variants is a record of this module; else undefined. */
export function localUnionOf(module: ModuleIr, type: TypeIr | undefined): Json | undefined {
  if (!type) return undefined;
  if (type.kind === 'list') return type.items.kind === 'union' ? localUnionOf(module, type.items) : undefined;
  if (type.kind !== 'union') return undefined;
  const variants = type.variants.map((variant, index) => variantMeta(module, type, variant, index));
  if (!variants.some((variant) => variant['record'] !== undefined)) return undefined;
  return { ...(type.discriminator && { property: type.discriminator.property }), variants };
}

function variantMeta(module: ModuleIr, union: UnionType, variant: TypeIr, index: number): Json {
  if (variant.kind !== 'record' || recordModule(variant.record) !== module.name) return {};
  const name = recordName(variant.record);
  const value = union.discriminator?.values[index];
  if (value !== undefined) return { record: name, value };
  const fields = module.records.find((record) => record.name === name)?.fields ?? [];
  const required = fields
    .filter((field) => field.required && field.default === undefined && inView(variant, field.name))
    .map((field) => field.name);
  return { record: name, required };
}
