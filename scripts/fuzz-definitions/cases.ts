// Writes definition documents into mutant folders and judges them as one batch.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { judgeBatch, prepareOutput, ROOT, type BatchOptions, type Mutant, type Verdict } from './pipeline.js';

export type Documents = Readonly<Record<string, unknown>>;

/**
 * A fresh folder inside the repository (so that generated code finds node_modules). Its own
 * package.json makes it a project of its own: svcgen's search for a config stops there, so the
 * repository's svcgen.config.yaml does not apply to the definitions tried inside it.
 */
export async function workFolder(prefix: string): Promise<string> {
  await mkdir(join(ROOT, 'test'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, 'test', `.tmp-${prefix}-`));
  await writeFile(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  return dir;
}

export async function writeMutant(dir: string, documents: Documents, label: string): Promise<Mutant> {
  await mkdir(join(dir, 'definitions'), { recursive: true });
  for (const [file, document] of Object.entries(documents)) {
    await writeFile(
      join(dir, 'definitions', file),
      typeof document === 'string' ? document : stringify(document, { lineWidth: 0 }),
    );
  }
  await prepareOutput(dir);
  return { dir, label };
}

/** Judges each case in its own folder under `batchDir`. */
export async function judgeCases(
  batchDir: string,
  cases: readonly { label: string; documents: Documents }[],
  options: BatchOptions = {},
): Promise<Verdict[]> {
  const mutants: Mutant[] = [];
  for (const [index, item] of cases.entries())
    mutants.push(await writeMutant(join(batchDir, `m${index}`), item.documents, item.label));
  return judgeBatch(batchDir, mutants, options);
}

export async function removeFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
