// A file's `types:` section → its named types, each built once (see named-types.ts). A name that
// becomes the TypeScript name of a record is a clash, reported with the others (check-identifiers.ts).
import type { NamedTypeDefinition } from '../definitions/schema.js';
import type { FileContext } from './context.js';
import { sortedEntries } from './names.js';
import type { NamedTypeIr } from './types.js';

const JSON_TYPE = { kind: 'json', nullable: false, constraints: {} } as const;

export function buildNamedTypes(ctx: FileContext, types: Readonly<Record<string, NamedTypeDefinition>>): NamedTypeIr[] {
  return sortedEntries(types).map(([name, def]) => {
    const key = `${ctx.moduleName}.${name}`;
    return {
      key,
      name,
      type: ctx.namedTypes?.definition(key) ?? JSON_TYPE,
      ...ctx.example(def, ['types', name]),
      ...ctx.documented(def, ['types', name]),
    };
  });
}
