// Definitions → IR: parse, check against the schema, build and cross-check. Every problem of the
// run is collected and thrown together as one DefinitionsError.
import { DefinitionsError, type Diagnostic } from './definitions/diagnostics.js';
import { parseDefinitionSources, type LoadOptions } from './definitions/load.js';
import { validateFileSchema } from './definitions/validate-schema.js';
import type { RunInputs } from './inputs.js';
import { buildIr, type ValidatedFile } from './ir/build.js';
import type { Ir } from './ir/types.js';

export interface BuildIrOptions extends LoadOptions {
  /** Sees the IR before the checks across it, which may still throw (see buildIr). */
  readonly onBuilt?: (ir: Ir) => void;
}

/** Definitions → IR, or every diagnostic at once. `options.cacheDir` caches parsed definition chunks. */
export function buildIrFromInputs(inputs: Pick<RunInputs, 'definitions' | 'diagnostics'>, options: BuildIrOptions = {}): Ir {
  const { onBuilt, ...loadOptions } = options;
  const loaded = parseDefinitionSources(inputs.definitions, loadOptions);
  const diagnostics: Diagnostic[] = [...inputs.diagnostics, ...loaded.diagnostics];
  const validated: ValidatedFile[] = [];
  for (const file of loaded.files) {
    const result = validateFileSchema(file);
    diagnostics.push(...result.diagnostics);
    if (result.definition) validated.push({ loaded: file, definition: result.definition });
  }
  // Cross-file checks only make sense once every file is well-formed.
  if (diagnostics.length > 0) throw new DefinitionsError(diagnostics);
  const built = buildIr(validated, onBuilt);
  if (built.diagnostics.length > 0) throw new DefinitionsError(built.diagnostics);
  return built.ir;
}
