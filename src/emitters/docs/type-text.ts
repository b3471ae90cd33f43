// A TypeIr as the short text a reader sees in a docs table: "string (32 lowercase hex)",
// "list of product, 1..", "tax or null", "product without id, createdAt".
import { INTEGER_FORMAT_ROWS, isIntegerFormat, stringFormat } from '../../ir/formats.js';
import type { Constraints, ScalarType, TypeIr, UnionType } from '../../ir/types.js';
import { recordModule, recordName } from '../../ir/symbols.js';

/** `fromModule` names records of other modules with their module ("shared.createdRef"). */
export function typeText(type: TypeIr, fromModule: string): string {
  const base = nonNullText(type, fromModule);
  return type.nullable ? `${base} or null` : base;
}

function nonNullText(type: TypeIr, fromModule: string): string {
  if (type.named !== undefined) {
    const { named, ...plain } = type;
    const name = recordModule(named) === fromModule ? recordName(named) : named;
    return `${name}: ${nonNullText(plain, fromModule)}`;
  }
  switch (type.kind) {
    case 'scalar':
      return withBounds(scalarText(type), type.constraints);
    case 'enum':
      return `one of ${type.values.join(', ')}`;
    case 'list':
      return withBounds(`list of ${typeText(type.items, fromModule)}`, type.constraints);
    case 'map':
      return `map of ${typeText(type.values, fromModule)}`;
    case 'json':
      return 'any JSON';
    case 'union':
      return unionText(type, fromModule);
    case 'record': {
      const name = recordModule(type.record) === fromModule ? recordName(type.record) : type.record;
      const parts = [
        type.pick.length > 0 ? `only ${type.pick.join(', ')}` : undefined,
        type.omit.length > 0 ? `without ${type.omit.join(', ')}` : undefined,
        type.partial ? 'all optional' : undefined,
      ].filter((part): part is string => part !== undefined);
      return parts.length > 0 ? `${name} (${parts.join('; ')})` : name;
    }
  }
}

/** Each variant: "card when kind is card, or bankTransfer when kind is bank"; "exactly one of: …" for oneOf. */
function unionText(type: UnionType, fromModule: string): string {
  const tag = type.discriminator;
  const variants = type.variants.map((variant, index) => {
    const text = typeText(variant, fromModule);
    const value = tag?.values[index];
    return tag && value !== undefined ? `${text} when ${tag.property} is ${value}` : text;
  });
  const last = variants.pop() ?? '';
  const listed = variants.length > 0 ? `${variants.join(', ')}, or ${last}` : last;
  return type.exclusive && !tag ? `exactly one of: ${listed}` : `(${listed})`;
}

function scalarText(type: ScalarType): string {
  if (type.const !== undefined) return `${type.scalar}, always ${JSON.stringify(type.const)}`;
  const words =
    type.format === undefined
      ? undefined
      : isIntegerFormat(type.format)
        ? INTEGER_FORMAT_ROWS[type.format].docs
        : stringFormat(type.format).docs;
  const format = words !== undefined ? ` (${words})` : '';
  const coerce = type.coerce ? ' (digits as a string accepted)' : '';
  return `${type.scalar}${format}${coerce}`;
}

/** "min..max" (an end may be open) after `unit`, or undefined when both ends are. */
export function range(min: number | undefined, max: number | undefined, unit = ''): string | undefined {
  return min === undefined && max === undefined ? undefined : `${unit}${min ?? ''}..${max ?? ''}`;
}

function withBounds(text: string, c: Constraints): string {
  const bounds = [
    range(c.minimum, c.maximum),
    c.exclusiveMinimum !== undefined ? `> ${c.exclusiveMinimum}` : undefined,
    c.exclusiveMaximum !== undefined ? `< ${c.exclusiveMaximum}` : undefined,
    range(c.minLength, c.maxLength, 'length '),
    range(c.minItems, c.maxItems, 'items '),
    c.pattern !== undefined ? `pattern ${c.pattern}` : undefined,
  ].filter((part): part is string => part !== undefined);
  return bounds.length > 0 ? `${text}, ${bounds.join(', ')}` : text;
}
