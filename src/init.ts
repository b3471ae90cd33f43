// `svcgen init`: a config file, one sample definition and the .gitattributes line, so that
// `svcgen generate` and `svcgen check` work in a repo that had no svcgen yet. Never overwrites.
import { constants, copyFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE } from './config.js';
import { ensureLinguistGenerated, type GitattributesOutcome } from './output/gitattributes.js';
import { exists } from './output/write.js';

export interface InitOptions {
  /** The folder to set up (default: the working directory). */
  readonly cwd?: string;
}

export type InitResult =
  | { readonly ok: true; readonly written: readonly string[]; readonly gitattributes: GitattributesOutcome }
  | { readonly ok: false; readonly existing: readonly string[]; readonly message: string };

export const SAMPLE_DEFINITION = 'definitions/todo-api.yaml';

/** What init writes, as svcgen's starter folder holds it: the config and the sample definition. */
const STARTER_DIR = fileURLToPath(new URL('../starter/', import.meta.url));

export async function init(options: InitOptions = {}): Promise<InitResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const files = [CONFIG_FILE, SAMPLE_DEFINITION];
  const existing: string[] = [];
  for (const file of files) if (await exists(join(cwd, file))) existing.push(file);
  if (existing.length > 0) {
    const message = `${existing.join(' and ')} already exist${existing.length === 1 ? 's' : ''}; init never overwrites a file (nothing was written)`;
    return { ok: false, existing, message };
  }
  for (const file of files) {
    const target = join(cwd, file);
    await mkdir(dirname(target), { recursive: true });
    // COPYFILE_EXCL: fail rather than overwrite a file that appeared since the check.
    await copyFile(join(STARTER_DIR, file), target, constants.COPYFILE_EXCL);
  }
  const gitattributes = await ensureLinguistGenerated(cwd, join(cwd, 'generated'));
  return { ok: true, written: files, gitattributes };
}
