// The programmatic API: the same operations as the CLI, with typed options and results.
// Nothing here exits the process; failures come back as diagnostics (or a rejected promise for
// what no user input can cause). Importing this module loads neither prettier nor handlebars.
export { check, generate, type CheckResult, type GenerateResult, type RunOptions } from './pipeline.js';
export { diff, type DiffOptions, type DiffResult } from './diff/diff.js';
export { renderDiff, DIFF_FORMATS, type DiffFormat } from './diff/render.js';
export { classify, isBreaking, RULES as DIFF_RULES } from './diff/classify.js';
export type { Change, ChangeKind, ChangeLocation, DiffBase, DiffSummary, Direction, Impact } from './diff/types.js';
export { watch, type WatchEvent, type WatchOptions, type WatchTrigger, type Watcher } from './watch.js';
export { init, type InitOptions, type InitResult } from './init.js';
export { scaffold, type ModuleOutcome, type ScaffoldResult } from './scaffold/scaffold.js';
export { ensureLinguistGenerated, type GitattributesOutcome } from './output/gitattributes.js';
export { formatDiagnostic, type Diagnostic, type DiagnosticCode } from './definitions/diagnostics.js';
export type * from './ir/types.js';
