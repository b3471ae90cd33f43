// Parameters (path, query, headers, cookies, a response's headers), matched by name.
import type { ParameterIr } from '../ir/types.js';
import { reportOtherChanges, type CompareContext } from './context.js';
import { compareDefault, comparePresence, isRequired } from './compare-records.js';
import { compareTypes } from './compare-types.js';
import type { Direction } from './types.js';

export function compareParameters(
  ctx: CompareContext,
  prefix: string,
  base: readonly ParameterIr[],
  head: readonly ParameterIr[],
  direction: Direction,
): void {
  const directions = [direction];
  ctx.compareKeyed(base, head, 'name', (name) => `${prefix} ${name}`, {
    removed: (report) => report('parameter-removed', 'removed', directions),
    added: (report, after) => {
      const required = isRequired(after, direction);
      report(
        required ? 'parameter-added-required' : 'parameter-added-optional',
        required ? 'required, added' : 'optional, added',
        directions,
      );
    },
    changed: (report, before, after) => {
      if (before.description !== after.description) report('docs-changed', 'description changed');
      comparePresence(report, directions, before, after);
      compareDefault(report, directions, before, after);
      if (before.style !== after.style) report('parameter-style-changed', `style ${before.style} → ${after.style}`);
      compareTypes(report, directions, before.type, after.type, ctx);
      reportOtherChanges(report, before, after, ['name', 'type', 'required', 'default', 'style']);
    },
  });
}
