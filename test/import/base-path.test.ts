// The base path: a server's path with its variables' defaults, versions such as /v1.56, and an approximated
// one counted against every operation.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/import/import.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-base-');
});
afterEach(async () => removeDir(dir));

describe('import: base path', () => {
  async function basePath(servers: string, version = '3.0.3') {
    const path = join(dir, 'servers.yaml');
    await writeFile(
      path,
      `${version.startsWith('2') ? `swagger: '2.0'` : `openapi: ${version}`}\ninfo: { title: Servers, version: '1' }\n${servers}\n` +
        `paths:\n  /ping:\n    get:\n      responses: { '200': { description: ok } }\n`,
    );
    const result = importDocument({
      file: path,
      definitionsDir: join(dir, 'definitions'),
      name: 'servers',
      force: true,
    });
    const definitions = parse(await readFile(result.path, 'utf8'));
    return { basePath: definitions.interface.basePath, lines: result.lines.map((l) => l.replace(`${path}:`, '')) };
  }

  it('reads a server variable in the path as its default', async () => {
    const { basePath: path, lines } = await basePath(
      `servers: [{ url: 'https://{name}.example.com/{basePath}', variables: { name: { default: demo }, basePath: { default: v2 } } }]`,
    );
    expect(path).toBe('/v2');
    expect(lines).toEqual(['imported: 1 of 1 operations exactly, 0 approximated, 0 dropped']);
  });

  it('keeps a versioned base path with a dot (Docker /v1.56, Mailchimp /3.0)', async () => {
    expect((await basePath(`basePath: /v1.56`, '2.0')).basePath).toBe('/v1.56');
    expect((await basePath(`servers: [{ url: 'https://server.api.mailchimp.com/3.0' }]`)).basePath).toBe('/3.0');
  });

  it('counts every operation approximated when the base path is', async () => {
    const { basePath: path, lines } = await basePath(`servers: [{ url: 'https://api.example.com/a b' }]`);
    expect(path).toBe('/');
    expect(lines).toEqual([
      '3:13: approximated: base path /a b: not a plain path, routes are served under /',
      'imported: 0 of 1 operations exactly, 1 approximated, 0 dropped',
    ]);
  });
});
