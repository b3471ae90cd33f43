// svcgen.config.yaml's openapi options (issue 21 item 1): each construct with more than one
// faithful OpenAPI rendering takes the one the config names; the defaults are the tool-friendly
// forms (wire-styles.test.ts), and a wrong value is a located config error.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/index.js';
import { tempDir } from '../helpers/tree.js';

const FIXTURE = new URL('../fixtures/wire/definitions/', import.meta.url).pathname;

type Loose = Record<string, any>;

let dir: string;
beforeAll(async () => {
  dir = await tempDir('svcgen-openapi-options-');
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function documentWith(name: string, config: string): Promise<Loose> {
  const configFile = join(dir, `${name}.yaml`);
  await writeFile(configFile, config);
  const outDir = join(dir, name);
  const result = await generate({
    cwd: dir,
    configFile,
    definitionsDir: FIXTURE,
    outDir,
    gitattributes: false,
    cache: false,
  });
  expect(result.ok).toBe(true);
  return JSON.parse(await readFile(join(outDir, 'wire-api', 'openapi.json'), 'utf8')) as Loose;
}

const named = (document: Loose, name: string) =>
  (document['paths']['/calendar/rooms/{room}/events/{day}']['get']['parameters'] as Loose[]).find(
    (parameter) => parameter['name'] === name,
  );

describe('openapi options', () => {
  it('the specification-first renderings: content, requestBody, deepObject lists', async () => {
    const document = await documentWith(
      'spec',
      'openapi:\n  jsonQuery: content\n  getBody: requestBody\n  deepObjectLists: deepObject\n',
    );
    expect(named(document, 'where')).toMatchObject({ content: { 'application/json': { schema: {} } } });
    expect(named(document, 'sort')).toMatchObject({ style: 'deepObject', schema: { type: 'array' } });
    expect(named(document, 'sort[0][field]')).toBeUndefined();
    const search = document['paths']['/calendar/search']['get'] as Loose;
    expect(search['requestBody']).toMatchObject({ content: { 'application/json': {} } });
    expect(search['x-svcgen-get-body']).toBeUndefined();
  });

  it('indexedEntries sets how many entries the indexed names cover', async () => {
    const document = await documentWith('two', 'openapi:\n  indexedEntries: 2\n');
    expect(named(document, 'sort[1][order]')).toBeDefined();
    expect(named(document, 'sort[2][order]')).toBeUndefined();
  });

  it('a value the option does not take is a located config error', async () => {
    const configFile = join(dir, 'bad.yaml');
    await writeFile(configFile, 'openapi:\n  getBody: body\n');
    const failed = await generate({
      cwd: dir,
      configFile,
      definitionsDir: FIXTURE,
      outDir: join(dir, 'bad'),
      gitattributes: false,
      cache: false,
    });
    if (failed.ok) throw new Error('expected the config to be refused');
    const [diagnostic] = failed.diagnostics;
    expect(diagnostic).toMatchObject({ code: 'SVC301', line: 2 });
    expect(diagnostic?.message).toContain('openapi.getBody');
  });
});
