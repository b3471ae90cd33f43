// `svcgen check`'s look at the handler modules: which routes a module has no method for. It reads
// the modules with the same code as scaffold (ts-morph, so one reader decides what a module holds),
// and only when the handlers folder holds a module: a project without them loads neither ts-morph
// nor a second IR.
import { readdir, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ResolvedConfig } from '../config.js';
import type { Diagnostic } from '../definitions/diagnostics.js';
import { handlerTargets } from './targets.js';

export interface HandlerCoverage {
  /** Per module that misses routes: the routes (method name and marker). */
  readonly missing: readonly { readonly file: string; readonly routes: readonly string[] }[];
  /** Modules that cannot be read. */
  readonly problems: readonly Diagnostic[];
}

export async function handlerCoverage(config: ResolvedConfig): Promise<HandlerCoverage> {
  const names = await readdir(config.handlersDir).catch(() => [] as string[]);
  if (!names.some((name) => name.endsWith('.ts'))) return { missing: [], problems: [] };
  const targets = (await handlerTargets(config)).filter((target) => names.includes(basename(target.path)));
  if (targets.length === 0) return { missing: [], problems: [] };
  const { readHandlerModule } = await import('./handler-module.js');
  const missing: { file: string; routes: string[] }[] = [];
  const problems: Diagnostic[] = [];
  for (const target of targets) {
    const read = readHandlerModule(target.file, await readFile(target.path, 'utf8'), target.names.handlers);
    if (!read.ok) {
      problems.push(read.diagnostic);
      continue;
    }
    const present = new Set(read.module.members.map((member) => member.name));
    const routes = target.routes
      .filter((route) => !present.has(route.method))
      .map((route) => `${route.method} (${route.route})`);
    if (routes.length > 0) missing.push({ file: target.file, routes });
  }
  return { missing, problems };
}
