// An import whose routes alone pass the definitions size limit (SVC003): records and then routes move to files
// of their own (`routesOf:` for routes), every file stays under the limit, and the definitions generate one
// interface with every route.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/definitions/limits.js';
import { runCli } from '../helpers/cli.js';
import { removeDir, tempDir } from '../helpers/tree.js';

const OPERATIONS = 120;
/** Long enough that the operations' descriptions alone are about one limit (4 MiB) in all. */
const DESCRIPTION = 'Returns the item. '.repeat(Math.ceil(MAX_FILE_BYTES / OPERATIONS / 18));

/** An OpenAPI document of OPERATIONS operations that share one schema. */
function largeDocument(): object {
  const paths: Record<string, object> = {};
  for (let index = 0; index < OPERATIONS; index += 1)
    paths[`/items${index}/{id}`] = {
      get: {
        operationId: `getItem${index}`,
        description: DESCRIPTION,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'the item',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
    };
  const Item = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
  return { openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths, components: { schemas: { Item } } };
}

let dir: string;
beforeAll(async () => {
  dir = await tempDir('svcgen-large-import-');
});
afterAll(() => removeDir(dir));

describe('an import larger than one file', () => {
  it('moves routes to routesOf files that generate one interface', async () => {
    await writeFile(join(dir, 'large.json'), JSON.stringify(largeDocument()));
    const imported = await runCli(['import', 'large.json'], dir);
    expect(imported.code).toBe(0);
    const files = (await readdir(join(dir, 'definitions'))).sort();
    expect(files).toEqual(['large-records-1.yaml', 'large-routes-1.yaml', 'large-routes-2.yaml', 'large.yaml']);
    for (const file of files) expect((await stat(join(dir, 'definitions', file))).size).toBeLessThan(MAX_FILE_BYTES);
    expect(await readFile(join(dir, 'definitions', 'large.yaml'), 'utf8')).not.toMatch(/^routes:/m);
    const routes = await readFile(join(dir, 'definitions', 'large-routes-2.yaml'), 'utf8');
    expect(routes).toMatch(/^routesOf: large$/m);
    expect(routes.match(/record: [\w.-]+/)?.[0]).toBe('record: large-records-1.Item');
    const generated = await runCli(['generate', '--no-cache'], dir);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    // A records file is a module of its own; a routes file is part of its interface's.
    expect((await readdir(join(dir, 'generated'))).sort()).toEqual([
      '.svcgen-manifest',
      'large',
      'large-records-1',
      'runtime',
    ]);
    const openapi = JSON.parse(await readFile(join(dir, 'generated', 'large', 'openapi.json'), 'utf8'));
    expect(Object.keys(openapi.paths)).toHaveLength(OPERATIONS);
  }, 300_000);
});
