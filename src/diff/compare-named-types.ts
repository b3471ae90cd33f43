// A file's named types (`types:`), matched by key ("<file>.<name>"). On the wire a named type is its definition, so
// a change of what it allows is judged at every place that uses it (compare-types.ts); here only the name itself,
// which code of a team's own names as the generated TypeScript type.
import { pascalCase } from '../ir/names.js';
import type { ModuleIr } from '../ir/types.js';
import type { CompareContext } from './context.js';

export function compareNamedTypes(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  ctx.compareKeyed(base?.types ?? [], head?.types ?? [], 'key', (key) => `type ${key}`, {
    removed: (report, before) =>
      report(
        'named-type-removed',
        `named type removed (or renamed): code that names its TypeScript type ${pascalCase(before.name)} no longer compiles`,
      ),
    added: (report) => report('named-type-added', 'named type added'),
    changed: (report, before, after) => {
      if (before.description !== after.description) report('docs-changed', 'description changed');
    },
  });
}
