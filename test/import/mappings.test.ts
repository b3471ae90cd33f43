// Each construct of the definitions format import maps exactly: a small document given, the definitions wanted,
// and the definitions generated without a diagnostic.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/tree.js';
import { importAndGenerate } from './import-and-generate.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-mappings-');
});
afterEach(async () => removeDir(dir));

/** Imports this document (as api.yaml) and generates it: its file, definitions, report lines and diagnostics. */
async function importText(text: string) {
  const file = join(dir, 'api.yaml');
  await writeFile(file, text);
  const { result, diagnostics } = await importAndGenerate(dir, file);
  return { file, definitions: parse(await readFile(result.path, 'utf8')), lines: result.lines, diagnostics };
}

/** Imports a 3.1 document of these component schemas and paths. */
async function importSchemas(schemas: string, paths = '{}') {
  return importText(
    `openapi: 3.1.0\ninfo: { title: Mapped, version: '1' }\ncomponents:\n  schemas:\n${schemas}\npaths: ${paths}\n`,
  );
}

describe('import mappings', () => {
  it('maps oneOf to an exclusive union, anyOf to a union, a null member to nullable', async () => {
    const { definitions, lines, diagnostics } =
      await importSchemas(`    Cat: { type: object, required: [meow], properties: { meow: { type: boolean } } }
    Dog: { type: object, required: [bark], properties: { bark: { type: string } } }
    Owner:
      type: object
      required: [pet]
      properties:
        pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] }
        reference: { anyOf: [{ type: string, maxLength: 8 }, { type: integer }, { type: 'null' }] }
        address: { anyOf: [{ type: string }, { type: object, properties: { city: { type: string } } }] }
        value: { oneOf: [{ type: [string, 'null'] }, { type: [integer, 'null'] }] }`);
    expect(definitions.records.Owner.fields).toEqual({
      pet: {
        type: 'union',
        exclusive: true,
        variants: [
          { type: 'record', record: 'Cat' },
          { type: 'record', record: 'Dog' },
        ],
      },
      reference: {
        type: 'union',
        variants: [{ type: 'string', maxLength: 8 }, { type: 'integer' }],
        nullable: true,
        required: false,
      },
      address: {
        type: 'union',
        variants: [{ type: 'string' }, { type: 'record', record: 'OwnerAddressVariant2' }],
        required: false,
      },
      // null matches both members, so the oneOf refuses it
      value: { type: 'union', exclusive: true, variants: [{ type: 'string' }, { type: 'integer' }], required: false },
    });
    expect(lines).toEqual(['imported: 0 of 0 operations exactly, 0 approximated, 0 dropped']);
    expect(diagnostics).toEqual([]);
  });

  it('maps a type list to a union of each type with its own keywords', async () => {
    const { definitions, lines, diagnostics } = await importSchemas(`    Size:
      type: object
      properties:
        value: { type: [string, integer, 'null'], minLength: 1, minimum: 0 }`);
    expect(definitions.records.Size.fields.value).toEqual({
      type: 'union',
      variants: [
        { type: 'string', minLength: 1 },
        { type: 'integer', minimum: 0 },
      ],
      nullable: true,
      required: false,
    });
    expect(lines).toHaveLength(1);
    expect(diagnostics).toEqual([]);
  });

  it('maps exclusive bounds: a number keeps them exclusive, an integer moves to the next integer inside', async () => {
    const { definitions, lines, diagnostics } = await importSchemas(`    Share:
      type: object
      required: [ratio, count]
      properties:
        ratio: { type: number, exclusiveMinimum: 0, exclusiveMaximum: 1 }
        count: { type: integer, minimum: 0, exclusiveMinimum: 2, exclusiveMaximum: 10.5 }`);
    expect(definitions.records.Share.fields).toEqual({
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      count: { type: 'integer', minimum: 3, maximum: 10 },
    });
    expect(lines.filter((line) => line.includes('exclusive'))).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it('renames a path placeholder that is no usable name (its place is the wire) and keeps a GET body', async () => {
    const paths = `
  /users/{user-id}:
    get:
      operationId: getUser
      parameters: [{ name: user-id, in: path, required: true, schema: { type: string } }]
      requestBody:
        content: { application/json: { schema: { type: object, properties: { expand: { type: string } } } } }
      responses: { '200': { description: ok } }`;
    const { definitions, lines, diagnostics } = await importSchemas('    {}', paths);
    expect(definitions.routes.getUser).toMatchObject({
      path: '/users/{userId}',
      pathParams: { userId: { type: 'string' } },
      body: { type: 'record', record: 'GetUserRequest' },
      bodyRequired: false,
    });
    expect(lines.filter((line) => line.includes('renamed: path parameter user-id: named userId'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('GET'))).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it('keeps placeholders beside text in a segment, and drops, saying why, a segment the router cannot split', async () => {
    const operation = (id: string, names: string[]) =>
      `operationId: ${id}
      parameters: [${names.map((name) => `{ name: ${name}, in: path, required: true, schema: { type: string } }`).join(', ')}]
      responses: { '200': { description: ok } }`;
    const paths = `
  /Accounts/{AccountSid}/Calls/{Sid}.json:
    get:
      ${operation('fetchCall', ['AccountSid', 'Sid'])}
  /compare/{base}...{head}:
    get:
      ${operation('compare', ['base', 'head'])}
  /v1/{operation-name}:cancel:
    post:
      ${operation('cancelOperation', ['operation-name'])}
  /pairs/{x}{y}:
    get:
      ${operation('getPair', ['x', 'y'])}`;
    const { definitions, lines, diagnostics } = await importSchemas('    {}', paths);
    expect(definitions.routes.fetchCall).toMatchObject({
      path: '/Accounts/{AccountSid}/Calls/{Sid}.json',
      pathParams: { AccountSid: { type: 'string' }, Sid: { type: 'string' } },
    });
    expect(definitions.routes.compare).toMatchObject({ path: '/compare/{base}...{head}' });
    expect(definitions.routes.cancelOperation).toMatchObject({
      path: '/v1/{operationName}:cancel',
      pathParams: { operationName: { type: 'string' } },
    });
    expect(definitions.routes.getPair).toBeUndefined();
    expect(lines.filter((line) => line.includes('dropped:'))).toEqual([
      expect.stringMatching(
        /dropped: path \/pairs\/\{x\}\{y\}: the router cannot serve the segment "\{x\}\{y\}", where nothing tells where one value ends/,
      ),
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('maps an allOf of one schema beside a default or description (as FastAPI writes enums) to that schema', async () => {
    const schemas = `    Sort: { type: string, enum: [asc, desc] }
    Meta: { type: object, properties: { page: { type: integer } } }
    Result:
      type: object
      properties:
        meta: { allOf: [{ $ref: '#/components/schemas/Meta' }], title: Meta, readOnly: true }
        order: { allOf: [{ $ref: '#/components/schemas/Sort' }], default: asc, description: Sort direction }`;
    const paths = `
  /items:
    get:
      operationId: listItems
      parameters:
        - in: query
          name: sort
          schema: { allOf: [{ $ref: '#/components/schemas/Sort' }], default: desc, description: Sort direction }
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Result' } } } }`;
    const { definitions, lines, diagnostics } = await importSchemas(schemas, paths);
    expect(definitions.routes.listItems.query.sort).toEqual({
      type: 'enum',
      values: ['asc', 'desc'],
      description: 'Sort direction',
      default: 'desc',
    });
    expect(definitions.records.Result.fields).toEqual({
      meta: { type: 'record', record: 'Meta', required: false, readOnly: true },
      order: { type: 'enum', values: ['asc', 'desc'], description: 'Sort direction', required: false, default: 'asc' },
    });
    expect(lines.filter((line) => !line.startsWith('imported:'))).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it('maps tags with their descriptions, deprecated operations and properties, and emits them again', async () => {
    const { file, definitions, lines, diagnostics } = await importText(`openapi: 3.0.3
info: { title: Tagged, version: '1' }
tags:
  - { name: pets, description: Everything about pets }
  - { name: store }
  - { name: pets, description: said twice }
components:
  schemas:
    Pet:
      type: object
      properties:
        nick: { type: string, deprecated: true }
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets, Pet Store, pets, '']
      deprecated: true
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
    post:
      operationId: addPet
      responses: { '204': { description: added } }
`);
    // Declared in the document's order, then the tag only an operation names.
    expect(definitions.interface.tags).toEqual({
      pets: { description: 'Everything about pets' },
      store: {},
      'Pet Store': {},
    });
    expect(definitions.routes.listPets).toMatchObject({ tags: ['pets', 'Pet Store'], deprecated: true });
    expect(definitions.routes.addPet.tags).toBeUndefined();
    expect(definitions.records.Pet.fields.nick).toEqual({ type: 'string', required: false, deprecated: true });
    expect(lines).toEqual([
      `${file}:17:37: dropped: tag "": a tag is text that is not empty and has no control characters`,
      'imported: 1 of 2 operations exactly, 1 approximated, 0 dropped',
    ]);
    expect(diagnostics).toEqual([]);
    const openapi = JSON.parse(await readFile(join(dir, 'generated', 'tagged', 'openapi.json'), 'utf8'));
    expect(openapi.tags).toEqual([
      { name: 'Pet Store' },
      { name: 'pets', description: 'Everything about pets' },
      { name: 'store' },
      { name: 'tagged', description: 'Tagged' },
    ]);
    expect(openapi.paths['/pets'].get).toMatchObject({ tags: ['pets', 'Pet Store'], deprecated: true });
    expect(openapi.paths['/pets'].post.tags).toEqual(['tagged']);
    expect(openapi.paths['/pets'].post.deprecated).toBeUndefined();
    expect(openapi.components.schemas.Pet.properties.nick).toEqual({ type: 'string', deprecated: true });
  });

  it('keeps head and options operations as HEAD and OPTIONS routes, exactly', async () => {
    const paths = `
  /files/{name}:
    parameters: [{ name: name, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getFile
      responses: { '200': { description: ok, content: { application/json: { schema: { type: string } } } } }
    head:
      operationId: probeFile
      responses:
        '200': { description: ok, headers: { X-File-Size: { schema: { type: integer } } } }
    options:
      operationId: fileOptions
      responses: { '200': { description: ok, content: { application/json: { schema: { type: string } } } } }`;
    const { definitions, lines, diagnostics } = await importSchemas('    {}', paths);
    expect(definitions.routes.getFile).toMatchObject({ method: 'GET', path: '/files/{name}' });
    expect(definitions.routes.probeFile).toMatchObject({ method: 'HEAD', path: '/files/{name}' });
    const probed = definitions.routes.probeFile.responses['200'];
    expect(probed.body).toBeUndefined();
    expect(Object.keys(probed.headers)).toEqual(['X-File-Size']);
    expect(definitions.routes.fileOptions).toMatchObject({
      method: 'OPTIONS',
      path: '/files/{name}',
      responses: { '200': { body: { type: 'string' } } },
    });
    expect(lines).toEqual(['imported: 3 of 3 operations exactly, 0 approximated, 0 dropped']);
    expect(diagnostics).toEqual([]);
  });

  it("reads OpenAPI 3.0's boolean exclusiveMaximum as an exclusive bound at maximum", async () => {
    const { definitions } = await importText(`openapi: 3.0.3
info: { title: Old, version: '1' }
paths: {}
components:
  schemas:
    Price:
      type: object
      properties:
        amount: { type: number, minimum: 0, maximum: 100, exclusiveMaximum: true, exclusiveMinimum: false }
`);
    expect(definitions.records.Price.fields.amount).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMaximum: 100,
      required: false,
    });
  });

  it('maps enums and constants of numbers and booleans to constants, one or a union of them', async () => {
    const { definitions, lines, diagnostics } = await importSchemas(`    Flags:
      type: object
      required: [deleted, level, ratio, mixed]
      properties:
        deleted: { type: boolean, enum: [true] }
        level: { type: integer, enum: [1, 2, 3] }
        ratio: { const: 0.5 }
        mixed: { enum: [auto, 0, false, null] }`);
    expect(definitions.records.Flags.fields).toEqual({
      deleted: { type: 'boolean', const: true },
      level: {
        type: 'union',
        variants: [
          { type: 'integer', const: 1 },
          { type: 'integer', const: 2 },
          { type: 'integer', const: 3 },
        ],
      },
      ratio: { type: 'number', const: 0.5 },
      mixed: {
        type: 'union',
        variants: [
          { type: 'string', const: 'auto' },
          { type: 'integer', const: 0 },
          { type: 'boolean', const: false },
        ],
        nullable: true,
      },
    });
    expect(lines).toHaveLength(1);
    expect(diagnostics).toEqual([]);
  });

  it('maps properties beside additionalProperties to an open record', async () => {
    const { definitions, lines, diagnostics } = await importSchemas(`    Labels:
      type: object
      properties: { source: { type: string } }
      additionalProperties: { type: string }
    Note:
      type: object
      properties: { text: { type: string } }
      additionalProperties: true
    Closed:
      type: object
      properties: { text: { type: string } }
      additionalProperties: false`);
    expect(definitions.records.Labels).toEqual({
      additionalFields: { type: 'string' },
      fields: { source: { type: 'string', required: false } },
    });
    expect(definitions.records.Note.additionalFields).toBe(true);
    expect(definitions.records.Closed.additionalFields).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(diagnostics).toEqual([]);
  });

  it('keeps oneOf beside the schema own properties an approximation where a member is no object, reported', async () => {
    const { definitions, lines } = await importSchemas(`    Either:
      type: object
      properties: { a: { type: string }, b: { type: string } }
      oneOf: [{ required: [a] }, { type: string }]`);
    expect(definitions.records).toBeUndefined();
    expect(lines[0]).toMatch(/approximated: oneOf beside the schema's own type or properties/);
  });

  it('maps octet-stream and other byte bodies to an upload, byte answers to a file, multipart forms to parts', async () => {
    const paths = `
  /photos/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    put:
      operationId: putPhoto
      requestBody:
        required: true
        content:
          image/png: { schema: { type: string, format: binary } }
          image/jpeg: { schema: { type: string, format: binary } }
      responses: { '204': { description: Stored. } }
    get:
      operationId: getPhoto
      responses:
        '200':
          description: The photo.
          content: { application/octet-stream: { schema: { type: string, format: binary } } }
  /documents:
    post:
      operationId: postDocument
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [scan]
              properties:
                scan: { type: string, format: binary }
                title: { type: string, maxLength: 40 }
                kind: { type: string, enum: [invoice, receipt] }
            encoding: { scan: { contentType: 'application/pdf, image/png' } }
      responses: { '204': { description: Stored. } }`;
    const { definitions, lines, diagnostics } = await importSchemas('    {}', paths);
    expect(definitions.routes.putPhoto.upload).toEqual({ mediaTypes: ['image/png', 'image/jpeg'] });
    expect(definitions.routes.putPhoto.body).toBeUndefined();
    expect(definitions.routes.getPhoto.responses['200']).toEqual({
      envelope: 'none',
      description: 'The photo.',
      file: {},
    });
    expect(definitions.routes.postDocument.multipart).toEqual({
      files: { scan: { mediaTypes: ['application/pdf', 'image/png'] } },
      fields: {
        title: { type: 'string', maxLength: 40, required: false },
        kind: { type: 'enum', values: ['invoice', 'receipt'], required: false },
      },
    });
    expect(lines).toEqual(['imported: 3 of 3 operations exactly, 0 approximated, 0 dropped']);
    expect(diagnostics).toEqual([]);
  });

  it('keeps a multipart form with a part that is neither a file nor text a JSON body, reported', async () => {
    const paths = `
  /documents:
    post:
      operationId: postDocument
      requestBody:
        content:
          multipart/form-data:
            schema: { type: object, properties: { scan: { type: string, format: binary }, pages: { type: integer } } }
      responses: { '204': { description: Stored. } }`;
    const { definitions, lines } = await importSchemas('    {}', paths);
    expect(definitions.routes.postDocument.multipart).toBeUndefined();
    expect(definitions.routes.postDocument.body).toEqual({ type: 'record', record: 'PostDocumentRequest' });
    expect(lines[0]).toMatch(/approximated: media type multipart\/form-data: only JSON, form, file and multipart/);
  });

  it('maps a form body of numbers and booleans exactly, a form with a nested member to JSON, reported', async () => {
    const paths = `
  /episodes:
    post:
      operationId: searchEpisodes
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties: { title: { type: string }, yearFrom: { type: integer, format: int32 }, rating: { type: number }, long: { type: boolean } }
      responses: { '204': { description: Found. } }
  /charges:
    post:
      operationId: createCharge
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { type: object, properties: { amount: { type: integer }, card: { type: object, properties: { number: { type: string } } } } }
      responses: { '204': { description: Charged. } }`;
    const { definitions, lines, diagnostics } = await importSchemas('    {}', paths);
    expect(definitions.routes.searchEpisodes.bodyFormats).toEqual(['form']);
    expect(definitions.records.SearchEpisodesRequest.fields.yearFrom).toEqual({
      type: 'integer',
      format: 'int32',
      required: false,
    });
    expect(definitions.routes.createCharge.bodyFormats).toBeUndefined();
    expect(lines).toContainEqual(expect.stringMatching(/approximated: a form body with lists or nested records/));
    expect(lines.at(-1)).toBe('imported: 1 of 2 operations exactly, 1 approximated, 0 dropped');
    expect(diagnostics).toEqual([]);
  });

  it('keeps members named as the wire names them (_links, +1, @odata.type, dotted) as fields', async () => {
    const { definitions, lines, diagnostics } = await importSchemas(`    Issue:
      type: object
      required: ['+1', _links]
      properties:
        '+1': { type: integer }
        '-1': { type: integer }
        _links: { type: object, properties: { self: { type: string } } }
        '@odata.type': { type: string }
        next.page: { type: string }
        with space: { type: boolean }`);
    expect(definitions.records.Issue.fields).toEqual({
      '+1': { type: 'integer' },
      '-1': { type: 'integer', required: false },
      _links: { type: 'record', record: 'IssueLinks' },
      '@odata.type': { type: 'string', required: false },
      'next.page': { type: 'string', required: false },
      'with space': { type: 'boolean', required: false },
    });
    expect(lines).toEqual(['imported: 0 of 0 operations exactly, 0 approximated, 0 dropped']);
    expect(diagnostics).toEqual([]);
  });

  it('approximates an object with a member no field can be named (empty) as a map of json, reported', async () => {
    const { definitions, lines } = await importSchemas(`    Holder:
      type: object
      properties:
        odd: { type: object, properties: { '': { type: string }, fine: { type: string } } }`);
    expect(definitions.records.Holder.fields.odd).toEqual({ type: 'map', items: { type: 'json' }, required: false });
    expect(lines[0]).toMatch(/approximated: properties "": not usable as field names/);
  });

  it('imports an optional upload and an optional multipart form exactly, and emits them optional again', async () => {
    const paths = `
  /photos:
    put:
      operationId: putPhoto
      requestBody:
        content: { application/octet-stream: { schema: { type: string, format: binary } } }
      responses: { '204': { description: Stored. } }
  /documents:
    post:
      operationId: postDocument
      requestBody:
        required: false
        content:
          multipart/form-data:
            schema: { type: object, required: [scan], properties: { scan: { type: string, format: binary } } }
      responses: { '204': { description: Stored. } }`;
    const { definitions, lines, diagnostics } = await importSchemas('    {}', paths);
    expect(definitions.routes.putPhoto).toMatchObject({ upload: {}, bodyRequired: false });
    expect(definitions.routes.postDocument).toMatchObject({
      multipart: { files: { scan: {} } },
      bodyRequired: false,
    });
    expect(lines).toEqual(['imported: 2 of 2 operations exactly, 0 approximated, 0 dropped']);
    expect(diagnostics).toEqual([]);
    const openapi = JSON.parse(await readFile(join(dir, 'generated', 'mapped', 'openapi.json'), 'utf8'));
    expect(openapi.paths['/photos'].put.requestBody.required).toBe(false);
    expect(openapi.paths['/documents'].post.requestBody.required).toBe(false);
  });
});
