// svcgen import on small documents: what each construct becomes, the report, --strict, --force and determinism.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/import/import.js';
import { ImportError } from '../../src/import/report.js';
import { INTEGER_FORMATS, STRING_FORMATS, stringFormat } from '../../src/ir/formats.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-');
});
afterEach(async () => removeDir(dir));

const DOCUMENT = `openapi: 3.0.3
info: { title: Pet Shop, version: '1' }
servers: [{ url: 'https://api.example.com/v1' }]
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer, format: int64, exclusiveMinimum: true, minimum: 0 }
        name: { type: string, maxLength: 40 }
        tag: { type: string, nullable: true }
        born: { type: string, format: date }
        owner:
          type: object
          properties:
            email: { type: string, format: email }
        kind:
          oneOf: [{ type: string }, { type: integer }]
        weight: { type: number, multipleOf: 0.5 }
security: [{ key: [] }]
paths:
  /pets/{petId}:
    parameters:
      - { name: petId, in: path, required: true, schema: { type: integer } }
    get:
      operationId: get-pet
      parameters:
        - { name: fields, in: query, schema: { type: array, items: { type: string } } }
      responses:
        '200':
          description: The pet.
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
        '404':
          description: No such pet.
          content: { application/json: { schema: { type: object, properties: { message: { type: string } } } } }
    trace:
      responses: { '200': { description: ok } }
`;

async function run(extra: { strict?: boolean; force?: boolean } = {}) {
  const file = join(dir, 'pets.yaml');
  await writeFile(file, DOCUMENT);
  return importDocument({ file, definitionsDir: join(dir, 'definitions'), ...extra });
}

describe('svcgen import', () => {
  it('writes records, routes, parameters, answers and auth from the document', async () => {
    const result = await run();
    const definitions = parse(await readFile(result.path, 'utf8'));
    expect(result.path).toBe(join(dir, 'definitions', 'pet-shop.yaml'));
    expect(definitions.interface).toMatchObject({ title: 'Pet Shop', basePath: '/v1' });
    expect(definitions.auth).toEqual({ key: { type: 'apiKey', in: 'header', name: 'X-Key' } });
    expect(definitions.records.Pet.fields).toMatchObject({
      id: { type: 'integer', minimum: 1, format: 'int64' },
      name: { type: 'string', maxLength: 40 },
      tag: { type: 'string', nullable: true, required: false },
      born: { type: 'date', required: false },
      owner: { type: 'record', record: 'PetOwner', required: false },
      kind: { type: 'union', exclusive: true, variants: [{ type: 'string' }, { type: 'integer' }], required: false },
      weight: { type: 'number', required: false },
    });
    expect(definitions.records.PetOwner.fields.email).toEqual({ type: 'string', format: 'email', required: false });
    expect(definitions.routes.getPet).toMatchObject({
      method: 'GET',
      path: '/pets/{petId}',
      auth: 'key',
      pathParams: { petId: { type: 'integer' } },
      query: { fields: { type: 'list', items: { type: 'string' } } },
      responses: {
        '200': { envelope: 'none', body: { type: 'record', record: 'Pet' } },
        '404': { envelope: 'none', body: { type: 'record', record: 'GetPet404Body' } },
      },
    });
  });

  it('maps every format the format table knows exactly, by its OpenAPI keyword', async () => {
    const strings = STRING_FORMATS.flatMap((format) => {
      const keyword = stringFormat(format).openapi.format;
      return keyword === undefined ? [] : [{ format, keyword }];
    });
    const properties = [
      ...strings.map(({ format, keyword }) => `        ${format}: { type: string, format: ${keyword} }`),
      ...INTEGER_FORMATS.map((format) => `        ${format}: { type: integer, format: ${format} }`),
      '        day: { type: string, format: date }',
      '        at: { type: string, format: date-time }',
      '        other: { type: string, format: color }',
    ];
    const file = join(dir, 'formats.yaml');
    await writeFile(
      file,
      `openapi: 3.1.0\ninfo: { title: Formats, version: '1' }\ncomponents:\n  schemas:\n    Sample:\n      type: object\n      properties:\n${properties.join('\n')}\npaths: {}\n`,
    );
    const result = await importDocument({ file, definitionsDir: join(dir, 'definitions') });
    const fields = parse(await readFile(result.path, 'utf8')).records.Sample.fields;
    expect(strings.length).toBeGreaterThanOrEqual(10);
    for (const { format } of strings) expect(fields[format]).toEqual({ type: 'string', format, required: false });
    for (const format of INTEGER_FORMATS) expect(fields[format]).toEqual({ type: 'integer', format, required: false });
    expect(fields.day).toEqual({ type: 'date', required: false });
    expect(fields.at).toEqual({ type: 'date-time', required: false });
    expect(fields.other).toEqual({ type: 'string', required: false });
    expect(result.lines).toEqual([
      expect.stringMatching(
        /formats\.yaml:\d+:9: approximated: format color: no such string format yet, approximated as string$/,
      ),
      expect.any(String),
    ]);
  });

  it('reports each approximation with its pointer position, and the summary', async () => {
    const { lines } = await run();
    expect(lines).toEqual([
      expect.stringMatching(/pets\.yaml:22:9: approximated: multipleOf: no such constraint, left out$/),
      expect.stringMatching(/pets\.yaml:29:7: renamed: operationId get-pet: not a usable route name, named getPet$/),
      expect.stringMatching(
        /pets\.yaml:39:5: dropped: TRACE operation: svcgen routes are GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/,
      ),
      'imported: 0 of 2 operations exactly, 1 approximated, 1 dropped',
    ]);
  });

  it('--strict makes an approximation an error and writes nothing', async () => {
    await expect(run({ strict: true })).rejects.toThrow(ImportError);
    await expect(readFile(join(dir, 'definitions', 'pet-shop.yaml'))).rejects.toThrow();
  });

  it('never overwrites a definitions file without --force, and writes the same bytes every run', async () => {
    const first = await run();
    await expect(run()).rejects.toThrow(/pet-shop\.yaml: exists; nothing was written \(--force replaces it\)/);
    const second = await run({ force: true });
    expect(second.text).toBe(first.text);
    expect(await readFile(second.path, 'utf8')).toBe(first.text);
  });
});
