// Admin API end to end: OAuth token flows, every entity route in json:api and plain JSON, and each
// failure kind of the conventions (400, 401, 404, 406, 409, 413).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../examples/reference-service/seed.js';
import {
  expectJsonApi,
  passwordGrant,
  send,
  startService,
  type ReceivedResponse,
  type Send,
  type Service,
} from './helpers.js';

let service: Service;
let token: string;

beforeAll(async () => {
  service = await startService();
  token = (await passwordGrant(service)).access_token;
});
afterAll(async () => service.close());

const PLAIN = { accept: 'application/json' };
const TAX_STANDARD = seedId('tax:standard');
const TAX_REDUCED = seedId('tax:reduced');
const MANUFACTURER = seedId('manufacturer:acme');
const PARENT = seedId('product:Trail Jacket');
const CHILD = seedId('product:Trail Jacket Small');
const SINGLE = seedId('product:Water Bottle');
const UNKNOWN = 'f'.repeat(32);

function admin(path: string, options: Send = {}): Promise<ReceivedResponse> {
  return send(service.baseUrl, path, { ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
}

function tokenRequest(body: unknown, headers: Record<string, string> = {}): Promise<ReceivedResponse> {
  return send(service.baseUrl, '/api/oauth/token', { method: 'POST', body, headers });
}

function expectError(answer: ReceivedResponse, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  const errors = (answer.json as { errors: { status: string; code: string }[] }).errors;
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) expect(error).toMatchObject({ status: String(status), code });
}

function pointers(answer: ReceivedResponse): string[] {
  return (answer.json as { errors: { source?: { pointer: string } }[] }).errors.map(
    (error) => error.source?.pointer ?? '',
  );
}

const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: 'Test Lantern',
  taxId: TAX_STANDARD,
  manufacturerId: MANUFACTURER,
  stock: 12,
  active: true,
  price: { net: 10, gross: 11.9, linked: true },
  ...overrides,
});

describe('OAuth token endpoint', () => {
  it('issues a token pair for the password grant, not cacheable', async () => {
    const answer = await tokenRequest({
      grant_type: 'password',
      client_id: 'administration',
      scopes: 'write',
      username: service.config.adminUsername,
      password: service.config.adminPassword,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(answer.json.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(answer.json.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(answer.header('cache-control')).toBe('no-store');
    expect(answer.header('pragma')).toBe('no-cache');
  });

  it('accepts a form-encoded body as well', async () => {
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'administration',
      username: service.config.adminUsername,
      password: service.config.adminPassword,
    });
    const answer = await tokenRequest(form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(answer.status).toBe(200);
    expect(answer.json.token_type).toBe('Bearer');
  });

  it('issues an access token without refresh token for client_credentials', async () => {
    const answer = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: service.config.integrationId,
      client_secret: service.config.integrationSecret,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.refresh_token).toBeUndefined();
    const list = await send(service.baseUrl, '/api/v3/tax', {
      headers: { authorization: `Bearer ${answer.json.access_token}` },
    });
    expect(list.status).toBe(200);
  });

  it.each([
    [
      'a wrong password',
      { grant_type: 'password', client_id: 'administration', username: 'intruder', password: 'guess' },
      400,
      'invalid_grant',
    ],
    [
      'an unknown client of the password grant',
      { grant_type: 'password', client_id: 'other', username: 'intruder2', password: 'x' },
      401,
      'invalid_client',
    ],
    [
      'a wrong client secret',
      { grant_type: 'client_credentials', client_id: 'intruder-client', client_secret: 'guess' },
      401,
      'invalid_client',
    ],
    ['an unknown grant', { grant_type: 'implicit' }, 400, 'unsupported_grant_type'],
    ['no grant type', { client_id: 'administration' }, 400, 'invalid_request'],
    ['missing credentials', { grant_type: 'password', client_id: 'administration' }, 400, 'invalid_request'],
    [
      'a scope that is not allowed',
      { grant_type: 'password', client_id: 'administration', username: 'intruder3', password: 'x', scopes: 'admin' },
      400,
      'invalid_scope',
    ],
    ['a list where a string belongs', { grant_type: ['password'] }, 400, 'invalid_request'],
  ])('answers %s per RFC 6749 with the errors array too', async (_name, body, status, error) => {
    const answer = await tokenRequest(body);
    expect(answer.status).toBe(status);
    expect(answer.json).toMatchObject({ error, errors: [{ status: String(status), code: error }] });
    expect(typeof answer.json.error_description).toBe('string');
    expect(answer.header('cache-control')).toBe('no-store');
  });

  it.each([
    ['a body that is not JSON', '{"grant_type":', 'application/json', 400],
    ['a content type it does not read', 'grant_type=password', 'text/plain', 415],
    [
      'a body over 1 MiB',
      JSON.stringify({ grant_type: 'password', username: 'x'.repeat(1_100_000) }),
      'application/json',
      413,
    ],
  ])('answers %s with an RFC 6749 invalid_request', async (_name, body, type, status) => {
    const answer = await tokenRequest(body, { 'content-type': type });
    expect(answer.status).toBe(status);
    expect(answer.json).toMatchObject({
      error: 'invalid_request',
      errors: [{ status: String(status), code: 'invalid_request' }],
    });
    expect(answer.header('cache-control')).toBe('no-store');
  });

  it('rotates refresh tokens, and reuse of a rotated one revokes the whole family', async () => {
    const first = await passwordGrant(service);
    const refresh = (refreshToken: string | undefined) =>
      tokenRequest({ grant_type: 'refresh_token', client_id: 'administration', refresh_token: refreshToken });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    const secondAccess = second.json.access_token as string;
    expect(
      (await send(service.baseUrl, '/api/v3/tax', { headers: { authorization: `Bearer ${secondAccess}` } })).status,
    ).toBe(200);

    // The first refresh token was used: presenting it again means it was copied.
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toBe('invalid_grant');
    // Now every token of that grant is gone, the newest pair included.
    expect((await refresh(second.json.refresh_token as string)).json.error).toBe('invalid_grant');
    const revoked = await send(service.baseUrl, '/api/v3/tax', {
      headers: { authorization: `Bearer ${secondAccess}` },
    });
    expectError(revoked, 401, 'FRAMEWORK__UNAUTHORIZED');
    // Another grant's tokens are untouched.
    expect((await admin('/api/v3/tax')).status).toBe(200);
  });

  it('refuses a refresh token presented by another client', async () => {
    const pair = await passwordGrant(service);
    const answer = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: 'someone-else',
      refresh_token: pair.refresh_token,
    });
    expect(answer.json.error).toBe('invalid_grant');
  });

  it('answers 401 once an access token has expired', async () => {
    const pair = await passwordGrant(service);
    const call = () =>
      send(service.baseUrl, '/api/v3/tax', { headers: { authorization: `Bearer ${pair.access_token}` } });
    expect((await call()).status).toBe(200);
    service.clock.advance(601);
    try {
      const expired = await call();
      expectError(expired, 401, 'FRAMEWORK__UNAUTHORIZED');
      expect(expired.header('www-authenticate')).toBe('Bearer error="invalid_token"');
      // The refresh token still works and yields a fresh access token.
      const refreshed = await tokenRequest({
        grant_type: 'refresh_token',
        client_id: 'administration',
        refresh_token: pair.refresh_token,
      });
      expect(refreshed.status).toBe(200);
    } finally {
      token = (await passwordGrant(service)).access_token;
    }
  });

  it.each([
    ['no Authorization header', {}],
    ['a malformed header', { authorization: 'Bearer' }],
    ['Basic credentials', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['an unknown token', { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
  ])('answers 401 to %s on every entity route', async (_name, headers) => {
    for (const path of [
      '/api/v3/product',
      `/api/v3/product/${PARENT}`,
      `/api/v3/tax/${TAX_STANDARD}/products`,
      '/api/v3/manufacturer',
    ]) {
      const answer = await send(service.baseUrl, path, { headers });
      expectError(answer, 401, 'FRAMEWORK__UNAUTHORIZED');
      expect(answer.header('www-authenticate')).toMatch(/^Bearer/);
      expectJsonApi(answer);
    }
  });
});

describe('content negotiation', () => {
  it.each([[undefined], ['*/*'], ['application/vnd.api+json'], ['application/*']])(
    'answers json:api for Accept %s',
    async (accept) => {
      const answer = await admin('/api/v3/tax', accept ? { headers: { accept } } : {});
      expect(answer.status).toBe(200);
      expectJsonApi(answer);
    },
  );

  it('answers plain JSON for Accept application/json', async () => {
    const answer = await admin('/api/v3/tax', { headers: PLAIN });
    expect(answer.header('content-type')).toMatch(/^application\/json/);
    expect(answer.json).toMatchObject({ total: 3, aggregations: [] });
  });

  it('answers 406 to any other Accept, in the errors format', async () => {
    const answer = await admin('/api/v3/product', { headers: { accept: 'text/html' } });
    expectError(answer, 406, 'FRAMEWORK__NOT_ACCEPTABLE');
    expect(answer.header('content-type')).toMatch(/^application\/json/);
  });
});

describe('products', () => {
  it('lists a page in json:api with links, meta, relationships and included records', async () => {
    const answer = await admin('/api/v3/product?limit=5&page=2');
    expect(answer.status).toBe(200);
    expectJsonApi(answer);
    const body = answer.json;
    expect(body.data).toHaveLength(5);
    expect(body.meta).toEqual({ fetchCount: 5, total: 30 });
    expect(body.aggregations).toEqual([]);
    const url = (page: number) => `${service.baseUrl}/api/v3/product?limit=5&page=${page}`;
    expect(body.links).toEqual({ first: url(1), prev: url(1), next: url(3), last: url(6), self: url(2) });
    const resource = body.data[0];
    expect(resource).toMatchObject({
      type: 'product',
      links: { self: `${service.baseUrl}/api/v3/product/${resource.id}` },
    });
    expect(resource.attributes).toMatchObject({
      name: expect.any(String),
      stock: expect.any(Number),
      price: { net: expect.any(Number) },
    });
    expect(resource.attributes.price.extensions).toBeUndefined();
    expect(resource.relationships.tax).toEqual({
      links: { related: `${service.baseUrl}/api/v3/product/${resource.id}/tax` },
      data: { type: 'tax', id: resource.attributes.taxId },
    });
    // Every related record referenced by the primary data is included exactly once.
    const included = new Set(
      (body.included as { type: string; id: string }[]).map((item) => `${item.type}:${item.id}`),
    );
    expect(included.size).toBe(body.included.length);
    expect(included.has(`tax:${resource.attributes.taxId}`)).toBe(true);
  });

  it('leaves out next on the last page and prev on the first', async () => {
    const last = await admin('/api/v3/product?limit=25&page=2');
    expect(last.json.links.next).toBeUndefined();
    expect(last.json.meta).toEqual({ fetchCount: 5, total: 30 });
    const first = await admin('/api/v3/product');
    expect(first.json.links.prev).toBeUndefined();
    expect(first.json.data).toHaveLength(25);
  });

  it('lists in plain JSON with embedded records and the price extensions', async () => {
    const answer = await admin('/api/v3/product?limit=500', { headers: PLAIN });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(['aggregations', 'data', 'total']);
    const parent = (answer.json.data as { id: string }[]).find((product) => product.id === PARENT) as Record<
      string,
      any
    >;
    expect(parent.price.extensions).toEqual([]);
    expect(parent.tax).toMatchObject({ id: parent.taxId, taxRate: expect.any(Number) });
    expect(parent.parent).toBeNull();
    expect(parent.children.map((child: { id: string }) => child.id)).toContain(CHILD);
  });

  it.each([
    ['limit above 500', '/api/v3/product?limit=501'],
    ['limit 0', '/api/v3/product?limit=0'],
    ['a limit that is not a number', '/api/v3/product?limit=ten'],
    ['page 0', '/api/v3/product?page=0'],
    ['a malformed id', '/api/v3/product/ABC'],
    ['an id of the wrong length', `/api/v3/product/${'a'.repeat(31)}`],
  ])('answers 400 to %s', async (_name, path) => {
    const answer = await admin(path);
    expectError(answer, 400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER');
    expectJsonApi(answer);
  });

  it('reads one product with its relationships; 404 for an unknown id', async () => {
    const answer = await admin(`/api/v3/product/${CHILD}`);
    expect(answer.status).toBe(200);
    expectJsonApi(answer);
    expect(answer.json.data.relationships.parent.data).toEqual({ type: 'product', id: PARENT });
    expect(answer.json.included.some((item: { id: string }) => item.id === PARENT)).toBe(true);
    const missing = await admin(`/api/v3/product/${UNKNOWN}`);
    expectError(missing, 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
    expect(missing.json.errors[0].detail).toBe(`No product with id "${UNKNOWN}" was found.`);
    expectJsonApi(missing);
  });

  it('reads one product in plain JSON as {data}', async () => {
    const answer = await admin(`/api/v3/product/${CHILD}`, { headers: PLAIN });
    expect(answer.json.data).toMatchObject({
      id: CHILD,
      parent: { id: PARENT },
      tax: { id: expect.any(String) },
      price: { extensions: [] },
    });
  });

  it('reads the associations tax, manufacturer, parent and children', async () => {
    const tax = await admin(`/api/v3/product/${PARENT}/tax`);
    expectJsonApi(tax);
    expect(tax.json.data.type).toBe('tax');
    const manufacturer = await admin(`/api/v3/product/${PARENT}/manufacturer`);
    expectJsonApi(manufacturer);
    expect(manufacturer.json.data.type).toBe('manufacturer');
    const parent = await admin(`/api/v3/product/${CHILD}/parent`);
    expectJsonApi(parent);
    expect(parent.json.data.id).toBe(PARENT);
    const noParent = await admin(`/api/v3/product/${PARENT}/parent`);
    expectJsonApi(noParent);
    expect(noParent.json.data).toBeNull();
    const noParentPlain = await admin(`/api/v3/product/${PARENT}/parent`, { headers: PLAIN });
    expect(noParentPlain.json).toEqual({ data: null });
    const children = await admin(`/api/v3/product/${PARENT}/children?limit=1`);
    expectJsonApi(children);
    expect(children.json.meta).toEqual({ fetchCount: 1, total: 2 });
    expect(children.json.links.next).toBe(`${service.baseUrl}/api/v3/product/${PARENT}/children?limit=1&page=2`);
    // The seed leaves every fifth product without manufacturer.
    const none = await admin(`/api/v3/product/${seedId('product:Canvas Backpack Small')}/manufacturer`);
    expect(none.status).toBe(200);
    expectJsonApi(none);
    expect(none.json.data).toBeNull();
  });

  it('answers 404 on an association of an unknown product', async () => {
    for (const association of ['tax', 'manufacturer', 'parent', 'children']) {
      expectError(await admin(`/api/v3/product/${UNKNOWN}/${association}`), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
    }
  });

  it('creates a product: 204 with Location, or 200 with the record when _response=true', async () => {
    const created = await admin('/api/v3/product', { method: 'POST', body: newProduct() });
    expect(created.status).toBe(204);
    expect(created.text).toBe('');
    const location = created.header('location') as string;
    expect(location).toMatch(new RegExp(`^${service.baseUrl}/api/v3/product/[0-9a-f]{32}$`));
    const read = await send(location, '', { headers: { authorization: `Bearer ${token}`, ...PLAIN } });
    expect(read.json.data).toMatchObject({
      name: 'Test Lantern',
      stock: 12,
      manufacturerId: MANUFACTURER,
      parentId: null,
    });

    const withRecord = await admin('/api/v3/product?_response=true', {
      method: 'POST',
      body: newProduct({ name: 'Lantern Mini', parentId: PARENT }),
    });
    expect(withRecord.status).toBe(200);
    expectJsonApi(withRecord);
    expect(withRecord.json.data.attributes).toMatchObject({ name: 'Lantern Mini', parentId: PARENT });
    expect(withRecord.json.data.relationships.parent.data).toEqual({ type: 'product', id: PARENT });
  });

  it.each([
    ['an integer sent as a string', { stock: '5' }, '/stock'],
    ['an unknown field', { colour: 'red' }, '/colour'],
    ['a taxId that names no tax', { taxId: UNKNOWN }, '/taxId'],
    ['a manufacturerId that names no manufacturer', { manufacturerId: UNKNOWN }, '/manufacturerId'],
    ['a parentId that names no product', { parentId: UNKNOWN }, '/parentId'],
    ['a malformed taxId', { taxId: 'nope' }, '/taxId'],
    ['a blank name', { name: '  ' }, '/name'],
    ['a price of the wrong shape', { price: { net: 1 } }, '/price/gross'],
  ])('refuses %s with 400 and a pointer', async (_name, overrides, pointer) => {
    const answer = await admin('/api/v3/product', { method: 'POST', body: newProduct(overrides) });
    expect(answer.status).toBe(400);
    expect(pointers(answer)).toContain(pointer);
    expectJsonApi(answer);
  });

  it('lists one error per violation', async () => {
    const answer = await admin('/api/v3/product', {
      method: 'POST',
      body: newProduct({ taxId: UNKNOWN, manufacturerId: UNKNOWN, name: '' }),
    });
    expectError(answer, 400, 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION');
    expect(pointers(answer).sort()).toEqual(['/manufacturerId', '/name', '/taxId']);
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const answer = await admin('/api/v3/product', {
      method: 'POST',
      body: newProduct({ name: 'x'.repeat(1_100_000) }),
    });
    expectError(answer, 413, 'FRAMEWORK__PAYLOAD_TOO_LARGE');
  });

  it('updates only the given fields; 404 for an unknown id; 400 for a cycle', async () => {
    const created = await admin('/api/v3/product?_response=true', {
      method: 'POST',
      body: newProduct({ name: 'Patch Me' }),
    });
    const id = created.json.data.id as string;
    const patched = await admin(`/api/v3/product/${id}`, { method: 'PATCH', body: { stock: 99 } });
    expect(patched.status).toBe(204);
    expect(patched.header('location')).toBe(`${service.baseUrl}/api/v3/product/${id}`);
    const read = await admin(`/api/v3/product/${id}`, { headers: PLAIN });
    expect(read.json.data).toMatchObject({
      name: 'Patch Me',
      stock: 99,
      manufacturerId: MANUFACTURER,
      taxId: TAX_STANDARD,
    });

    const withRecord = await admin(`/api/v3/product/${id}?_response=1`, {
      method: 'PATCH',
      body: { manufacturerId: null },
      headers: PLAIN,
    });
    expect(withRecord.status).toBe(200);
    expect(withRecord.json.data).toMatchObject({ manufacturerId: null, manufacturer: null });

    expectError(
      await admin(`/api/v3/product/${UNKNOWN}`, { method: 'PATCH', body: { stock: 1 } }),
      404,
      'FRAMEWORK__RESOURCE_NOT_FOUND',
    );
    expect(pointers(await admin(`/api/v3/product/${PARENT}`, { method: 'PATCH', body: { parentId: CHILD } }))).toEqual([
      '/parentId',
    ]);
    expect(pointers(await admin(`/api/v3/product/${id}`, { method: 'PATCH', body: { active: 'yes' } }))).toEqual([
      '/active',
    ]);
  });

  it('deletes a product; 409 when others still reference it; 404 afterwards', async () => {
    const created = await admin('/api/v3/product?_response=true', {
      method: 'POST',
      body: newProduct({ name: 'Delete Me' }),
    });
    const id = created.json.data.id as string;
    const deleted = await admin(`/api/v3/product/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expectError(await admin(`/api/v3/product/${id}`), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
    expectError(await admin(`/api/v3/product/${id}`, { method: 'DELETE' }), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
    const restricted = await admin(`/api/v3/product/${PARENT}`, { method: 'DELETE' });
    expectError(restricted, 409, 'FRAMEWORK__DELETE_RESTRICTED');
    expectJsonApi(restricted);
  });
});

describe('taxes', () => {
  it('lists, reads and lists the products of a tax', async () => {
    const list = await admin('/api/v3/tax');
    expectJsonApi(list);
    expect(list.json.meta.total).toBe(3);
    expect(list.json.data[0].relationships.products.links.related).toMatch(/\/api\/v3\/tax\/[0-9a-f]{32}\/products$/);
    const one = await admin(`/api/v3/tax/${TAX_STANDARD}`);
    expectJsonApi(one);
    expect(one.json.data.attributes).toMatchObject({ name: 'Standard rate', taxRate: 19 });
    const plain = await admin(`/api/v3/tax/${TAX_STANDARD}`, { headers: PLAIN });
    expect(plain.json.data).toMatchObject({ id: TAX_STANDARD, name: 'Standard rate' });
    expect(plain.json.data.products.length).toBeGreaterThan(0);
    expect(
      plain.json.data.products.every(
        (product: { taxId: string; tax: unknown }) => product.taxId === TAX_STANDARD && product.tax === null,
      ),
    ).toBe(true);
    const products = await admin(`/api/v3/tax/${TAX_REDUCED}/products?limit=3`);
    expectJsonApi(products);
    expect(
      products.json.data.every(
        (product: { attributes: { taxId: string } }) => product.attributes.taxId === TAX_REDUCED,
      ),
    ).toBe(true);
    expectError(await admin(`/api/v3/tax/${UNKNOWN}`), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
    expectError(await admin(`/api/v3/tax/${UNKNOWN}/products`), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
    expectError(await admin('/api/v3/tax/x'), 400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER');
  });

  it('creates, updates and deletes a tax; a referenced one is a 409', async () => {
    const created = await admin('/api/v3/tax', { method: 'POST', body: { name: 'Super reduced', taxRate: 5.5 } });
    expect(created.status).toBe(204);
    const id = (created.header('location') as string).split('/').pop() as string;
    const updated = await admin(`/api/v3/tax/${id}?_response=true`, {
      method: 'PATCH',
      body: { taxRate: 4 },
      headers: PLAIN,
    });
    expect(updated.json.data).toMatchObject({ id, name: 'Super reduced', taxRate: 4 });
    expect(pointers(await admin('/api/v3/tax', { method: 'POST', body: { name: 'Bad', taxRate: '7' } }))).toEqual([
      '/taxRate',
    ]);
    expect(pointers(await admin('/api/v3/tax', { method: 'POST', body: { name: 'Bad', taxRate: 170 } }))).toEqual([
      '/taxRate',
    ]);
    expect(pointers(await admin('/api/v3/tax', { method: 'POST', body: { taxRate: 7 } }))).toEqual(['/name']);
    expectError(
      await admin(`/api/v3/tax/${UNKNOWN}`, { method: 'PATCH', body: { taxRate: 4 } }),
      404,
      'FRAMEWORK__RESOURCE_NOT_FOUND',
    );
    expect((await admin(`/api/v3/tax/${id}`, { method: 'DELETE' })).status).toBe(204);
    const restricted = await admin(`/api/v3/tax/${TAX_STANDARD}`, { method: 'DELETE' });
    expectError(restricted, 409, 'FRAMEWORK__DELETE_RESTRICTED');
    expect(restricted.json.errors[0].detail).toBe(
      `The tax with id "${TAX_STANDARD}" is still referenced and cannot be deleted.`,
    );
    expectError(await admin(`/api/v3/tax/${UNKNOWN}`, { method: 'DELETE' }), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
  });
});

describe('manufacturers', () => {
  it('lists, reads and lists the products of a manufacturer', async () => {
    const list = await admin('/api/v3/manufacturer?limit=2');
    expectJsonApi(list);
    expect(list.json.meta).toEqual({ fetchCount: 2, total: 3 });
    const one = await admin(`/api/v3/manufacturer/${MANUFACTURER}`, { headers: PLAIN });
    expect(one.json.data).toMatchObject({ id: MANUFACTURER, name: 'Acme Goods', catalogId: 'catalog-main' });
    expect(one.json.data.products.length).toBeGreaterThan(0);
    expect(
      one.json.data.products.every((product: { manufacturerId: string }) => product.manufacturerId === MANUFACTURER),
    ).toBe(true);
    const products = await admin(`/api/v3/manufacturer/${MANUFACTURER}/products`, { headers: PLAIN });
    expect(products.json.total).toBeGreaterThan(0);
    expect(
      products.json.data.every((product: { manufacturerId: string }) => product.manufacturerId === MANUFACTURER),
    ).toBe(true);
    expectError(await admin(`/api/v3/manufacturer/${UNKNOWN}`), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
    expectError(await admin(`/api/v3/manufacturer/${UNKNOWN}/products`), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
  });

  it('creates, updates and deletes a manufacturer; a referenced one is a 409', async () => {
    const created = await admin('/api/v3/manufacturer?_response=true', {
      method: 'POST',
      body: { name: 'Lumen Works', catalogId: 'catalog-main' },
    });
    expect(created.status).toBe(200);
    expectJsonApi(created);
    const id = created.json.data.id as string;
    const patched = await admin(`/api/v3/manufacturer/${id}`, { method: 'PATCH', body: { name: 'Lumen Works Ltd' } });
    expect(patched.status).toBe(204);
    expect((await admin(`/api/v3/manufacturer/${id}`)).json.data.attributes.name).toBe('Lumen Works Ltd');
    expect(pointers(await admin(`/api/v3/manufacturer/${id}`, { method: 'PATCH', body: { id: UNKNOWN } }))).toEqual([
      '/id',
    ]);
    expectError(
      await admin(`/api/v3/manufacturer/${UNKNOWN}`, { method: 'PATCH', body: { name: 'x' } }),
      404,
      'FRAMEWORK__RESOURCE_NOT_FOUND',
    );
    expectError(
      await admin(`/api/v3/manufacturer/${MANUFACTURER}`, { method: 'DELETE' }),
      409,
      'FRAMEWORK__DELETE_RESTRICTED',
    );
    expect((await admin(`/api/v3/manufacturer/${id}`, { method: 'DELETE' })).status).toBe(204);
    expectError(await admin(`/api/v3/manufacturer/${id}`, { method: 'DELETE' }), 404, 'FRAMEWORK__RESOURCE_NOT_FOUND');
  });
});

describe('hostile input', () => {
  const bodies: [string, string][] = [
    ['JSON null', 'null'],
    ['a list', '[{"name":"x"}]'],
    ['broken JSON', '{"name":'],
    ['a prototype key', '{"__proto__":{"admin":true},"name":"x"}'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"polluted":1}}}'],
    ['deep nesting', `{"price":${'['.repeat(4000)}${']'.repeat(4000)}}`],
    ['a huge number', '{"stock":1e400}'],
    ['a float where an integer belongs', '{"stock":1.5}'],
  ];

  it.each(bodies)('answers %s with a 4xx on every write route', async (_name, body) => {
    for (const [method, path] of [
      ['POST', '/api/v3/product'],
      ['PATCH', `/api/v3/product/${SINGLE}`],
      ['POST', '/api/v3/tax'],
      ['PATCH', `/api/v3/tax/${TAX_REDUCED}`],
      ['POST', '/api/v3/manufacturer'],
      ['PATCH', `/api/v3/manufacturer/${MANUFACTURER}`],
    ] as const) {
      const answer = await admin(path, { method, body, headers: { 'content-type': 'application/json' } });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(500);
      expectJsonApi(answer);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('answers hostile token requests and headers with a 4xx', async () => {
    for (const body of ['null', '[]', '{"grant_type":{"$ne":1}}', `grant_type=password&${'a=1&'.repeat(2000)}`]) {
      const type = body.startsWith('grant_type=') ? 'application/x-www-form-urlencoded' : 'application/json';
      const answer = await tokenRequest(body, { 'content-type': type });
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
    }
    for (const authorization of [`Bearer ${'a'.repeat(5000)}`, 'Bearer \u00e9t\u00e9', 'Bearer a b c']) {
      const answer = await send(service.baseUrl, '/api/v3/product', {
        headers: { authorization: encodeURI(authorization) },
      });
      expectError(answer, 401, 'FRAMEWORK__UNAUTHORIZED');
    }
    for (const path of [
      '/api/v3/product?limit[]=1',
      '/api/v3/product?page=1e2',
      '/api/v3/product?limit=%',
      `/api/v3/product/${'%2e%2e%2f'.repeat(4)}`,
    ]) {
      const answer = await admin(path);
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(500);
    }
  });
});
