// The yaml package, loaded on first use, so a run with nothing to do never loads it.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

let yamlModule: typeof Yaml | undefined;

export function yaml(): typeof Yaml {
  return (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);
}
