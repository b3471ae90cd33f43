// A file's `types:` section → its named types, each built once (see named-types.ts). A name that
// becomes the same TypeScript name as a record or another named type of the file is a clash (SVC204).
import type { TypeDefinition } from '../definitions/schema.js';
import type { FileContext } from './context.js';
import { compareCodePoints, pascalCase } from './names.js';
import type { NamedTypeIr } from './types.js';

const JSON_TYPE = { kind: 'json', nullable: false, constraints: {} } as const;

export function buildNamedTypes(
  ctx: FileContext,
  types: Readonly<Record<string, TypeDefinition>>,
  recordNames: readonly string[],
): NamedTypeIr[] {
  const names = Object.keys(types).sort(compareCodePoints);
  const taken = new Map(recordNames.map((name) => [pascalCase(name), `record "${name}"`]));
  for (const name of names) {
    const made = pascalCase(name);
    const first = taken.get(made);
    if (first !== undefined)
      ctx.report(
        'SVC204',
        ['types', name],
        `type "${name}" and ${first} both become ${made} (expected distinct names)`,
        true,
      );
    else taken.set(made, `type "${name}"`);
  }
  return names.map((name) => {
    const key = `${ctx.moduleName}.${name}`;
    const def = types[name] as TypeDefinition;
    return {
      key,
      name,
      type: ctx.namedTypes?.definition(key) ?? JSON_TYPE,
      ...ctx.documented(def, ['types', name]),
    };
  });
}
