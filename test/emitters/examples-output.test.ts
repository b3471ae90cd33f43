// The definitions' examples in the OpenAPI document (JSON Schema 2020-12 `examples`, each one valid for
// the schema it is on, checked with ajv) and in the Markdown docs (an Example column, a record's example).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

type Json = Record<string, any>;
const AjvClass = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
const applyFormats = addFormats.default ?? (addFormats as unknown as typeof addFormats.default);

let fixture: GeneratedFixture;
let document: Json;

beforeAll(async () => {
  fixture = await generateFixture('examples');
  document = await fixture.json('catalog/openapi.json');
}, 120_000);
afterAll(() => fixture?.remove());

/** Every schema of the document that has `examples`, by JSON pointer. */
function schemasWithExamples(value: unknown, pointer = ''): [string, Json][] {
  if (value === null || typeof value !== 'object') return [];
  const own: [string, Json][] = 'examples' in value && !('paths' in value) ? [[pointer, value as Json]] : [];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, item]) =>
      schemasWithExamples(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    ),
  ];
}

describe('examples in the OpenAPI document', () => {
  it('are on the field, record and named type schemas; a named type’s replaces the one its pattern made', () => {
    const schemas = document['components']['schemas'];
    expect(schemas['Author'].examples).toEqual([{ born: '1929-10-21', id: 7, name: 'Ursula' }]);
    expect(schemas['Book'].properties.title.examples).toEqual(['The Dispossessed']);
    expect(schemas['Book'].properties.tags.examples).toEqual([['classic', 'novel']]);
    expect(schemas['Sku'].examples).toEqual(['TEA-0042']);
    expect(schemas['Sku'].pattern).toBe('^[A-Z]{3}-[0-9]{4}$');
  });

  it('a view of a record shows the record’s example without the fields it leaves out', () => {
    const body = document['paths']['/api/authors'].post.requestBody.content['application/json'].schema;
    expect(body.examples).toEqual([{ born: '1929-10-21', name: 'Ursula' }]);
  });

  it('each example is valid for the schema it is on (ajv 2020-12, formats on)', () => {
    const ajv = new AjvClass({ strict: false, allErrors: true });
    applyFormats(ajv);
    ajv.addSchema(document, 'catalog');
    const found = schemasWithExamples(document).filter(([pointer]) => pointer.includes('schema'));
    expect(found.length).toBeGreaterThanOrEqual(8);
    for (const [pointer, schema] of found) {
      const validate = ajv.getSchema(`catalog#${pointer}`);
      for (const example of schema['examples'])
        expect(validate?.(example), `${pointer}: ${JSON.stringify(example)}`).toBe(true);
    }
  });
});

describe('examples in the docs', () => {
  it('a record whose fields have examples gets an Example column; a record example is shown under its table', async () => {
    const page = await readFile(join(fixture.out, 'catalog', 'README.md'), 'utf8');
    expect(page).toContain('| Field | Type | Required | Read-only | Default | Example | Description |');
    expect(page).toContain('| `title` | string, length ..60 | yes | no | | `"The Dispossessed"` | |');
    expect(page).toContain('| `author` | author or null | no | no | | | |');
    expect(page).toContain('Example: `{"born":"1929-10-21","id":7,"name":"Ursula"}`');
    // A record without field examples keeps the table it had.
    expect(page).toContain('| Field | Type | Required | Read-only | Default | Description |');
  });
});
