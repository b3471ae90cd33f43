// A scalar type as written → its IR form: which format applies to which type, and the one value a
// `const` allows. `type: string, format: date` is read as `type: date` (one type, two spellings).
import type { YamlPath } from '../definitions/positions.js';
import type { TypeDefinition } from '../definitions/schema.js';
import type { FileContext } from './context.js';
import { FILE_FORMAT, INTEGER_FORMATS, STRING_FORMATS, isIntegerFormat, isStringFormat } from './formats.js';
import type { Constraints, ScalarKind, ScalarType } from './types.js';
import { describeConstrainedType, valueFitsType } from './values.js';

type Base = { readonly nullable: boolean; readonly constraints: Constraints };

export function buildScalar(
  ctx: FileContext,
  def: TypeDefinition,
  scalar: ScalarKind,
  path: YamlPath,
  base: Base,
): ScalarType {
  const type: ScalarType = {
    kind: 'scalar',
    ...readFormat(ctx, def, scalar, path),
    coerce: def.coerce ?? false,
    ...base,
  };
  if (def.const === undefined) return type;
  if (!valueFitsType(def.const, type, new Map())) {
    const message = `const ${JSON.stringify(def.const)} is not a value of the type (expected ${describeConstrainedType(type)})`;
    ctx.report('SVC252', [...path, 'const'], message);
  }
  return { ...type, const: def.const };
}

function readFormat(
  ctx: FileContext,
  def: TypeDefinition,
  scalar: ScalarKind,
  path: YamlPath,
): Pick<ScalarType, 'scalar' | 'format'> {
  const format = def.format;
  if (format === undefined) return { scalar, format: undefined };
  if (scalar === 'string' && (format === 'date' || format === 'date-time'))
    return { scalar: format, format: undefined };
  if (scalar === 'string' && isStringFormat(format)) return { scalar, format };
  if (scalar === 'integer' && isIntegerFormat(format)) return { scalar, format };
  ctx.report('SVC251', [...path, 'format'], misplacedFormat(format, scalar));
  return { scalar, format: undefined };
}

function misplacedFormat(format: string, scalar: string): string {
  if (format === FILE_FORMAT)
    return (
      'format binary is a file, which a JSON member cannot hold (expected format: byte (base64) for bytes ' +
      'inside JSON, or the file as a body of its own: docs/definitions.md, "Formats")'
    );
  const expected =
    scalar === 'string'
      ? `a string format: ${STRING_FORMATS.join(', ')}, or date, date-time`
      : scalar === 'integer'
        ? `an integer format: ${INTEGER_FORMATS.join(', ')}`
        : 'no format on this type';
  const belongs = isIntegerFormat(format)
    ? 'type: integer'
    : format === 'date' || format === 'date-time'
      ? `type: ${format}`
      : 'type: string';
  return `format ${format} does not apply to type ${scalar}; it belongs to ${belongs} (expected ${expected})`;
}
