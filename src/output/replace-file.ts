// Writes a file whole or not at all: a temporary file beside it, renamed over it, so a reader (or
// a run killed halfway) never sees half a file. Its folder is created when missing.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function replaceFile(target: string, content: string | Uint8Array): Promise<void> {
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(temporary, content);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
