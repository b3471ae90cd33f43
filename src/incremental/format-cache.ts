// Prettier's results on disk (src/output/format.ts), a file per input under the cache folder,
// each sealed with a digest of its text (sealed.ts): a damaged entry is discarded, never used.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FormatCache } from '../output/format.js';
import { withOpenFile } from '../output/open-limit.js';
import { replaceFile } from '../output/replace-file.js';
import { seal, unseal } from '../output/sealed.js';

export function formatCacheIn(dir: string): FormatCache {
  const fileOf = (key: string) => join(dir, key.slice(0, 2), key);
  return {
    get: async (key) => {
      try {
        return unseal(await withOpenFile(() => readFile(fileOf(key), 'utf8')));
      } catch {
        return undefined;
      }
    },
    set: async (key, content) => {
      try {
        await withOpenFile(() => replaceFile(fileOf(key), seal(content)));
      } catch {
        // A cache that cannot be written only costs speed.
      }
    },
  };
}
