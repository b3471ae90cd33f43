// Definitions → IR: parse, check against the schema, build and cross-check. Every problem of the
// run is collected and thrown together as one DefinitionsError.
import { DefinitionsError, type Diagnostic } from './definitions/diagnostics.js';
import type { ChunkStore } from './definitions/chunked-load.js';
import { parseDefinitionSources } from './definitions/load.js';
import { unusableValueDiagnostics } from './definitions/unusable-values.js';
import { checkHere, validateByEntry, type CheckMemo } from './definitions/validate-by-entry.js';
import type { RunInputs } from './inputs.js';
import { buildIr, type ValidatedFile } from './ir/build.js';
import type { Ir } from './ir/types.js';

/**
 * Definitions → IR, or every diagnostic at once. `remembered`: the checks and parsed chunks of earlier runs (none
 * without caches).
 */
export async function buildIrFromInputs(
  inputs: Pick<RunInputs, 'definitions' | 'diagnostics'>,
  remembered?: CheckMemo & ChunkStore,
): Promise<Ir> {
  const loaded = parseDefinitionSources(inputs.definitions, remembered);
  const diagnostics: Diagnostic[] = [...inputs.diagnostics, ...loaded.diagnostics];
  // Before any check: the values remembered checks are keyed by must be ones JSON can hold.
  const unusable = loaded.files.map((file) => unusableValueDiagnostics(file));
  const byEntry = await validateByEntry(
    loaded.files.map((file, index) => (unusable[index]?.length ? undefined : file.value)),
    checkHere,
    remembered,
  );
  const validated: ValidatedFile[] = [];
  for (const [index, file] of loaded.files.entries()) {
    const found = unusable[index] ?? [];
    diagnostics.push(...found);
    if (found.length > 0) continue;
    let definition = byEntry[index];
    if (!definition) {
      // A file that does not check out entry by entry: the whole-file check says where and what.
      const { validateFileSchema } = await import('./definitions/validate-schema.js');
      const result = validateFileSchema(file);
      diagnostics.push(...result.diagnostics);
      definition = result.definition;
    }
    if (definition) validated.push({ loaded: file, definition });
  }
  // Cross-file checks only make sense once every file is well-formed.
  if (diagnostics.length > 0) throw new DefinitionsError(diagnostics);
  const built = buildIr(validated);
  if (built.diagnostics.length > 0) throw new DefinitionsError(built.diagnostics);
  return built.ir;
}
