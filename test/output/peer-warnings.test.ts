// A client of GET-body routes imports undici (fetch cannot send a GET body): `generate` says so at each such route
// when the output folder cannot load undici, instead of leaving a TS2307 to tsc. Given definitions, want warnings.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generate } from '../../src/pipeline.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-peer-warnings-');
});
afterEach(async () => removeDir(dir));

const definitions = (body: string) => `name: search-api
interface: { title: Search, basePath: /v1, style: success-envelope, errorStyle: errors-array }
records:
  query:
    fields:
      text: { type: string }
routes:
  search:
    method: GET
    path: /search
${body}    responses:
      "200": { body: { type: string } }
`;

async function run(yaml: string) {
  await mkdir(join(dir, 'definitions'), { recursive: true });
  await writeFile(join(dir, 'definitions', 'search-api.yaml'), yaml);
  const result = await generate({
    definitionsDir: join(dir, 'definitions'),
    outDir: join(dir, 'generated'),
    cache: false,
    gitattributes: false,
    configFile: undefined,
  });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  return result.warnings.map((line) => line.replace(`${dir}/`, ''));
}

describe('peer dependency warnings', () => {
  it('names each GET route with a body when the output folder cannot load undici', async () => {
    const warnings = await run(definitions('    body: { type: record, record: query }\n'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^definitions\/search-api\.yaml:8:3: warning: route search sends a body on GET: its client needs undici, which .*generated cannot load \(npm install undici\)$/,
    );
  });

  it('says nothing when undici resolves from the output folder', async () => {
    const undici = join(dir, 'node_modules', 'undici');
    await mkdir(undici, { recursive: true });
    await writeFile(join(undici, 'package.json'), '{"name": "undici", "main": "index.js"}');
    await writeFile(join(undici, 'index.js'), 'module.exports = {};');
    expect(await run(definitions('    body: { type: record, record: query }\n'))).toEqual([]);
  });

  it('says nothing for an API without GET bodies', async () => {
    expect(await run(definitions(''))).toEqual([]);
  });
});
