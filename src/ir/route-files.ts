// Files of routes only (`routesOf: <interface file>`): an interface too large for one file spreads its
// routes over several, and their routes join the interface's as if written in its file.
import type { Diagnostic } from '../definitions/diagnostics.js';
import type { ValidatedFile } from './build.js';
import { FileContext } from './context.js';
import { camelCase, closest, compareCodePoints } from './names.js';
import type { RouteIr } from './types.js';

/** What a routes file may hold besides its routes: nothing the interface's file would not own. */
const INTERFACE_ONLY = ['interface', 'auth', 'errors', 'records', 'types'] as const;

/** The files that make output (every file without `routesOf`), and the routes files of each interface by name. */
export function partitionRouteFiles(
  files: readonly ValidatedFile[],
  diagnostics: Diagnostic[],
): { modules: ValidatedFile[]; parts: Map<string, ValidatedFile[]> } {
  const modules = files.filter(({ definition }) => definition.routesOf === undefined);
  const interfaces = modules.filter(({ definition }) => definition.interface).map(({ definition }) => definition.name);
  const parts = new Map<string, ValidatedFile[]>();
  for (const file of files) {
    const target = file.definition.routesOf;
    if (target === undefined) continue;
    const ctx = new FileContext(file.loaded, file.definition.name, new Map(), diagnostics);
    for (const key of INTERFACE_ONLY) {
      if (file.definition[key] === undefined) continue;
      const message = `${key} in a file of routes for "${target}" (expected only name, routesOf and routes: the rest belongs in ${target}'s file)`;
      ctx.report('SVC228', [key], message, true);
    }
    if (!interfaces.includes(target)) {
      const guess = closest(target, interfaces);
      const hint = guess === undefined ? '' : `; did you mean "${guess}"?`;
      const message = `routesOf "${target}" names no file with an interface (expected the name of an interface file${hint})`;
      ctx.report('SVC228', ['routesOf'], message);
      continue;
    }
    parts.set(target, [...(parts.get(target) ?? []), file]);
  }
  return { modules, parts };
}

/**
 * The routes of an interface's files as one list, sorted as one file's would be, with SVC204 at each route of a
 * later file whose name (or method name) an earlier file already has.
 */
export function joinRoutes(sources: readonly { ctx: FileContext; routes: readonly RouteIr[] }[]): RouteIr[] {
  const seen = new Map<string, { name: string; file: string }>();
  for (const { ctx, routes } of sources) {
    const here = new Map<string, { name: string; file: string }>();
    for (const { name } of routes) {
      const method = camelCase(name);
      const first = seen.get(method);
      if (first !== undefined) {
        const clash =
          first.name === name
            ? `is also defined in ${first.file}`
            : `and route "${first.name}" of ${first.file} both become the method ${method}`;
        const message = `route "${name}" ${clash} (expected route names unique across the files of one interface)`;
        ctx.report('SVC204', ['routes', name], message, true);
      }
      here.set(method, { name, file: ctx.loaded.file });
    }
    for (const [method, entry] of here) if (!seen.has(method)) seen.set(method, entry);
  }
  return sources.flatMap(({ routes }) => routes).sort((a, b) => compareCodePoints(a.name, b.name));
}
