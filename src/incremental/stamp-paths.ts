// Every path whose state decided a `generate` run's outcome, for its no-op stamp (noop-stamp.ts).
// A path left out here would let a change to it go unseen, so when in doubt a path is listed.
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_FILE, DEFAULT_DEFINITIONS, PROJECT_MARKERS, type ResolvedConfig } from '../config.js';
import { RUNTIME_DIR, TEMPLATES_DIR } from '../inputs.js';
import { MANIFEST_FILE } from '../output/manifest.js';
import { retiredOf, stagingOf } from '../output/write.js';
import { generatorCodePaths } from '../version.js';
import type { StampedPaths } from './noop-stamp.js';

/**
 * The paths of a run from `workingDir` with `config`, into `outDir` (the folder really written),
 * whose output folder holds `outputs` (paths relative to it).
 */
export function stampedPaths(
  workingDir: string,
  config: ResolvedConfig,
  outDir: string,
  outputs: readonly string[],
): StampedPaths {
  const inputs = [
    ...generatorCodePaths(),
    ...folderAndFiles(config.definitionsDir, /\.ya?ml$/),
    ...folderAndFiles(RUNTIME_DIR, /\.ts$/, true),
    ...folderAndFiles(TEMPLATES_DIR, /\.hbs$/),
  ];
  const probes = [...projectProbes(workingDir), retiredOf(outDir), stagingOf(outDir)];
  if (config.configFile) inputs.push(config.configFile);
  if (config.templatesDir) {
    const own = folderAndFiles(config.templatesDir, /\.hbs$/);
    if (own.length > 0) inputs.push(...own);
    else probes.push(config.templatesDir);
  }
  return {
    inputs,
    probes,
    outputs: [MANIFEST_FILE, ...outputs].map((path) => join(config.outDir, path)),
  };
}

/** What the project search (config.ts's findProject) looks for, in the working folder and every one above it. */
function projectProbes(workingDir: string): string[] {
  const probes: string[] = [];
  for (let dir = resolve(workingDir); ; dir = dirname(dir)) {
    for (const name of [CONFIG_FILE, DEFAULT_DEFINITIONS, ...PROJECT_MARKERS]) probes.push(join(dir, name));
    if (dirname(dir) === dir) return probes;
  }
}

/**
 * `dir` and its entries named like `pattern`, and with `nested` its folders and theirs (the runtime's
 * "server/server.ts": a file added to a folder changes that folder's stat, not its parent's). None when it
 * cannot be listed: the folder then counts as missing.
 */
export function folderAndFiles(dir: string, pattern: RegExp, nested = false): string[] {
  try {
    const entries = readdirSync(dir, { withFileTypes: true, recursive: nested });
    const paths = entries
      .filter((entry) => (entry.isDirectory() ? nested : pattern.test(entry.name)))
      .map((entry) => join(entry.parentPath, entry.name));
    return [dir, ...paths.sort()];
  } catch {
    return [];
  }
}
