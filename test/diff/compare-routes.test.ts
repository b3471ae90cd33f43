// How svcgen diff reads a route's path (src/diff/compare-routes.ts): given a base and a head path template, the
// changes wanted. A placeholder renamed, the text around it kept, is the same wire (the server's handler and the
// client's callers read the value under the new name); text changed beside a placeholder is another path.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diff } from '../../src/diff/diff.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let root: string;
beforeAll(async () => {
  root = await tempDir('svcgen-diff-paths-');
});
afterAll(async () => removeDir(root));

function definition(path: string): string {
  const names = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
  return `name: vault-api
interface: { title: Vault API, basePath: /vault, style: api-alias, errorStyle: errors-array }
routes:
  getCall:
    method: GET
    path: ${path}
    pathParams: { ${names.map((name) => `${name}: { type: string }`).join(', ')} }
    responses: { "200": { body: { type: string } } }
`;
}

async function changes(index: number, base: string, head: string) {
  const dir = join(root, String(index));
  for (const [side, path] of [
    ['base', base],
    ['head', head],
  ] as const) {
    await mkdir(join(dir, side), { recursive: true });
    await writeFile(join(dir, side, 'vault-api.yaml'), definition(path));
  }
  const result = await diff({ base: join(dir, 'base'), definitionsDir: join(dir, 'head'), cwd: dir });
  if (!result.ok) throw new Error(result.message);
  return result.changes.map(({ kind, client, server, description }) => ({ kind, client, server, description }));
}

const CASES = [
  {
    given: ['/calls/{sid}.json', '/calls/{callSid}.json'],
    want: [
      {
        kind: 'path-placeholder-renamed',
        client: 'non-breaking',
        server: 'breaking',
        description: expect.stringContaining('placeholder {sid} → {callSid}'),
      },
    ],
  },
  {
    given: ['/files/{name}.{ext}', '/files/{name}.{format}'],
    want: [expect.objectContaining({ kind: 'path-placeholder-renamed', client: 'non-breaking' })],
  },
  {
    given: ['/calls/{sid}.json', '/calls/{sid}.xml'],
    want: [{ kind: 'path-changed', client: 'breaking', server: 'non-breaking', description: expect.any(String) }],
  },
  {
    given: ['/calls/{sid}', '/calls/{sid}.json'],
    want: [expect.objectContaining({ kind: 'path-changed', client: 'breaking' })],
  },
  { given: ['/calls/{sid}.json', '/calls/{sid}.json'], want: [] },
];

describe('svcgen diff on path templates', () => {
  it.each(CASES.map((entry, index) => ({ ...entry, index })))('$given.0 → $given.1', async ({ given, want, index }) => {
    expect(await changes(index, given[0]!, given[1]!)).toEqual(want);
  });
});
