// Every generated OpenAPI document passes the validators the ecosystem uses: @readme/openapi-parser
// (schema and spec rules), Redocly's linter on its recommended rules, and openapi-typescript,
// whose output must compile under strict; and none names one component twice.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { equalComponents } from '../helpers/equal-components.js';
import { removeDir, ROOT, runTsc as tsc } from '../foundation/helpers.js';
import { tempDir } from '../helpers/tree.js';

const GENERATED = join(ROOT, 'generated');

/**
 * Redocly warnings left on purpose. info-license: the definitions name no license, and the
 * generator does not invent one.
 */
const ACCEPTED_WARNINGS = new Set(['info-license']);

const documents = (await readdir(GENERATED, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory() && existsSync(join(GENERATED, entry.name, 'openapi.json')))
  .map((entry) => entry.name)
  .sort();

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map(removeDir)));

async function readDocument(module: string): Promise<{ text: string; json: unknown }> {
  const text = await readFile(join(GENERATED, module, 'openapi.json'), 'utf8');
  return { text, json: JSON.parse(text) as unknown };
}

describe('generated OpenAPI documents', () => {
  it('exist for every interface', () => {
    expect(documents).toEqual(['admin-api', 'banner-api', 'price-list-api', 'store-api']);
  });

  it.each(documents)('%s validates with @readme/openapi-parser', async (module) => {
    const { json } = await readDocument(module);
    const result = await validate(json as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
  });

  it.each(documents)('%s names each component once: no two hold equal JSON', async (module) => {
    const { json } = await readDocument(module);
    expect(equalComponents(json)).toEqual([]);
  });

  it.each(documents)('%s passes Redocly lint (recommended) without errors', async (module) => {
    const { text } = await readDocument(module);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: text,
      absoluteRef: join(GENERATED, module, 'openapi.json'),
      config,
    });
    const shown = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
    );
    expect(shown.filter((line) => line.startsWith('error'))).toEqual([]);
    // A GET body lives in x-svcgen-get-body (fetch cannot send it), which Redocly does not walk: its schema counts as
    // unused.
    const getBodyRefs = new Set(
      [...text.matchAll(/"x-svcgen-get-body": \{[^]*?"\$ref": "([^"]+)"/g)].map((match) => match[1]),
    );
    const unusedGetBody = (problem: (typeof problems)[number]) =>
      problem.ruleId === 'no-unused-components' && getBodyRefs.has(problem.location[0]?.pointer);
    expect(
      problems
        .filter((problem) => !ACCEPTED_WARNINGS.has(problem.ruleId) && !unusedGetBody(problem))
        .map((problem) => problem.ruleId),
    ).toEqual([]);
  });

  it('convert with openapi-typescript to types that compile under strict', async () => {
    const dir = await tempDir('svcgen-openapi-ts-');
    temporary.push(dir);
    for (const module of documents) {
      const { json } = await readDocument(module);
      const source = astToString(await openapiTS(json as Parameters<typeof openapiTS>[0]));
      await writeFile(join(dir, `${module}.ts`), source);
      // Use the types, so a schema that converted to `never` or failed to resolve is noticed.
      await writeFile(
        join(dir, `${module}.use.ts`),
        `import type { components, operations, paths } from './${module}.js';\n` +
          `export type Schemas = components['schemas'];\nexport type Operation = operations[keyof operations];\nexport type Path = keyof paths;\n` +
          `export const pathCount: Record<Path, true> = {} as Record<Path, true>;\n`,
      );
    }
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          noEmit: true,
          types: [],
        },
        include: ['*.ts'],
      }),
    );
    const result = await tsc(['-p', join(dir, 'tsconfig.json')]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});
