// `svcgen diff`: the IR of the base definitions against the IR of the working tree's.
import { resolveConfig, type ConfigOverrides } from '../config.js';
import { DefinitionsError, sortDiagnostics, type Diagnostic } from '../definitions/diagnostics.js';
import { readDefinitionSources, type DefinitionSource } from '../definitions/sources.js';
import { buildIrFromInputs } from '../build-ir.js';
import type { Ir } from '../ir/types.js';
import { BaseNotFoundError, readBaseSources } from './base.js';
import { compareIr, summarize } from './compare.js';
import type { Change, DiffBase, DiffSummary } from './types.js';

export interface DiffOptions extends ConfigOverrides {
  /** A folder of definitions, or a git ref (branch, tag, commit) whose definitions folder is the base. */
  readonly base: string;
}

export type DiffResult =
  | { readonly ok: true; readonly base: DiffBase; readonly changes: readonly Change[]; readonly summary: DiffSummary }
  | {
      readonly ok: false;
      /**
       * base-not-found: no such folder or ref; invalid-base / invalid-definitions: the base's or the working tree's
       * definitions do not build.
       */
      readonly reason: 'base-not-found' | 'invalid-base' | 'invalid-definitions';
      readonly message: string;
      readonly diagnostics: readonly Diagnostic[];
    };

type Failure = Extract<DiffResult, { ok: false }>;

export async function diff(options: DiffOptions): Promise<DiffResult> {
  const cwd = options.cwd ?? process.cwd();
  let definitionsDir: string;
  try {
    definitionsDir = (await resolveConfig(options)).definitionsDir;
  } catch (error) {
    if (error instanceof DefinitionsError)
      return failure('invalid-definitions', 'the config file is invalid', error.diagnostics);
    throw error;
  }
  const head = await readDefinitionSources(definitionsDir, cwd);
  const headIr = await buildOrFail(head.sources, head.diagnostics);
  if (!('modules' in headIr))
    return failure('invalid-definitions', "the working tree's definitions are invalid", headIr.diagnostics);
  let base: Awaited<ReturnType<typeof readBaseSources>>;
  try {
    base = await readBaseSources(options.base, definitionsDir, cwd);
  } catch (error) {
    if (error instanceof BaseNotFoundError) return failure('base-not-found', error.message, []);
    throw error;
  }
  const baseIr = await buildOrFail(base.sources, base.diagnostics);
  if (!('modules' in baseIr))
    return failure('invalid-base', `the base definitions (${base.base.label}) are invalid`, baseIr.diagnostics);
  const changes = compareIr(baseIr, headIr);
  return { ok: true, base: base.base, changes, summary: summarize(changes) };
}

async function buildOrFail(
  definitions: readonly DefinitionSource[],
  diagnostics: readonly Diagnostic[],
): Promise<Ir | { diagnostics: readonly Diagnostic[] }> {
  try {
    return await buildIrFromInputs({ definitions, diagnostics });
  } catch (error) {
    if (error instanceof DefinitionsError) return { diagnostics: error.diagnostics };
    throw error;
  }
}

function failure(reason: Failure['reason'], message: string, diagnostics: readonly Diagnostic[]): Failure {
  return { ok: false, reason, message, diagnostics: sortDiagnostics(diagnostics) };
}
