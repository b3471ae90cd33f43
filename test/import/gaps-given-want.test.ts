// Given a document, want these definitions and report lines: what users' trials of vendors' documents found
// (DigitalOcean's open objects and typeless lists, Stripe's empty GET forms, OpenAQ's defaults).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importDocument } from '../../src/import/import.js';
import { removeDir, tempDir } from '../helpers/tree.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-import-gaps-');
});
afterEach(async () => removeDir(dir));

/** Imports a 3.1 document of these paths and component schemas; the report's lines without the file name. */
async function run(paths: unknown, schemas: unknown = {}) {
  // One line, its places past column 200: each note names its JSON pointer.
  const info = { title: 'Gaps', version: '1', description: 'words '.repeat(40) };
  const document = { openapi: '3.1.0', info, paths, components: { schemas } };
  const path = join(dir, 'api.json');
  await writeFile(path, JSON.stringify(document));
  const result = importDocument({ file: path, definitionsDir: join(dir, 'definitions'), name: 'gaps' });
  const notes = result.lines.slice(0, -1).map((line) => line.replace(/^.*?\(#(.*)\): /, '$1: '));
  return { definitions: parse(await readFile(result.path, 'utf8')), notes, summary: result.lines.at(-1) };
}

const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const body = (schema: unknown, media = 'application/json') => ({ content: { [media]: { schema } } });
const object = { type: 'object', properties: { name: { type: 'string' } } };

describe('objects without additionalProperties', () => {
  it('makes records that accept the members the schema does not name and leave them out, unreported', async () => {
    const { definitions, notes, summary } = await run(
      {
        '/things': {
          put: {
            requestBody: body({ type: 'object', properties: { source: { allOf: [ref('Connection')] } } }),
            responses: ok(ref('Connection')),
          },
        },
      },
      { Connection: object },
    );
    expect(definitions.records.Connection).toEqual({
      additionalFields: 'ignore',
      fields: { name: { type: 'string', required: false } },
    });
    expect(definitions.records.PutThingsRequest.additionalFields).toBe('ignore');
    expect(notes).toEqual([]);
    expect(summary).toBe('imported: 1 of 1 operations exactly, 0 approximated, 0 dropped');
  });

  it('keeps a record closed where the schema, or a member of its allOf, says additionalProperties: false', async () => {
    const closed = { ...object, additionalProperties: false };
    const merged = { allOf: [closed, { type: 'object', properties: { size: { type: 'integer' } } }] };
    const { definitions, notes } = await run({
      '/things': { post: { requestBody: body(closed), responses: ok(merged) } },
    });
    expect(definitions.records.PostThingsRequest.additionalFields).toBeUndefined();
    expect(definitions.records.PostThings200Body.additionalFields).toBeUndefined();
    expect(notes).toEqual([]);
  });

  it('keeps an open record open', async () => {
    const open = { ...object, additionalProperties: { type: 'string' } };
    const { definitions } = await run({ '/things': { post: { requestBody: body(open), responses: ok(open) } } });
    expect(definitions.records.PostThingsRequest.additionalFields).toEqual({ type: 'string' });
  });
});

describe('schemas without type', () => {
  it('reads items as a list and properties as an object, each reported (DigitalOcean regions features)', async () => {
    const region = {
      type: 'object',
      required: ['features'],
      properties: { features: { items: { type: 'string' } }, sizes: { properties: { slug: { type: 'string' } } } },
    };
    const { definitions, notes } = await run(
      { '/regions': { get: { responses: ok(ref('Region')) } } },
      { Region: region },
    );
    expect(definitions.records.Region.fields.features).toEqual({ type: 'list', items: { type: 'string' } });
    expect(definitions.records.Region.fields.sizes).toEqual({ type: 'record', record: 'RegionSizes', required: false });
    expect(notes).toEqual([
      '/components/schemas/Region/properties/features: approximated: no type beside items: imported as a list; a value of another type, which the schema allows, is refused',
      '/components/schemas/Region/properties/sizes: approximated: no type beside properties: imported as an object; a value of another type, which the schema allows, is refused',
    ]);
  });

  it('reads a typed schema as before, unreported', async () => {
    const { notes } = await run({
      '/regions': { get: { responses: ok({ type: 'array', items: { type: 'string' } }) } },
    });
    expect(notes).toEqual([]);
  });
});

describe('request bodies of GET, HEAD and DELETE', () => {
  const empty = {
    content: {
      'application/x-www-form-urlencoded': {
        encoding: {},
        schema: { additionalProperties: false, properties: {}, type: 'object' },
      },
    },
    required: false,
  };

  it("drops Stripe's empty form on GET and DELETE, reported, and keeps it on POST", async () => {
    const { definitions, notes } = await run({
      '/charges': {
        get: { requestBody: empty, responses: ok({ type: 'string' }) },
        delete: { requestBody: empty, responses: ok({ type: 'string' }) },
        post: { requestBody: empty, responses: ok({ type: 'string' }) },
      },
    });
    expect(definitions.routes.getCharges.body).toBeUndefined();
    expect(definitions.routes.deleteCharges.body).toBeUndefined();
    expect(definitions.routes.postCharges.body).toEqual({ type: 'record', record: 'PostChargesRequest' });
    expect(notes).toEqual([
      '/paths/~1charges/get/requestBody: dropped: request body of a GET operation that can hold no member (only {})',
      '/paths/~1charges/delete/requestBody: dropped: request body of a DELETE operation that can hold no member (only {})',
    ]);
  });

  it('keeps a GET body that has members', async () => {
    const { definitions } = await run({
      '/search': {
        get: { requestBody: body({ ...object, additionalProperties: false }), responses: ok({ type: 'string' }) },
      },
    });
    expect(definitions.routes.getSearch.body).toEqual({ type: 'record', record: 'GetSearchRequest' });
  });
});

describe('defaults', () => {
  it('keeps defaults of records, lists, unions and date-times that generate takes (OpenAQ)', async () => {
    const meta = {
      type: 'object',
      properties: { found: { type: 'integer', default: 0 }, name: { type: 'string', default: 'openaq-api' } },
    };
    const result = {
      type: 'object',
      properties: {
        meta: { allOf: [ref('Meta')], default: { found: 0, name: 'openaq-api' } },
        tags: { type: 'array', items: { type: 'string' }, default: [] },
        since: { type: 'string', format: 'date-time', default: '2025-10-15T13:51:07.505Z' },
      },
    };
    const parameters = [
      { in: 'query', name: 'order_by', schema: { anyOf: [{ type: 'string' }, { type: 'integer' }], default: 'id' } },
    ];
    const { definitions, notes } = await run(
      { '/cities': { get: { parameters, responses: ok(ref('Result')) } } },
      { Meta: meta, Result: result },
    );
    const fields = definitions.records.Result.fields;
    expect(fields.meta.default).toEqual({ found: 0, name: 'openaq-api' });
    expect(fields.tags.default).toEqual([]);
    expect(fields.since.default).toBe('2025-10-15T13:51:07.505Z');
    expect(definitions.routes.getCities.query.order_by.default).toBe('id');
    expect(notes).toEqual([]);
  });

  it('reports a default generate would refuse, saying why', async () => {
    const meta = { type: 'object', properties: { found: { type: 'integer', default: 0 }, page: { type: 'integer' } } };
    const result = { type: 'object', properties: { meta: { allOf: [ref('Meta')], default: { page: 1 } } } };
    const { definitions, notes } = await run(
      { '/cities': { get: { responses: ok(ref('Result')) } } },
      { Meta: meta, Result: result },
    );
    expect(definitions.records.Result.fields.meta.default).toBeUndefined();
    expect(notes).toEqual([
      '/components/schemas/Result/properties/meta: approximated: default {"page":1}: not kept (lacks the field "found" (expected every required field of Meta: ))',
    ]);
  });
});
