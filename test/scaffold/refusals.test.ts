// Config under which svcgen scaffold writes nothing: no server emitter, or a handlers folder that
// generate would delete.
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { scaffold } from '../../src/index.js';
import { removeDir, ROOT, tempDir } from '../workflow/helpers.js';

let project: string;

beforeEach(async () => {
  project = await tempDir('svcgen-refusal-');
  await cp(join(ROOT, 'test/fixtures/library/definitions'), join(project, 'definitions'), { recursive: true });
  await mkdir(join(project, '.git'));
});

afterEach(async () => {
  await removeDir(project);
});

it.each([
  ['emitters:\n  server: false\n', 'SVC248', 'the server emitter is off'],
  ['output: out\nhandlers: out/handlers\n', 'SVC249', 'the handlers folder out/handlers is inside the output folder'],
])('%j is refused (%s), writing nothing', async (config, code, message) => {
  await writeFile(join(project, 'svcgen.config.yaml'), config);
  const result = await scaffold({ cwd: project });
  expect(result).toEqual({
    ok: false,
    diagnostics: [{ code, file: 'svcgen.config.yaml', line: 1, column: 1, message: expect.stringContaining(message) }],
  });
  expect((await readdir(project)).sort()).toEqual(['.git', 'definitions', 'svcgen.config.yaml']);
});

it('invalid definitions are reported, located, and no module is written', async () => {
  await writeFile(
    join(project, 'definitions', 'broken.yaml'),
    'name: broken\nrecords:\n  thing:\n    fields:\n      id: { type: integr }\n',
  );
  const result = await scaffold({ cwd: project });
  expect(result).toMatchObject({
    ok: false,
    diagnostics: [{ code: 'SVC104', file: 'definitions/broken.yaml', line: 5 }],
  });
  expect((await readdir(project)).sort()).toEqual(['.git', 'definitions']);
});
