// The tsc options the tests (and the fuzz and corpus scripts) check generated code under, from plain strict to
// the strictest team's. A test spreads one of them and adds what it alone needs.
import { join } from 'node:path';
import { ROOT } from './cli.js';

/** tsc's `strict` in an ESM package on Node, checking only (no output). */
export const ESM_STRICT = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023'],
  types: ['node'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
};

/** ESM_STRICT with the two index and optional checks most strict teams turn on. */
export const ESM_STRICT_INDEXED = {
  ...ESM_STRICT,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
};

/** The compiler options of the strictest ESM team: what the generated code must pass. */
export const STRICTEST = {
  ...ESM_STRICT_INDEXED,
  noPropertyAccessFromIndexSignature: true,
  verbatimModuleSyntax: true,
  // Node's built-in type stripping runs only erasable TypeScript (no parameter properties, enums, namespaces).
  erasableSyntaxOnly: true,
};

/** The repo's @types, for a tsconfig in a folder outside the repo (where tsc would not find @types/node). */
export const TYPE_ROOTS = [join(ROOT, 'node_modules/@types')];
