// A type as written in a definition → its IR form, reporting what cannot be resolved.
import type { YamlPath } from '../definitions/positions.js';
import { NAMED_TYPE_REFERENCE, type TypeDefinition } from '../definitions/schema.js';
import { buildScalar } from './build-scalar.js';
import type { FileContext } from './context.js';
import { buildUnion, reportUnionKeysOutsideUnion } from './build-union.js';
import { expectedOneOf } from './names.js';
import { SCALAR_KINDS, type Constraints, type ScalarKind, type TypeIr } from './types.js';

const SCALARS = new Set<string>(SCALAR_KINDS);

export function buildType(ctx: FileContext, def: TypeDefinition, path: YamlPath): TypeIr {
  if (NAMED_TYPE_REFERENCE.test(def.type)) return ctx.namedTypes?.resolve(ctx, def, path) ?? JSON_TYPE;
  const base = { nullable: def.nullable ?? false, constraints: buildConstraints(def) };
  if (def.coerce && def.type !== 'integer' && def.type !== 'number') {
    ctx.report('SVC213', [...path, 'coerce'], `coerce on a ${def.type} (expected integer or number)`, true);
  }
  if (def.type === 'union') return buildUnion(ctx, def, path, base);
  reportUnionKeysOutsideUnion(ctx, def, path);
  if (SCALARS.has(def.type)) return buildScalar(ctx, def, def.type as ScalarKind, path, base);
  for (const key of ['format', 'const'] as const) {
    if (def[key] !== undefined)
      ctx.report(
        key === 'format' ? 'SVC251' : 'SVC252',
        [...path, key],
        `${key} on a ${def.type} (expected a scalar type)`,
      );
  }
  switch (def.type) {
    case 'enum':
      if (!def.values) ctx.report('SVC212', path, 'enum without values (expected values: [a, b, …])');
      return { kind: 'enum', values: def.values ?? [], ...base };
    case 'list':
    case 'map': {
      const items = def.items
        ? buildType(ctx, def.items, [...path, 'items'])
        : (ctx.report('SVC212', path, `${def.type} without items (expected items: {type: …})`), JSON_TYPE);
      return def.type === 'list' ? { kind: 'list', items, ...base } : { kind: 'map', values: items, ...base };
    }
    case 'record':
      return buildRecordType(ctx, def, path, base);
    default:
      return { kind: 'json', ...base };
  }
}

function buildRecordType(
  ctx: FileContext,
  def: TypeDefinition,
  path: YamlPath,
  base: Pick<TypeIr, 'nullable' | 'constraints'>,
): TypeIr {
  if (!def.record) {
    ctx.report('SVC212', path, 'record type without a record name (expected record: <name>)');
    return JSON_TYPE;
  }
  const key = ctx.recordKey(def.record);
  const fields = ctx.recordFields.get(key);
  if (!fields) {
    ctx.report('SVC201', [...path, 'record'], unknownRecordMessage(ctx, def.record));
  } else {
    for (const list of ['omit', 'pick'] as const) {
      for (const [index, field] of (def[list] ?? []).entries()) {
        if (!fields.has(field)) {
          ctx.report(
            'SVC209',
            [...path, list, index],
            `unknown field "${field}" of record ${def.record} ${expectedOneOf(field, [...fields])}`,
          );
        }
      }
    }
  }
  return {
    kind: 'record',
    record: key,
    omit: [...(def.omit ?? [])].sort(),
    pick: [...(def.pick ?? [])].sort(),
    partial: def.partial ?? false,
    ...base,
  };
}

export function unknownRecordMessage(ctx: FileContext, reference: string): string {
  const known = [...ctx.recordFields.keys()].map((key) =>
    key.startsWith(`${ctx.moduleName}.`) ? key.slice(ctx.moduleName.length + 1) : key,
  );
  return `unknown record "${reference}" ${expectedOneOf(reference, known.sort())}`;
}

function buildConstraints(def: TypeDefinition): Constraints {
  const keys = [
    'minLength',
    'maxLength',
    'pattern',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minItems',
    'maxItems',
  ] as const;
  return Object.fromEntries(keys.filter((key) => def[key] !== undefined).map((key) => [key, def[key]]));
}

/** What a type that cannot be read stands in as, so that building goes on to report more. */
const JSON_TYPE: TypeIr = { kind: 'json', nullable: false, constraints: {} };
