// The repo's own source files, for the tests that read the source for a rule it must keep (one home per word list,
// one module per wire style, the layers' imports).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** TypeScript and JavaScript, as src/ and scripts/ hold them. */
const SOURCE_ENDINGS = ['.ts', '.mts', '.js', '.mjs'];

/** Every file under each of `folders` whose name has one of `endings`, as the folder joined to its path. */
export async function sourceFiles(
  folders: readonly string[],
  endings: readonly string[] = SOURCE_ENDINGS,
): Promise<string[]> {
  const files: string[] = [];
  for (const folder of folders)
    for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
        files.push(join(entry.parentPath, entry.name));
  return files;
}
