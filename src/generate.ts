// The entry points of a run, kept under this name for the modules and tests that import them: the
// flow itself reads top to bottom in pipeline.ts.
export { check, generate, type CheckResult, type GenerateResult, type RunOptions } from './pipeline.js';
