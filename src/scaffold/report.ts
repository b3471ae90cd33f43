// What `svcgen scaffold` and the handler part of `svcgen check` print: one line per module, then
// one indented line per change or missing route.
import { formatDiagnostic, printablePath } from '../definitions/diagnostics.js';
import type { HandlerCoverage } from './coverage.js';
import type { ModuleOutcome } from './scaffold.js';

export function describeScaffold(modules: readonly ModuleOutcome[]): string {
  return modules
    .flatMap((module) => {
      const file = printablePath(module.file);
      if (module.status === 'created') return [`svcgen: wrote ${file} (${module.added.length} stub(s))`];
      return [
        `svcgen: ${file} ${module.status === 'updated' ? 'updated' : 'is up to date'}`,
        ...module.added.map((route) => `  added stub: ${route}`),
        ...module.renamed.map(({ from, to }) => `  renamed: ${from} -> ${to}`),
        ...module.revived.map((name) => `  route back: ${name} (its @deprecated line removed)`),
        ...module.retired.map(
          ({ name, route, newly }) =>
            `  removed route: ${name} (${route}) ${newly ? 'marked' : 'still marked'} @deprecated; ` +
            'delete it once nothing needs it',
        ),
        ...module.warnings.map((warning) => `  note: ${warning}`),
      ];
    })
    .join('\n');
}

/** Lines for check's report; none when every module has a method for every route. */
export function describeCoverage({ missing, problems }: HandlerCoverage): string[] {
  return [
    ...problems.map(formatDiagnostic),
    ...missing.flatMap(({ file, routes }) => [
      `svcgen: ${printablePath(file)} has no method for ${routes.length} route(s) (run svcgen scaffold):`,
      ...routes.map((route) => `  missing route: ${route}`),
    ]),
  ];
}
