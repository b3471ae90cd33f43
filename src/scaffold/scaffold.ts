// `svcgen scaffold`: writes the user-owned handler modules and keeps them in step with the
// definitions. A module that does not exist is written whole, one stub per route; one that exists
// is edited where scaffold wrote (plan.ts decides, edit-module.ts edits). Every module is read and
// planned before any is written, so a module scaffold cannot read leaves all of them unchanged.
// ts-morph loads on the first call (handler-module.ts), so importing svcgen's API does not load it.
import { readFile } from 'node:fs/promises';
import { relative, isAbsolute } from 'node:path';
import { resolveConfig, type ConfigOverrides, type ResolvedConfig } from '../config.js';
import { sortDiagnostics, withDiagnostics, type Diagnostic } from '../definitions/diagnostics.js';
import { displayPath } from '../definitions/sources.js';
import { replaceFile } from '../output/replace-file.js';
import type { HandlerModule } from './handler-module.js';
import { isEmptyPlan, planScaffold, type Ambiguity, type ScaffoldPlan } from './plan.js';
import { newModuleText } from './stub-text.js';
import { handlerTargets, type HandlerTarget } from './targets.js';

export interface ModuleOutcome {
  /** The module, relative to the project folder. */
  readonly file: string;
  readonly status: 'created' | 'updated' | 'unchanged';
  /** Routes (method name and marker) that got a stub. */
  readonly added: readonly string[];
  readonly renamed: readonly { readonly from: string; readonly to: string }[];
  /** Methods of removed routes (marked @deprecated), with the route each served. */
  readonly retired: readonly { readonly name: string; readonly route: string; readonly newly: boolean }[];
  readonly revived: readonly string[];
  readonly warnings: readonly string[];
}

export type ScaffoldResult =
  | { readonly ok: true; readonly modules: readonly ModuleOutcome[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export async function scaffold(options: ConfigOverrides = {}): Promise<ScaffoldResult> {
  return withDiagnostics(async (): Promise<ScaffoldResult> => {
    const config = await resolveConfig(options);
    const refused = refusal(config);
    if (refused) return { ok: false, diagnostics: [refused] };
    const targets = await handlerTargets(config);
    const { readHandlerModule } = await import('./handler-module.js');
    const { editModule } = await import('./edit-module.js');
    const planned: { target: HandlerTarget; text: string | undefined; outcome: ModuleOutcome }[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const target of targets) {
      const existing = await readFile(target.path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (existing === undefined) {
        const text = newModuleText(target.names, target.imports, target.routes);
        // A new module is the plan for a module with no members: every route added.
        planned.push({ target, text, outcome: outcome(target.file, 'created', planScaffold(target.routes, [])) });
        continue;
      }
      const read = readHandlerModule(target.file, existing, target.names.handlers);
      if (!read.ok) {
        diagnostics.push(read.diagnostic);
        continue;
      }
      const plan = planScaffold(target.routes, read.module.members);
      if (plan.ambiguous.length > 0) {
        diagnostics.push(
          ...plan.ambiguous.map((ambiguity) => ambiguityDiagnostic(target.file, read.module, ambiguity)),
        );
        continue;
      }
      const edited = editModule(read.module, plan, target.names, target.imports);
      const changed = !isEmptyPlan(plan) && edited.text !== existing;
      const status = changed ? 'updated' : 'unchanged';
      const text = changed ? edited.text : undefined;
      planned.push({ target, text, outcome: outcome(target.file, status, plan, edited.warnings) });
    }
    if (diagnostics.length > 0) return { ok: false, diagnostics: sortDiagnostics(diagnostics) };
    for (const { target, text } of planned) if (text !== undefined) await replaceFile(target.path, text);
    return { ok: true, modules: planned.map((entry) => entry.outcome) };
  });
}

/** Config under which scaffold must not write: no server to implement, or modules that generate would delete. */
function refusal(config: ResolvedConfig): Diagnostic | undefined {
  const file = config.configFile ? displayPath(config.configFile, config.cwd) : 'svcgen.config.yaml';
  const refused = (code: Diagnostic['code'], message: string) => ({ code, file, line: 1, column: 1, message });
  if (config.emitters['server'] === false)
    return refused(
      'SVC248',
      'the server emitter is off (emitters: server: false): handler modules implement the interfaces it generates',
    );
  const inside = relative(config.outDir, config.handlersDir);
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)))
    return refused(
      'SVC249',
      `the handlers folder ${displayPath(config.handlersDir, config.cwd)} is inside the output folder, where ` +
        'svcgen generate would delete the modules; set handlers: to a folder of your own',
    );
  return undefined;
}

/** Located at the tag of the first method concerned: which routes and methods share it, and how to settle it. */
function ambiguityDiagnostic(file: string, module: HandlerModule, { marker, routes, members }: Ambiguity): Diagnostic {
  const line = module.members.find((member) => member.name === members[0])?.tagLine;
  const at = line ? module.text.indexOf('@route', line.start) : 0;
  const before = module.text.slice(0, at).split('\n');
  const list = (items: readonly string[]) => items.join(' and ');
  return {
    code: 'SVC250',
    file,
    line: before.length,
    column: (before.at(-1)?.length ?? 0) + 1,
    message:
      `the tag @route ${marker} of ${list(members)} fits ` +
      `${list(routes.map((route) => `${route.method} (${route.route})`))}: svcgen scaffold does not guess which ` +
      `method serves which route; write the full tag (${list(routes.map((route) => `@route ${route.route}`))}) ` +
      "on the method that serves each route, or give each method its route's name; nothing was changed",
  };
}

function outcome(
  file: string,
  status: ModuleOutcome['status'],
  plan: ScaffoldPlan,
  warnings: readonly string[] = [],
): ModuleOutcome {
  const newly = new Set(plan.newlyRetired.map((member) => member.name));
  return {
    file,
    status,
    added: plan.added.flatMap((run) => run.routes.map((route) => `${route.method} (${route.route})`)),
    renamed: plan.renamed.map(({ from, to }) => ({ from, to: to.method })),
    retired: plan.retired.map(({ name, route }) => ({ name, route: route ?? '', newly: newly.has(name) })),
    revived: plan.revived,
    warnings,
  };
}
