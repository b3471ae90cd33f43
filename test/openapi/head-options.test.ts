// HEAD and OPTIONS routes in the emitted OpenAPI document (test/fixtures/head-options): each is an operation
// of its method on the shared path, the HEAD one's answers carry headers only, and the document validates.
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Loose = Record<string, any>;

let fixture: GeneratedFixture;
let document: Loose;

beforeAll(async () => {
  fixture = await generateFixture('head-options');
  document = await fixture.json('files-api/openapi.json');
}, 120_000);
afterAll(async () => fixture?.remove());

describe('the OpenAPI document of HEAD and OPTIONS routes', () => {
  it('has a get, a head and an options operation on the shared path', () => {
    const item = document['paths']['/files/documents/{name}'] as Loose;
    expect(Object.keys(item).sort()).toEqual(['get', 'head', 'options']);
    expect(item['get'].operationId).toBe('getDocument');
    expect(item['head'].operationId).toBe('probeDocument');
    expect(item['options'].operationId).toBe('documentCapabilities');
  });

  it('gives the head operation an answer of headers only, and the options operation its query and body', () => {
    const item = document['paths']['/files/documents/{name}'] as Loose;
    const probed = item['head'].responses['200'];
    expect(probed.content).toBeUndefined();
    expect(Object.keys(probed.headers)).toEqual(['x-document-size']);
    expect(item['options'].parameters.map((parameter: Loose) => parameter['name'])).toEqual(['name', 'detail']);
    expect(item['options'].responses['200'].content['application/json']).toBeDefined();
  });

  it('validates as OpenAPI', async () => {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });
});
