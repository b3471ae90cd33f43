// A union as written in a definition → its IR form: the variants in order and, for a tagged union, the value
// that names each variant, checked against the variant records as written.
import type { YamlPath } from '../definitions/positions.js';
import type { DiscriminatorDefinition, FieldDefinition, TypeDefinition } from '../definitions/schema.js';
// build-type.ts and this module call each other: a union's variants are types, and a type may be a union.
import { buildType } from './build-type.js';
import type { FileContext } from './context.js';
import { expectedOneOf } from './names.js';
import type { Discriminator, TypeIr, UnionType } from './types.js';

export function buildUnion(
  ctx: FileContext,
  def: TypeDefinition,
  path: YamlPath,
  base: Pick<TypeIr, 'nullable' | 'constraints'>,
): UnionType {
  const written = def.variants ?? [];
  if (written.length === 0) ctx.report('SVC212', path, 'union without variants (expected variants: [{type: …}, …])');
  const variants = written.map((variant, index) => buildType(ctx, variant, [...path, 'variants', index]));
  const discriminator =
    def.discriminator === undefined ? undefined : buildDiscriminator(ctx, def.discriminator, variants, path);
  return { kind: 'union', variants, exclusive: def.exclusive ?? false, discriminator, ...base };
}

/** The keys only a union reads: written on another type, they are refused rather than ignored. */
export function reportUnionKeysOutsideUnion(ctx: FileContext, def: TypeDefinition, path: YamlPath): void {
  for (const key of ['variants', 'discriminator', 'exclusive'] as const) {
    if (def[key] !== undefined)
      ctx.report(
        'SVC255',
        [...path, key],
        `${key} on type ${def.type} (expected type: union, the only type with ${key})`,
        true,
      );
  }
}

function buildDiscriminator(
  ctx: FileContext,
  written: DiscriminatorDefinition,
  variants: readonly TypeIr[],
  path: YamlPath,
): Discriminator {
  const { property, mapping = {} } = typeof written === 'string' ? { property: written } : written;
  const at = [...path, 'discriminator'];
  const records = variants.map((variant) => (variant.kind === 'record' ? variant.record : undefined));
  const named = new Map<string, string>();
  for (const [value, reference] of Object.entries(mapping)) {
    const key = ctx.recordKey(reference);
    if (!records.includes(key)) {
      const known = records.flatMap((record) => (record ? [shortName(ctx, record)] : []));
      ctx.report(
        'SVC254',
        [...at, 'mapping', value],
        `mapping names "${reference}", not a variant ${expectedOneOf(reference, known)}`,
      );
    } else if (named.has(key)) {
      ctx.report(
        'SVC254',
        [...at, 'mapping', value],
        `record ${reference} is named by "${named.get(key)}" already (expected one value per variant)`,
      );
    } else named.set(key, value);
  }
  const values = variants.map((variant, index) => {
    if (variant.kind !== 'record' || variant.nullable) {
      ctx.report(
        'SVC254',
        [...path, 'variants', index],
        `variant ${index + 1} of a union with a discriminator is not a record (expected type: record, not nullable)`,
      );
      return String(index);
    }
    const value = named.get(variant.record) ?? shortName(ctx, variant.record);
    const mapped = named.has(variant.record);
    checkDiscriminatorField(ctx, variant.record, property, { value, mapped }, [...path, 'variants', index]);
    return value;
  });
  const seen = new Set<string>();
  for (const [index, value] of values.entries()) {
    if (seen.has(value))
      ctx.report('SVC254', [...path, 'variants', index], `two variants are named "${value}" (expected a record once)`);
    seen.add(value);
  }
  return { property, values };
}

/** The variant record must have the member, always present, holding text that can be the value naming it. */
function checkDiscriminatorField(
  ctx: FileContext,
  record: string,
  property: string,
  { value, mapped }: { readonly value: string; readonly mapped: boolean },
  at: YamlPath,
): void {
  const fields = ctx.recordDefinitions.get(record)?.fields;
  if (!fields) return; // an unknown record is reported where it is named
  const field = Object.hasOwn(fields, property) ? (fields[property] as FieldDefinition) : undefined;
  const name = shortName(ctx, record);
  if (!field) {
    ctx.report(
      'SVC254',
      at,
      `record ${name} has no field "${property}", the union's discriminator (expected ${property} in every variant)`,
    );
  } else if (field.required === false || field.nullable === true) {
    ctx.report(
      'SVC254',
      at,
      `field "${property}" of record ${name} is optional or nullable (expected a discriminator always present)`,
    );
  } else if (field.type === 'enum' && !field.values?.includes(value)) {
    // An enum of its own value (kind: [text] on record textBody) wants a mapping, which a reader may not know of.
    const own = field.values?.length === 1 && !mapped ? field.values[0] : undefined;
    const mapping = own === undefined ? '' : `, or the discriminator's mapping: { ${own}: ${name} }`;
    const found = `field "${property}" of record ${name} is an enum without "${value}", the value that names the variant`;
    ctx.report('SVC254', at, `${found} (expected "${value}" among its values${mapping})`);
  } else if (field.type !== 'string' && field.type !== 'enum') {
    ctx.report(
      'SVC254',
      at,
      `field "${property}" of record ${name} is of type ${field.type} (expected a string or an enum)`,
    );
  }
}

const shortName = (ctx: FileContext, key: string) =>
  key.startsWith(`${ctx.moduleName}.`) ? key.slice(ctx.moduleName.length + 1) : key;
