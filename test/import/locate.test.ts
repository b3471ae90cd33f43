// Report lines name places in the imported document by line:column. In a JSON document the places of every
// pointer a report names are found in one scan that skips what is off their paths (src/import/locate.ts).
import { describe, expect, it } from 'vitest';
import { jsonOffsets, makeLocator } from '../../src/import/locate.js';

const TEXT = `{
  "skipped": { "a": "}]{[\\"", "b": [1, {"c": "]"}] },
  "paths": {
    "/pets/{id}": { "get": { "responses": { "200": {} } } }
  },
  "list": [ "x", { "deep": true }, [0] ]
}`;

const offsetOf = (needle: string, from = 0) => TEXT.indexOf(needle, from);

describe('places in a JSON document', () => {
  it('finds each wanted pointer and its ancestors, members by their key and items by their value', () => {
    const offsets = jsonOffsets(TEXT, ['/paths/~1pets~1{id}/get/responses/200', '/list/1/deep']);
    expect(Object.fromEntries(offsets)).toEqual({
      '': 0,
      '/paths': offsetOf('"paths"'),
      '/paths/~1pets~1{id}': offsetOf('"/pets/{id}"'),
      '/paths/~1pets~1{id}/get': offsetOf('"get"'),
      '/paths/~1pets~1{id}/get/responses': offsetOf('"responses"'),
      '/paths/~1pets~1{id}/get/responses/200': offsetOf('"200"'),
      '/list': offsetOf('"list"'),
      '/list/1': offsetOf('{ "deep"'),
      '/list/1/deep': offsetOf('"deep"'),
    });
  });

  it('skips strings holding brackets and quotes without losing its place', () => {
    expect(jsonOffsets(TEXT, ['/list/2/0']).get('/list/2/0')).toBe(offsetOf('0', offsetOf('[0]')));
  });

  it('locates a pointer that is not written at its nearest written ancestor', () => {
    const locate = makeLocator(new Map([['/api.json', { text: TEXT }]]));
    locate.prepare([{ file: '/api.json', pointer: '/paths/~1pets~1{id}/post' }]);
    expect(locate('/api.json', '/paths/~1pets~1{id}/post')).toMatch(/api\.json:4:5$/);
    expect(locate('/api.json', '/list/1/deep')).toMatch(/api\.json:6:20$/);
  });
});
