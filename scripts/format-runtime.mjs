// Formats svcgen's hand-written runtime (src/runtime/) with the generator's own prettier options:
// the runtime is copied into every output verbatim, so it must already be in that form.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { PRETTIER_OPTIONS } from '../dist/emitters/shared/format-options.js';

const dir = new URL('../src/runtime/', import.meta.url).pathname;
for (const name of (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.ts')).sort()) {
  const path = join(dir, name);
  const text = await readFile(path, 'utf8');
  const formatted = await prettier.format(text, { ...PRETTIER_OPTIONS, filepath: path });
  if (formatted !== text) {
    await writeFile(path, formatted);
    console.log(`formatted src/runtime/${name}`);
  }
}
