// The one seam for everything a run remembers from earlier runs. The pipeline (src/pipeline.ts)
// takes a RunCache and uses it at three points: is the output already up to date; remembered
// definition checks, parsed chunks of large definition files and emitter parts; what to link
// rather than write, and the record of what this run made. `noCache` (--no-cache) remembers nothing and keeps nothing;
// a run with it writes byte for byte what a run with a cache writes (test/incremental/).
// Nothing under definitions/, ir/ or emitters/ imports this folder: they see narrow interfaces of
// their own (CheckMemo, ChunkStore, MemoStore), which a RunCache fills in.
import type { ChunkStore } from '../definitions/chunked-load.js';
import type { CheckMemo } from '../definitions/validate-by-entry.js';
import type { MemoStore } from './render-parts.js';
import type { RunInputs } from '../inputs.js';
import type { KnownUnchanged } from '../output/write.js';

export interface RunCache {
  /** The output folder holds what the last run made from these same inputs, untouched. */
  upToDate(inputs: RunInputs): Promise<boolean>;
  /** Definition checks' verdicts, parsed definition chunks, parts emitters print: read only by a run that builds. */
  memo(): Promise<(MemoStore & CheckMemo & ChunkStore) | undefined>;
  /** Output files known to hold a content hash without reading them (linked into the new tree). */
  readonly knownUnchanged: KnownUnchanged;
  /** Each output file's hash as the last run wrote it, to tell what this run changed. */
  lastRun(): Promise<Readonly<Record<string, string>> | undefined>;
  /** Keeps what this run used, and the files it wrote (each with its content hash), for the next run. */
  save(inputs: RunInputs, files: readonly { readonly path: string; readonly hash: string }[]): Promise<void>;
}

export const noCache: RunCache = {
  upToDate: async () => false,
  memo: async () => undefined,
  knownUnchanged: async () => false,
  lastRun: async () => undefined,
  save: async () => undefined,
};
