// HTTP details every interface shares, over loopback: 404 for unrouted paths in the owner's negotiated
// shape, 405 with Allow for a method a path does not serve, OPTIONS and HEAD, 406 for a json:api media
// type with parameters (JSON:API 1.0), and 415 for a body in a media type the route does not read.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_KEY,
  apiUser,
  curl,
  passwordGrant,
  send,
  startService,
  type ReceivedResponse,
  type Send,
  type Service,
} from './helpers.js';

let service: Service;
let bearer: string;
let productId: string;

beforeAll(async () => {
  service = await startService();
  bearer = `Bearer ${(await passwordGrant(service)).access_token}`;
  const list = await admin('/api/v3/product?limit=1');
  productId = list.json.data[0].id as string;
});
afterAll(async () => {
  await service.close();
});

function admin(path: string, options: Send = {}): Promise<ReceivedResponse> {
  return send(service.baseUrl, path, { ...options, headers: { authorization: bearer, ...options.headers } });
}

function store(path: string, options: Send = {}): Promise<ReceivedResponse> {
  return send(service.baseUrl, path, { ...options, headers: { 'svc-access-key': ACCESS_KEY, ...options.headers } });
}

describe('unrouted paths', () => {
  it('answers a path under the Admin API with 404 in json:api, or plain JSON when asked for', async () => {
    const jsonApi = await send(service.baseUrl, '/api/v3/no-such-entity');
    expect(jsonApi.status).toBe(404);
    expect(jsonApi.header('content-type')).toBe('application/vnd.api+json');
    expect(jsonApi.json).toMatchObject({ errors: [{ status: '404', code: 'FRAMEWORK__RESOURCE_NOT_FOUND' }] });
    const plain = await send(service.baseUrl, '/api/v3/no-such-entity', { headers: { accept: 'application/json' } });
    expect(plain.status).toBe(404);
    expect(plain.header('content-type')).toBe('application/json; charset=utf-8');
    expect(plain.json).toMatchObject({ errors: [{ status: '404' }] });
  });

  it('answers a path under the Store API with 404 in plain JSON', async () => {
    const answer = await send(service.baseUrl, '/store-api/v3/no-such-route');
    expect(answer.status).toBe(404);
    expect(answer.header('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.json).toMatchObject({ errors: [{ status: '404' }] });
  });
});

describe('405 with Allow for a method the path does not serve', () => {
  it('answers PUT on an Admin API record in json:api, before authentication', async () => {
    const answer = await send(service.baseUrl, `/api/v3/product/${productId}`, { method: 'PUT', body: { name: 'x' } });
    expect(answer.status).toBe(405);
    expect(answer.header('allow')).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    expect(answer.header('content-type')).toBe('application/vnd.api+json');
    expect(answer.json).toMatchObject({ errors: [{ status: '405', code: 'FRAMEWORK__METHOD_NOT_ALLOWED' }] });
  });

  it('answers curl -X PUT the same, and not 404', async () => {
    const answer = await curl([
      '-X',
      'PUT',
      '-H',
      'Accept: application/json',
      `${service.baseUrl}/api/v3/product/${productId}`,
    ]);
    expect(answer.status).toBe(405);
    expect(answer.headers).toMatch(/^allow: GET, HEAD, PATCH, DELETE, OPTIONS\r?$/im);
    expect(answer.headers).toMatch(/^content-type: application\/json; charset=utf-8\r?$/im);
  });

  it('answers in the Store API error shape', async () => {
    for (const path of ['/store-api/v3/checkout/cart', '/store-api/v1/checkout/cart']) {
      const answer = await store(path, { method: 'DELETE' });
      expect(answer.status, path).toBe(405);
      expect(answer.header('allow')).toBe('GET, HEAD, OPTIONS');
      expect(answer.json).toMatchObject({ errors: [{ status: '405', code: 'FRAMEWORK__METHOD_NOT_ALLOWED' }] });
    }
  });

  it.each([
    ['PATCH', '/api/PriceList', 'GET, HEAD, POST, OPTIONS'],
    ['POST', '/api/Banner/1', 'GET, HEAD, PUT, DELETE, OPTIONS'],
  ])('answers %s %s in the Digest envelope', async (method, path, allow) => {
    const answer = await send(service.baseUrl, path, { method, body: {} });
    expect(answer.status).toBe(405);
    expect(answer.header('allow')).toBe(allow);
    expect(answer.json).toEqual({ success: false, message: `Method ${method} is not allowed` });
  });

  it('answers OPTIONS with 204 and Allow, and HEAD where GET is served', async () => {
    const options = await send(service.baseUrl, '/api/v3/product', { method: 'OPTIONS' });
    expect([options.status, options.header('allow'), options.text]).toEqual([204, 'GET, HEAD, POST, OPTIONS', '']);
    const head = await admin('/api/v3/product', { method: 'HEAD' });
    expect([head.status, head.text]).toEqual([200, '']);
    const headNoGet = await send(service.baseUrl, '/api/PriceListPrices', { method: 'HEAD' });
    expect(headNoGet.status).not.toBe(405); // GET is served there, so HEAD is too (401 without credentials)
  });
});

describe('406 for a json:api media type with parameters (JSON:API 1.0)', () => {
  it.each(['application/vnd.api+json; ext="https://example.com/ext"', 'application/vnd.api+json; profile="x"'])(
    'answers Accept: %s with 406',
    async (accept) => {
      const answer = await admin('/api/v3/product', { headers: { accept } });
      expect(answer.status).toBe(406);
      expect(answer.json).toMatchObject({ errors: [{ status: '406', code: 'FRAMEWORK__NOT_ACCEPTABLE' }] });
    },
  );

  it('serves an acceptable alternative listed beside it', async () => {
    const answer = await admin('/api/v3/product', {
      headers: { accept: 'application/vnd.api+json; ext="x", application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.header('content-type')).toBe('application/json; charset=utf-8');
    const unmodified = await admin('/api/v3/product', {
      headers: { accept: 'application/vnd.api+json; ext="x", application/vnd.api+json' },
    });
    expect([unmodified.status, unmodified.header('content-type')]).toEqual([200, 'application/vnd.api+json']);
  });
});

describe('415 for a body in a media type the route does not read', () => {
  it.each([
    ['text/plain', 'name=x'],
    ['application/xml', '<product><name>x</name></product>'],
    ['application/vnd.api+json', '{"data":{"type":"product","attributes":{"name":"x"}}}'],
  ])('answers an Admin API write in %s with 415 in the negotiated error shape', async (type, body) => {
    const answer = await admin('/api/v3/product', { method: 'POST', headers: { 'content-type': type }, body });
    expect(answer.status).toBe(415);
    expect(answer.header('content-type')).toBe('application/vnd.api+json');
    expect(answer.json).toMatchObject({ errors: [{ status: '415', code: 'FRAMEWORK__UNSUPPORTED_MEDIA_TYPE' }] });
  });

  it('answers a Store API login in text/plain with 415', async () => {
    const answer = await store('/store-api/v3/account/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'user',
    });
    expect(answer.status).toBe(415);
    expect(answer.json).toMatchObject({ errors: [{ status: '415', code: 'FRAMEWORK__UNSUPPORTED_MEDIA_TYPE' }] });
  });

  it('answers a Digest write in text/plain with 415 in the success-false envelope', async () => {
    const answer = await apiUser(service).send('/api/PriceList', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(answer.status).toBe(415);
    expect(answer.json).toMatchObject({ success: false });
    expect(answer.json.message).toContain('text/plain');
  });

  it('still reads JSON, and a GET without a body whatever its Content-Type', async () => {
    const created = await admin('/api/v3/product', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{}',
    });
    expect(created.status).toBe(400); // read, then refused by validation
    const get = await admin('/api/v3/product?limit=1', { headers: { 'content-type': 'text/plain' } });
    expect(get.status).toBe(200);
  });
});

describe('the OpenAPI documents', () => {
  it('list 415 on every Admin and Store API operation, and 406 on the Admin API ones', () => {
    for (const name of ['admin-api', 'store-api']) {
      const document = JSON.parse(
        readFileSync(new URL(`../../generated/${name}/openapi.json`, import.meta.url), 'utf8'),
      );
      for (const [path, item] of Object.entries(
        document.paths as Record<string, Record<string, { responses?: object }>>,
      )) {
        for (const [method, operation] of Object.entries(item)) {
          if (path.endsWith('/oauth/token') || typeof operation !== 'object' || !operation.responses) continue;
          expect(Object.keys(operation.responses), `${name} ${method} ${path}`).toContain('415');
          if (name === 'admin-api') expect(Object.keys(operation.responses), `${method} ${path}`).toContain('406');
        }
      }
    }
  });
});
