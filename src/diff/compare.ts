// Base IR vs working-tree IR → every change, classified for clients and servers.
import type { Ir, ModuleIr } from '../ir/types.js';
import { CompareContext, unionNames } from './context.js';
import { compareAuthSchemes } from './compare-auth.js';
import { compareInterface } from './compare-interface.js';
import { compareNamedTypes } from './compare-named-types.js';
import { compareRecords } from './compare-records.js';
import { compareRoutes } from './compare-routes.js';
import { isBreaking } from './classify.js';
import type { Change, DiffSummary } from './types.js';

export function compareIr(base: Ir, head: Ir): Change[] {
  const ctx = new CompareContext(base, head);
  compareRecords(ctx);
  for (const name of unionNames(base.modules.map(moduleName), head.modules.map(moduleName))) {
    const before = base.modules.find((module) => module.name === name);
    const after = head.modules.find((module) => module.name === name);
    compareInterface(ctx, before, after);
    compareNamedTypes(ctx, before, after);
    compareAuthSchemes(ctx, before, after);
    compareRoutes(ctx, before, after);
  }
  return ctx.sorted();
}

const moduleName = (module: ModuleIr): string => module.name;

export function summarize(changes: readonly Change[]): DiffSummary {
  return {
    changes: changes.length,
    breakingForClients: changes.filter((change) => change.client === 'breaking').length,
    breakingForServers: changes.filter((change) => change.server === 'breaking').length,
    breaking: changes.filter(isBreaking).length,
  };
}
