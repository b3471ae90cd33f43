// A file's `types:` section → its named types, each built once (see named-types.ts). A name that
// becomes the TypeScript name of a record is a clash, reported with the others (check-identifiers.ts).
import type { NamedTypeDefinition } from '../definitions/schema.js';
import { JSON_TYPE } from './build-type.js';
import type { FileContext } from './context.js';
import { sortedEntries } from './names.js';
import type { NamedTypeIr } from './types.js';

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
