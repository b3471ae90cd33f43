// The `runtime` emitter: svcgen's hand-written support code (src/runtime/), copied verbatim
// into the output so generated code has no dependency on svcgen itself.
import type { Emitter } from '../contract.js';

/** Support code that generated servers and clients import. */
export const runtimeEmitter: Emitter = ({ runtimeFiles }) =>
  // Copied as written: the sources are kept in prettier's form (a test checks), so no formatter run.
  runtimeFiles.map((file) => ({
    path: `runtime/${file.name}`,
    content: file.content,
    source: undefined,
    format: false,
  }));
