// svcgen scaffold with two versions of one route (same method and path, versions v1 and v2): the
// @route tags carry the full path, so renaming both routes in one change keeps each body with its
// own route; a module still tagged in the older form (path only, which both versions share) is
// refused when the tag fits both, naming both routes, and nothing is written; where the older tag
// fits one route it is read and rewritten in the full form.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../workflow/helpers.js';

const definition = (v1: string, v2: string) => `name: price-api
interface:
  title: Price API
  basePath: /prices
  style: api-alias
  errorStyle: errors-array
routes:
  ${v1}:
    method: GET
    path: /price
    version: v1
    responses:
      "200":
        body: { type: integer }
  ${v2}:
    method: GET
    path: /price
    version: v2
    responses:
      "200":
        body: { type: string }
`;

const MODULE = 'src/handlers/price-api.ts';
const V1_BODY = 'return 100; // v1: cents';
const V2_BODY = "return '1.00'; // v2: text";

let project: string;

beforeEach(async () => {
  project = await tempDir('svcgen-versioned-');
  await mkdir(join(project, 'definitions'));
  await mkdir(join(project, '.git'));
  await writeFile(join(project, 'definitions', 'price-api.yaml'), definition('getPrice', 'getPriceV2'));
  const scaffolded = await runCli(['scaffold'], project);
  expect(scaffolded.code, scaffolded.stderr).toBe(0);
  const module = await readFile(join(project, MODULE), 'utf8');
  expect(module).toContain('@route GET /prices/v1/price\n');
  expect(module).toContain('@route GET /prices/v2/price\n');
  // The hand-written bodies, in place of the stubs.
  await writeFile(
    join(project, MODULE),
    module
      .replace("throw new NotImplemented('getPrice');", V1_BODY)
      .replace("throw new NotImplemented('getPriceV2');", V2_BODY),
  );
});

afterEach(async () => {
  await removeDir(project);
});

/** Rewrites the module's tags in the form older svcgen wrote (no base path, no version): the text written. */
async function olderTags(): Promise<string> {
  const older = (await readFile(join(project, MODULE), 'utf8')).replaceAll(
    /@route GET \/prices\/v[12]/g,
    '@route GET ',
  );
  await writeFile(join(project, MODULE), older);
  return older;
}

/** The body of the method `name` in the module text. */
function bodyOf(module: string, name: string): string | undefined {
  return new RegExp(`async ${name}\\(\\) \\{\\n\\s*(.*)\\n`).exec(module)?.[1];
}

it('keeps each body with its own route when both versions are renamed in one change', async () => {
  await writeFile(join(project, 'definitions', 'price-api.yaml'), definition('fetchPrice', 'fetchPriceV2'));
  const result = await runCli(['scaffold'], project);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('renamed: getPrice -> fetchPrice');
  expect(result.stdout).toContain('renamed: getPriceV2 -> fetchPriceV2');
  const module = await readFile(join(project, MODULE), 'utf8');
  expect(bodyOf(module, 'fetchPrice')).toBe(V1_BODY);
  expect(bodyOf(module, 'fetchPriceV2')).toBe(V2_BODY);
  expect(module).toMatch(/@route GET \/prices\/v1\/price\n\s*\*\/\n\s*async fetchPrice\(\)/);
  expect(module).toMatch(/@route GET \/prices\/v2\/price\n\s*\*\/\n\s*async fetchPriceV2\(\)/);
});

it('keeps them apart whatever the order of the methods in the module', async () => {
  const module = await readFile(join(project, MODULE), 'utf8');
  const [head, rest] = module.split('  return {\n') as [string, string];
  const members = rest.split(/(?<=\n {4}\},\n)/);
  // v2's method first, then v1's: the order in which an older scaffold gave each route the other's body.
  await writeFile(join(project, MODULE), `${head}  return {\n${members[1]}${members[0]}${members.slice(2).join('')}`);
  await writeFile(join(project, 'definitions', 'price-api.yaml'), definition('fetchPrice', 'fetchPriceV2'));
  expect((await runCli(['scaffold'], project)).code).toBe(0);
  const renamed = await readFile(join(project, MODULE), 'utf8');
  expect(bodyOf(renamed, 'fetchPrice')).toBe(V1_BODY);
  expect(bodyOf(renamed, 'fetchPriceV2')).toBe(V2_BODY);
});

it('refuses, naming both routes, when an older tag fits both renamed versions, and writes nothing', async () => {
  const older = await olderTags();
  await writeFile(join(project, 'definitions', 'price-api.yaml'), definition('fetchPrice', 'fetchPriceV2'));
  const result = await runCli(['scaffold'], project);
  expect(result.code).toBe(1);
  const lines = older.split('\n');
  const line = lines.findIndex((text) => text.includes('@route GET /price')) + 1;
  const column = (lines[line - 1] as string).indexOf('@route') + 1;
  expect(result.stderr).toContain(
    `${MODULE}:${line}:${column} SVC250 the tag @route GET /price of getPrice and getPriceV2 fits ` +
      'fetchPrice (GET /prices/v1/price) and fetchPriceV2 (GET /prices/v2/price)',
  );
  expect(result.stderr).toContain('nothing was changed');
  expect(await readFile(join(project, MODULE), 'utf8')).toBe(older);
});

it('reads an older tag that fits one route, and rewrites it in the full form', async () => {
  await olderTags();
  // Only v1 renamed: getPriceV2 keeps its name, so the older tag of getPrice fits one route alone.
  await writeFile(join(project, 'definitions', 'price-api.yaml'), definition('fetchPrice', 'getPriceV2'));
  const result = await runCli(['scaffold'], project);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('renamed: getPrice -> fetchPrice');
  const module = await readFile(join(project, MODULE), 'utf8');
  expect(bodyOf(module, 'fetchPrice')).toBe(V1_BODY);
  expect(bodyOf(module, 'getPriceV2')).toBe(V2_BODY);
  expect(module).toContain('@route GET /prices/v1/price\n');
  expect(module).toContain('@route GET /prices/v2/price\n');
  expect(module).not.toContain('@route GET /price\n');
  expect((await runCli(['check'], project)).stderr).not.toContain('missing route');
});
