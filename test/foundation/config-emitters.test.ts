// svcgen.config.yaml's emitters: a name the registry does not know is an error at its key, with
// the closest known name, instead of a switch that silently turns nothing off.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { DefinitionsError, formatDiagnostic } from '../../src/definitions/diagnostics.js';
import { tempDir } from '../helpers/tree.js';

const temporary: string[] = [];
afterAll(async () => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

async function configErrors(text: string): Promise<string[]> {
  const dir = await tempDir('svcgen-config-');
  temporary.push(dir);
  await writeFile(join(dir, 'svcgen.config.yaml'), text);
  try {
    await resolveConfig({ cwd: dir });
    return [];
  } catch (error) {
    if (error instanceof DefinitionsError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
}

describe('config emitters', () => {
  it.each([
    { given: 'emitters:\n  docs: false\n  client: true\n', want: [] },
    {
      given: 'output: out\nemitters:\n  docs: false\n  cleint: false\n',
      want: [
        'svcgen.config.yaml:4:3 SVC301 unknown emitter "cleint" (did you mean "client"? expected one of: ' +
          'runtime, types, zod, metadata, server, client, openapi, docs, react-query, msw)',
      ],
    },
    {
      given: 'emitters: { graphql: false }\n',
      want: [
        'svcgen.config.yaml:1:13 SVC301 unknown emitter "graphql" (expected one of: ' +
          'runtime, types, zod, metadata, server, client, openapi, docs, react-query, msw)',
      ],
    },
  ])('$given', async ({ given, want }) => {
    expect(await configErrors(given)).toEqual(want);
  });
});
