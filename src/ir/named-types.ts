// The `types:` sections of every file, resolved on first use: a reference (`type: shared.customerId`)
// becomes the named type's definition, built once with the context of the file that declares it,
// marked with its key. A named type that reaches itself through others is a cycle (SVC208).
import type { YamlPath } from '../definitions/positions.js';
import type { TypeDefinition } from '../definitions/schema.js';
import { buildType } from './build-type.js';
import type { FileContext } from './context.js';
import { expectedOneOf, withSortedKeys } from './names.js';
import type { TypeIr, TypeKey } from './types.js';

interface Declared {
  readonly ctx: FileContext;
  readonly name: string;
  readonly def: TypeDefinition;
}

/** What a reference may say besides the name: whether it is null, and prose. */
const REFERENCE_KEYS = new Set(['type', 'nullable', 'description', 'origin']);
/** Keys of a field or parameter, not of its type: they are read where they are, not here. */
const MEMBER_KEYS = new Set([
  'required',
  'readOnly',
  'deprecated',
  'default',
  'example',
  'relation',
  'style',
  'shortForm',
]);

export class NamedTypes {
  private readonly declared = new Map<TypeKey, Declared>();
  private readonly built = new Map<TypeKey, TypeIr>();
  /** The keys being built, innermost last: a reference to one of them closes a cycle. */
  private readonly building: TypeKey[] = [];

  declare(ctx: FileContext, types: Readonly<Record<string, TypeDefinition>>): void {
    for (const [name, def] of Object.entries(types)) this.declared.set(`${ctx.moduleName}.${name}`, { ctx, name, def });
  }

  /** A named type's definition as built in its own file (reported there, once). */
  definition(key: TypeKey): TypeIr | undefined {
    const found = this.built.get(key);
    if (found) return found;
    const declared = this.declared.get(key);
    if (!declared || this.building.includes(key)) return undefined;
    this.building.push(key);
    const type = buildType(declared.ctx, declared.def, ['types', declared.name]);
    this.building.pop();
    this.built.set(key, type);
    return type;
  }

  /** The type a reference stands for, or undefined (reported at the reference) when it names none. */
  resolve(ctx: FileContext, def: TypeDefinition, path: YamlPath): TypeIr | undefined {
    const key = def.type;
    for (const extra of Object.keys(def).filter((k) => !REFERENCE_KEYS.has(k) && !MEMBER_KEYS.has(k))) {
      const message = `${extra} on a reference to the named type ${key} (expected only nullable and description: constrain the named type itself)`;
      ctx.report('SVC253', [...path, extra], message, true);
    }
    if (this.building.includes(key)) {
      const cycle = [...this.building.slice(this.building.indexOf(key)), key].join(' → ');
      ctx.report('SVC208', [...path, 'type'], `named type cycle ${cycle} (expected a type that ends)`);
      return undefined;
    }
    const type = this.definition(key);
    if (!type) {
      const known = [...this.declared.keys()].sort();
      ctx.report('SVC253', [...path, 'type'], `unknown named type "${key}" ${expectedOneOf(key, known)}`);
      return undefined;
    }
    const example = (this.declared.get(key)?.def as { example?: unknown } | undefined)?.example;
    return {
      ...type,
      nullable: type.nullable || (def.nullable ?? false),
      named: key,
      ...(example !== undefined && { example: withSortedKeys(example) }),
    };
  }
}
