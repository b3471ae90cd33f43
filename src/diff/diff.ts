// `svcgen diff`: the IR of the base definitions against the IR of the working tree's.
import { resolveConfig, type ConfigOverrides } from '../config.js';
import { DefinitionsError, sortDiagnostics, type Diagnostic } from '../definitions/diagnostics.js';
import { readDefinitionSources } from '../definitions/sources.js';
import { buildIrFromInputs } from '../build-ir.js';
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
  const config = await caught(resolveConfig(options), DefinitionsError);
  if (config instanceof DefinitionsError)
    return failure('invalid-definitions', 'the config file is invalid', config.diagnostics);
  const { sources: definitions, diagnostics } = await readDefinitionSources(config.definitionsDir, cwd);
  const headIr = await caught(buildIrFromInputs({ definitions, diagnostics }), DefinitionsError);
  if (headIr instanceof DefinitionsError)
    return failure('invalid-definitions', "the working tree's definitions are invalid", headIr.diagnostics);
  const base = await caught(readBaseSources(options.base, config.definitionsDir, cwd), BaseNotFoundError);
  if (base instanceof BaseNotFoundError) return failure('base-not-found', base.message, []);
  const baseIr = await caught(buildIrFromInputs(base), DefinitionsError);
  if (baseIr instanceof DefinitionsError)
    return failure('invalid-base', `the base definitions (${base.base.label}) are invalid`, baseIr.diagnostics);
  const changes = compareIr(baseIr, headIr);
  return { ok: true, base: base.base, changes, summary: summarize(changes) };
}

/** What `promise` resolves to, or the error it rejects with when that is a `type` (any other is thrown). */
async function caught<T, E extends Error>(promise: Promise<T>, type: new (...args: never[]) => E): Promise<T | E> {
  return promise.catch((error: unknown) => {
    if (error instanceof type) return error;
    throw error;
  });
}

function failure(reason: Failure['reason'], message: string, diagnostics: readonly Diagnostic[]): Failure {
  return { ok: false, reason, message, diagnostics: sortDiagnostics(diagnostics) };
}
