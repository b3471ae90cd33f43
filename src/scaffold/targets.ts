// Which handler modules there are to scaffold or check: one per interface, `<handlers>/<interface>.ts`,
// with the routes it serves and the names it uses of the generated server module. Shared by
// `svcgen scaffold` and `svcgen check`, and free of ts-morph.
import { join, relative, sep } from 'node:path';
import type { ResolvedConfig } from '../config.js';
import { collectInputs } from '../inputs.js';
import { buildIrFromInputs } from '../build-ir.js';
import { interfaceModules } from '../emitters/contract.js';
import { handlerResultShape, hasSessions } from '../emitters/server/handler-types.js';
import { symbols } from '../ir/symbols.js';
import { pascalCase } from '../ir/names.js';
import type { RouteSlot } from './plan.js';
import type { ModuleImports, ModuleNames } from './stub-text.js';

export interface HandlerTarget {
  /** The module's path, and as shown to the user. */
  readonly path: string;
  readonly file: string;
  readonly routes: readonly RouteSlot[];
  readonly names: ModuleNames;
  readonly imports: ModuleImports;
}

/** One target per interface of the definitions (throws DefinitionsError with every problem in them). */
export async function handlerTargets(config: ResolvedConfig): Promise<HandlerTarget[]> {
  return interfaceModules(await buildIrFromInputs(await collectInputs(config))).map((module) => {
    const path = join(config.handlersDir, `${module.name}.ts`);
    return {
      path,
      file: relative(config.cwd, path).split(sep).join('/'),
      routes: module.routes.map((route) => {
        const { answers } = handlerResultShape(module, route);
        return {
          method: symbols.operation(route.name),
          // The full path: two versions of a route share method and path, never the full path (SVC203).
          route: `${route.method} ${route.fullPath}`,
          ...(route.fullPath === route.path ? {} : { legacy: `${route.method} ${route.path}` }),
          summary: route.summary,
          ...(answers ? { answers } : {}),
        };
      }),
      names: {
        title: module.interface?.title ?? module.name,
        handlers: symbols.handlers(module.name),
        plugin: symbols.plugin(module.name),
        factory: `create${pascalCase(module.name)}Handlers`,
        sessions: hasSessions(module),
      },
      imports: {
        server: importPath(config, join(config.outDir, module.name, 'server.js')),
        errors: importPath(config, join(config.outDir, 'runtime', 'core', 'errors.js')),
      },
    };
  });
}

/** A path in the output folder as a handler module imports it. */
function importPath(config: ResolvedConfig, target: string): string {
  const path = relative(config.handlersDir, target).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}
