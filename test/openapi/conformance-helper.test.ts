// The conformance helper against the real emitted documents, on made-up responses: it must accept a
// conforming response and name each kind of departure, so the loopback test can fail.
import { describe, expect, it } from 'vitest';
import { OpenApiConformance, type Exchange } from './conformance.js';

const banner = new OpenApiConformance('banner-api');
const store = new OpenApiConformance('store-api');
const admin = new OpenApiConformance('admin-api');

const TOKEN = 'A'.repeat(32);
const STORE_FAILURE = JSON.stringify({
  errors: [{ status: '400', code: 'FRAMEWORK__INVALID_REQUEST', title: 'Bad Request', detail: 'x' }],
});
const FAILURE = JSON.stringify({ success: false, message: 'Banner by id 7 not found' });

function exchange(
  method: string,
  path: string,
  status: number,
  headers: Record<string, string>,
  text: string,
): Exchange {
  return { method, path, status, header: (name) => headers[name.toLowerCase()], text };
}

describe('OpenApiConformance', () => {
  it.each([
    [
      'a documented failure',
      banner,
      exchange('GET', '/api/Banner/7', 404, { 'content-type': 'application/json; charset=utf-8' }, FAILURE),
    ],
    [
      'the other spelling of a path',
      banner,
      exchange('GET', '/api/banner/7?x=1', 404, { 'content-type': 'application/json' }, FAILURE),
    ],
    [
      'another version segment',
      store,
      exchange(
        'GET',
        '/store-api/v1/context',
        400,
        { 'content-type': 'application/json', 'svc-context-token': TOKEN },
        STORE_FAILURE,
      ),
    ],
    [
      "405 with the document's methods in Allow",
      banner,
      exchange('PATCH', '/api/Banner/7', 405, { allow: 'GET, PUT, DELETE' }, FAILURE),
    ],
    ['404 on a path the document does not have', banner, exchange('GET', '/api/Nothing', 404, {}, '')],
    [
      'HEAD by the GET operation',
      banner,
      exchange('HEAD', '/api/Banner/7', 404, { 'content-type': 'application/json' }, ''),
    ],
    ['204 without body', admin, exchange('DELETE', `/api/v3/tax/${'a'.repeat(32)}`, 204, {}, '')],
  ])('accepts %s', (_name, document, answer) => {
    expect(document.violations(answer)).toEqual([]);
  });

  it.each([
    [
      'a status the operation does not list',
      banner,
      exchange('GET', '/api/Banner/7', 418, { 'content-type': 'application/json' }, FAILURE),
      /status 418 is not among/,
    ],
    [
      'another media type',
      banner,
      exchange('GET', '/api/Banner/7', 404, { 'content-type': 'text/html' }, '<p>no</p>'),
      /media type text\/html is not among/,
    ],
    [
      'json:api where only plain JSON is listed',
      banner,
      exchange('GET', '/api/Banner/7', 404, { 'content-type': 'application/vnd.api+json' }, FAILURE),
      /media type/,
    ],
    ['no Content-Type', banner, exchange('GET', '/api/Banner/7', 404, {}, FAILURE), /no Content-Type/],
    [
      'a body against the schema',
      banner,
      exchange('GET', '/api/Banner/7', 404, { 'content-type': 'application/json' }, '{"success":"no"}'),
      /body\/success must be boolean/,
    ],
    [
      'a body that is not JSON',
      banner,
      exchange('GET', '/api/Banner/7', 404, { 'content-type': 'application/json' }, 'oops'),
      /not JSON/,
    ],
    [
      'a missing required header',
      store,
      exchange('GET', '/store-api/v2/context', 400, { 'content-type': 'application/json' }, STORE_FAILURE),
      /required header svc-context-token/,
    ],
    [
      'a header against its schema',
      store,
      exchange(
        'GET',
        '/store-api/v3/context',
        400,
        { 'content-type': 'application/json', 'svc-context-token': 'short' },
        STORE_FAILURE,
      ),
      /header svc-context-token/,
    ],
    [
      'a header against its format',
      admin,
      exchange('PATCH', `/api/v3/tax/${'a'.repeat(32)}`, 204, { location: 'not a uri' }, ''),
      /header location.*format/,
    ],
    [
      'a body where none is declared',
      admin,
      exchange('DELETE', `/api/v3/tax/${'a'.repeat(32)}`, 204, { 'content-type': 'application/json' }, '{}'),
      /declares no body/,
    ],
    [
      'a HEAD response with a body',
      banner,
      exchange('HEAD', '/api/Banner/7', 404, { 'content-type': 'application/json' }, FAILURE),
      /HEAD response with a body/,
    ],
    [
      '404 for a method the path does not serve',
      banner,
      exchange('PATCH', '/api/Banner/7', 404, {}, FAILURE),
      /lists only GET, PUT, DELETE here/,
    ],
    [
      '405 whose Allow lacks a method',
      banner,
      exchange('PATCH', '/api/Banner/7', 405, { allow: 'GET' }, FAILURE),
      /lacks PUT, DELETE/,
    ],
    [
      'a response other than 404 where no path matches',
      banner,
      exchange('GET', '/api/Nothing', 200, {}, ''),
      /no path of the document matches/,
    ],
  ])('names %s', (_name, document, answer, message) => {
    expect(document.violations(answer).join('\n')).toMatch(message);
  });
});
