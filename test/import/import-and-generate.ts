// A document imported into <dir>/definitions and generated into <dir>/generated, as a team runs
// `svcgen import` then `svcgen generate`: the import's result and the generate run's diagnostics.
import { join } from 'node:path';
import { importDocument } from '../../src/import/import.js';
import { generate } from '../../src/pipeline.js';

export async function importAndGenerate(dir: string, file: string, name?: string) {
  const result = importDocument({ file, definitionsDir: join(dir, 'definitions'), ...(name ? { name } : {}) });
  const generated = await generate({
    definitionsDir: join(dir, 'definitions'),
    outDir: join(dir, 'generated'),
    cache: false,
    gitattributes: false,
    configFile: undefined,
  });
  const diagnostics = generated.ok ? [] : generated.diagnostics.map((d) => `${d.code} ${d.message}`);
  return { result, diagnostics };
}
