// The programmatic API: the same operations as the CLI, with typed options and results.
// Nothing here exits the process; failures come back as diagnostics.
export { check, generate, type CheckResult, type GenerateResult, type RunOptions } from './generate.js';
export { formatDiagnostic, type Diagnostic, type DiagnosticCode } from './definitions/diagnostics.js';
export type * from './ir/types.js';
