// Bad documents: each a located one-line error (file:line:col) or a bounded run, never a crash or a hang.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/import/import.js';
import { ImportError } from '../../src/import/report.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-');
});
afterEach(async () => removeDir(dir));

/** Imports `text` as `name`; the error lines, or [] when it imported. */
async function importLines(name: string, text: string): Promise<string[]> {
  const file = join(dir, name);
  await writeFile(file, text);
  try {
    importDocument({ file, definitionsDir: join(dir, 'definitions') });
    return [];
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return [...error.lines];
  }
}

const minimal = (paths: string, components = '{}') =>
  `{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":${paths},"components":${components}}`;

describe('svcgen import refuses bad documents with one located line', () => {
  it('a truncated JSON file', async () => {
    const lines = await importLines('cut.json', '{\n  "openapi": "3.1.0",\n  "info": {"title": ');
    expect(lines).toEqual([expect.stringMatching(/cut\.json:3:\d+: not valid JSON: the JSON ends too early$/)]);
  });

  it('a truncated YAML file', async () => {
    const lines = await importLines('cut.yaml', 'openapi: 3.1.0\ninfo:\n  title: "T\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(/cut\.yaml:\d+:\d+: not valid YAML: /);
  });

  it('a $ref to nothing, at the line of the $ref', async () => {
    const text = minimal(
      '{\n"/a": {"get": {"responses": {"200": {"description": "ok",\n "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Missing"}}}}}}}}',
      '{"schemas": {}}',
    );
    const lines = await importLines('missing.json', text);
    expect(lines).toEqual([
      expect.stringMatching(
        /missing\.json:3:\d+: \$ref #\/components\/schemas\/Missing names nothing \(no "Missing" there\)$/,
      ),
    ]);
    expect(existsSync(join(dir, 'definitions'))).toBe(false);
  });

  it('a $ref cycle', async () => {
    const text = minimal(
      '{"/a": {"get": {"responses": {"200": {"$ref": "#/components/responses/A"}}}}}',
      '{"responses": {"A": {"$ref": "#/components/responses/B"}, "B": {"$ref": "#/components/responses/A"}}}',
    );
    const lines = await importLines('cycle.json', text);
    expect(lines).toEqual([
      expect.stringMatching(/cycle\.json:1:\d+: \$ref cycle: #\/components\/responses\/A leads back to itself$/),
    ]);
  });

  it('a schema that refers to itself is a record, not an endless type', async () => {
    const text = minimal(
      '{"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}}}',
      '{"schemas": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/Node"}}}}}',
    );
    expect(await importLines('tree.json', text)).toEqual([]);
  });

  it('a 50 MB document is refused by its size, unread', async () => {
    const lines = await importLines('huge.json', `{"openapi":"3.1.0","x":"${'a'.repeat(50 * 1024 * 1024)}"}`);
    expect(lines).toEqual([
      expect.stringMatching(/huge\.json: \d+ bytes, over the 32 MiB import limit; nothing was read$/),
    ]);
  });

  it('a YAML bomb (aliases of aliases) stops at the alias limit', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 10; level += 1) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`);
    }
    const lines = await importLines('bomb.yaml', `openapi: 3.1.0\n${levels.join('\n')}\n`);
    expect(lines).toEqual([expect.stringMatching(/bomb\.yaml:1:1: not read: Excessive alias count/)]);
  });

  it('a JSON file that is not an OpenAPI document', async () => {
    const lines = await importLines('package.json', '{"name": "x", "version": "1.0.0"}');
    expect(lines).toEqual([
      expect.stringMatching(/package\.json:1:1: not an OpenAPI document: no "openapi" or "swagger" member$/),
    ]);
  });

  it('an OpenAPI version it does not read', async () => {
    const lines = await importLines('v4.json', '{"openapi": "4.0.0"}');
    expect(lines).toEqual([expect.stringMatching(/v4\.json:1:1: OpenAPI version "4\.0\.0" is not supported/)]);
  });
});
