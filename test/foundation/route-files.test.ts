// One interface's routes spread over several files (`routesOf:`): the output is the one file's, `svcgen diff`
// sees no change when a route moves between the files, and a clash or a wrong `routesOf` is a located error.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree, removeDir, tempDir } from '../helpers/tree.js';
import { runCli } from '../helpers/cli.js';

const HEAD = `name: shop
interface:
  title: Shop API
  basePath: /api
  style: success-envelope
  errorStyle: success-false
records:
  product:
    fields:
      id: { type: string }
routes:
`;

const LIST = `  listProducts:
    method: GET
    path: /products
    responses:
      "200": { body: { type: list, items: { type: record, record: product } } }
`;

const GET = `  getProduct:
    method: GET
    path: /products/{id}
    pathParams:
      id: { type: string }
    responses:
      "200": { body: { type: record, record: product } }
`;

const routesFile = (name: string, target: string, routes: string) =>
  `name: ${name}\nroutesOf: ${target}\nroutes:\n${routes}`;

let work: string;
beforeAll(async () => {
  work = await tempDir('svcgen-route-files-');
});
afterAll(() => removeDir(work));

/** A definitions folder `dir` (in the work folder, where the CLI runs) holding `files` (file name → text). */
async function definitions(dir: string, files: Record<string, string>): Promise<string> {
  await mkdir(join(work, dir), { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(work, dir, name), text);
  return dir;
}

/** The output of the definitions in `dir`, generated as if they sat in `definitions/` (headers name that folder). */
async function generate(dir: string): Promise<Record<string, string>> {
  await rename(join(work, dir), join(work, 'definitions'));
  const run = await runCli(['generate', '--no-cache', '--out', `${dir}-out`], work);
  await rename(join(work, 'definitions'), join(work, dir));
  expect(run.stderr + run.stdout).not.toMatch(/SVC\d{3}/);
  expect(run.code).toBe(0);
  return hashTree(join(work, `${dir}-out`));
}

describe('routesOf', () => {
  it('generates from two files exactly what one file gives', async () => {
    await definitions('one', { 'shop.yaml': HEAD + LIST + GET });
    await definitions('two', {
      'shop.yaml': HEAD + LIST,
      'shop-routes-1.yaml': routesFile('shop-routes-1', 'shop', GET),
    });
    const [one, two] = [await generate('one'), await generate('two')];
    expect(Object.keys(one).filter((path) => path.startsWith('shop/')).length).toBeGreaterThan(3);
    expect(two).toEqual(one);
  });

  it('is no change for svcgen diff when a route moves between the files', async () => {
    await definitions('moved', {
      'shop.yaml': HEAD + GET,
      'shop-routes-1.yaml': routesFile('shop-routes-1', 'shop', LIST),
    });
    const run = await runCli(
      ['diff', '--base', join(work, 'two'), '--definitions', join(work, 'moved'), '--format', 'json'],
      work,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).changes).toEqual([]);
  });

  it('reports a route name of two files at the later one, naming both', async () => {
    const dir = await definitions('clash', {
      'shop.yaml': HEAD + LIST,
      'shop-routes-1.yaml': routesFile('shop-routes-1', 'shop', LIST.replace('/products', '/items')),
    });
    const run = await runCli(['check', '--definitions', dir, '--out', 'clash-out'], work);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${join(dir, 'shop-routes-1.yaml')}:4:3 SVC204 route "listProducts" is also defined in ${join(dir, 'shop.yaml')} (expected route names unique across the files of one interface)`,
    );
  });

  it('reports a routesOf that names no interface file, with the nearest name', async () => {
    const dir = await definitions('unknown', {
      'shop.yaml': HEAD + LIST,
      'extra.yaml': routesFile('extra', 'shpo', GET),
    });
    const run = await runCli(['check', '--definitions', dir, '--out', 'unknown-out'], work);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${join(dir, 'extra.yaml')}:2:11 SVC228 routesOf "shpo" names no file with an interface (expected the name of an interface file; did you mean "shop"?)`,
    );
  });

  it('reports a section that belongs in the interface file', async () => {
    const dir = await definitions('records', {
      'shop.yaml': HEAD + LIST,
      'extra.yaml': `${routesFile('extra', 'shop', GET)}records:\n  other:\n    fields: {}\n`,
    });
    const run = await runCli(['check', '--definitions', dir, '--out', 'records-out'], work);
    expect(run.stderr).toContain(`${join(dir, 'extra.yaml')}:11:1 SVC228 records in a file of routes for "shop"`);
  });
});
