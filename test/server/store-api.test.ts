// Store API end to end: access keys, context-token sessions (new, continued, expired, foreign,
// rotated on login with the cart kept), includes as a GET body and as a query, cart and countries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../examples/reference-service/seed.js';
import { ACCESS_KEY, send, startService, type ReceivedResponse, type Send, type Service } from './helpers.js';

let service: Service;
const OTHER_KEY = 'SVCSCOTHERCHANNELKEY0000002';

beforeAll(async () => {
  service = await startService();
  // A second sales channel, to show that sessions do not cross channels.
  service.app.db
    .prepare(
      'INSERT INTO sales_channel (id, name, access_key, currency, language_id, locale, country_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      seedId('sales-channel:other'),
      'Other shop',
      OTHER_KEY,
      'CHF',
      seedId('language:de-CH'),
      'de-CH',
      seedId('country:CH'),
    );
});
afterAll(async () => service.close());

const TOKEN = /^[A-Za-z0-9]{32}$/;
const PRODUCT = seedId('product:Water Bottle');
const OTHER_PRODUCT = seedId('product:Compass');

function store(path: string, token?: string, options: Send = {}, accessKey = ACCESS_KEY): Promise<ReceivedResponse> {
  return send(service.baseUrl, path, {
    ...options,
    headers: { 'svc-access-key': accessKey, ...(token ? { 'svc-context-token': token } : {}), ...options.headers },
  });
}

function tokenOf(answer: ReceivedResponse): string {
  const token = answer.header('svc-context-token');
  expect(token).toMatch(TOKEN);
  return token as string;
}

function expectError(answer: ReceivedResponse, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.json.errors[0]).toMatchObject({ status: String(status), code });
}

async function login(token: string): Promise<ReceivedResponse> {
  return store('/store-api/v3/account/login', token, {
    method: 'POST',
    body: { username: service.config.customerEmail, password: service.config.customerPassword },
  });
}

async function addToCart(token: string, referencedId: string, quantity: number): Promise<ReceivedResponse> {
  return store('/store-api/v3/checkout/cart/line-item', token, {
    method: 'POST',
    body: { items: [{ type: 'product', referencedId, quantity }] },
  });
}

describe('access key', () => {
  const routes: [string, Send][] = [
    ['/store-api/v3/context', {}],
    ['/store-api/v3/account/login', { method: 'POST', body: { username: 'a', password: 'b' } }],
    ['/store-api/v3/checkout/cart', {}],
    ['/store-api/v3/checkout/cart/line-item', { method: 'POST', body: { items: [] } }],
    ['/store-api/v2/country', {}],
  ];

  it('answers 401 API_ACCESS_KEY_MISSING without the header, on every route', async () => {
    for (const [path, options] of routes)
      expectError(await send(service.baseUrl, path, options), 401, 'FRAMEWORK__API_ACCESS_KEY_MISSING');
  });

  it('answers 401 SALES_CHANNEL_NOT_FOUND for an unknown key, on every route', async () => {
    for (const [path, options] of routes) {
      const answer = await store(path, undefined, options, 'SVCSCNOSUCHKEY');
      expectError(answer, 401, 'FRAMEWORK__SALES_CHANNEL_NOT_FOUND');
      expect(answer.header('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('context and sessions', () => {
  it('starts a session without token and answers the context with a new token', async () => {
    const answer = await store('/store-api/v3/context');
    expect(answer.status).toBe(200);
    const token = tokenOf(answer);
    expect(answer.json).toEqual({
      token,
      apiAlias: 'sales_channel_context',
      salesChannel: { id: seedId('sales-channel:storefront'), name: 'Storefront' },
      currency: { isoCode: 'EUR' },
      language: { id: seedId('language:en-GB'), locale: 'en-GB' },
      shippingLocation: { countryId: seedId('country:DE') },
      customer: null,
    });
  });

  it('continues a session under the same token, on every version segment', async () => {
    const token = tokenOf(await store('/store-api/v3/context'));
    for (const version of ['v1', 'v2', 'v3']) {
      const answer = await store(`/store-api/${version}/context`, token);
      expect(answer.status).toBe(200);
      expect(tokenOf(answer)).toBe(token);
      expect(answer.json.token).toBe(token);
    }
  });

  it('never adopts a token it did not issue', async () => {
    for (const chosen of [
      'ChosenByTheClient0000000000000AB',
      'short',
      'x'.repeat(200),
      'bad token with spaces!!!!!!!!!!!',
    ]) {
      const answer = await store('/store-api/v3/context', chosen);
      expect(answer.status).toBe(200);
      expect(tokenOf(answer)).not.toBe(chosen);
      expect(answer.json.token).toBe(answer.header('svc-context-token'));
    }
  });

  it('starts a new session once a token has been idle for over a day', async () => {
    const token = tokenOf(await store('/store-api/v3/context'));
    await addToCart(token, PRODUCT, 1);
    service.clock.advance(86_401);
    const answer = await store('/store-api/v3/checkout/cart', token);
    expect(tokenOf(answer)).not.toBe(token);
    expect(answer.json.lineItems).toEqual([]);
  });

  it('does not adopt a token of another sales channel', async () => {
    const token = tokenOf(await store('/store-api/v3/context'));
    await addToCart(token, PRODUCT, 2);
    const other = await store('/store-api/v3/checkout/cart', token, {}, OTHER_KEY);
    expect(other.status).toBe(200);
    expect(tokenOf(other)).not.toBe(token);
    expect(other.json.lineItems).toEqual([]);
    const otherContext = await store('/store-api/v3/context', tokenOf(other), {}, OTHER_KEY);
    expect(otherContext.json).toMatchObject({ salesChannel: { name: 'Other shop' }, currency: { isoCode: 'CHF' } });
    // The first channel's session is untouched.
    const own = await store('/store-api/v3/checkout/cart', token);
    expect(tokenOf(own)).toBe(token);
    expect(own.json.lineItems).toHaveLength(1);
  });

  it('applies includes sent as the JSON body of a GET', async () => {
    const answer = await store('/store-api/v3/context', undefined, {
      body: { includes: { sales_channel_context: ['token'] } },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ token: tokenOf(answer), apiAlias: 'sales_channel_context' });
  });

  it('applies includes sent as the query includes[<alias>][]=<field>', async () => {
    const answer = await store(
      '/store-api/v3/context?includes[sales_channel_context][]=token&includes[sales_channel_context][]=currency',
    );
    expect(answer.json).toEqual({
      token: tokenOf(answer),
      currency: { isoCode: 'EUR' },
      apiAlias: 'sales_channel_context',
    });
  });

  it('refuses includes of the wrong shape with 400, still naming the session', async () => {
    for (const options of [
      { body: { includes: ['token'] } },
      { body: { includes: { sales_channel_context: 'token' } } },
      { body: { other: 1 } },
    ]) {
      const answer = await store('/store-api/v3/context', undefined, options);
      expect(answer.status).toBe(400);
      tokenOf(answer);
    }
    const query = await store('/store-api/v3/context?includes=token');
    expect(query.status).toBe(400);
  });
});

describe('login', () => {
  it('issues a new token, moves the cart to it, and leaves the old token naming nothing', async () => {
    const before = tokenOf(await store('/store-api/v3/context'));
    await addToCart(before, PRODUCT, 3);

    const answer = await login(before);
    expect(answer.status).toBe(200);
    const after = tokenOf(answer);
    expect(after).not.toBe(before);
    expect(answer.json).toEqual({ contextToken: after, apiAlias: 'array_struct' });

    const cart = await store('/store-api/v3/checkout/cart', after);
    expect(tokenOf(cart)).toBe(after);
    expect(cart.json.lineItems).toEqual([{ id: PRODUCT, referencedId: PRODUCT, quantity: 3, type: 'product' }]);
    const context = await store('/store-api/v3/context', after);
    expect(context.json.customer).toMatchObject({
      email: service.config.customerEmail,
      firstName: 'Dana',
      lastName: 'Demo',
    });

    const old = await store('/store-api/v3/checkout/cart', before);
    expect(tokenOf(old)).not.toBe(before);
    expect(tokenOf(old)).not.toBe(after);
    expect(old.json.lineItems).toEqual([]);
  });

  it('logs in without a token too (a new session)', async () => {
    const answer = await store('/store-api/v3/account/login', undefined, {
      method: 'POST',
      body: { username: service.config.customerEmail.toUpperCase(), password: service.config.customerPassword },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.contextToken).toBe(tokenOf(answer));
  });

  it('answers 401 CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS to bad credentials, keeping the session', async () => {
    const token = tokenOf(await store('/store-api/v3/context'));
    for (const body of [
      { username: service.config.customerEmail, password: 'wrong' },
      { username: 'nobody@example.com', password: service.config.customerPassword },
    ]) {
      const answer = await store('/store-api/v3/account/login', token, { method: 'POST', body });
      expectError(answer, 401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS');
      expect(tokenOf(answer)).toBe(token);
    }
    expect((await store('/store-api/v3/context', token)).json.customer).toBeNull();
  });

  it('answers 400 with pointers to missing or mistyped credentials', async () => {
    const missing = await store('/store-api/v3/account/login', undefined, { method: 'POST', body: { username: 'a' } });
    expectError(missing, 400, 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION');
    expect(missing.json.errors[0].source.pointer).toBe('/password');
    const mistyped = await store('/store-api/v3/account/login', undefined, {
      method: 'POST',
      body: { username: 1, password: 'x' },
    });
    expect(mistyped.json.errors[0].source.pointer).toBe('/username');
    const notJson = await store('/store-api/v3/account/login', undefined, {
      method: 'POST',
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(notJson, 400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER');
    tokenOf(notJson);
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const answer = await store('/store-api/v3/account/login', undefined, {
      method: 'POST',
      body: { username: 'x'.repeat(1_100_000), password: 'y' },
    });
    expectError(answer, 413, 'FRAMEWORK__PAYLOAD_TOO_LARGE');
  });
});

describe('cart', () => {
  it('starts empty and adds line items, merging quantities of one product', async () => {
    const empty = await store('/store-api/v3/checkout/cart');
    const token = tokenOf(empty);
    expect(empty.json).toEqual({ token, lineItems: [], price: { totalPrice: 0 }, apiAlias: 'cart' });
    await addToCart(token, PRODUCT, 1);
    const answer = await store('/store-api/v3/checkout/cart/line-item', token, {
      method: 'POST',
      body: {
        items: [
          { type: 'product', referencedId: PRODUCT, quantity: 2 },
          { type: 'product', referencedId: OTHER_PRODUCT, quantity: 1 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(tokenOf(answer)).toBe(token);
    expect(answer.json.lineItems).toEqual([
      { id: PRODUCT, referencedId: PRODUCT, quantity: 3, type: 'product' },
      { id: OTHER_PRODUCT, referencedId: OTHER_PRODUCT, quantity: 1, type: 'product' },
    ]);
    expect(answer.json.price.totalPrice).toBeGreaterThan(0);
    expect(answer.json.apiAlias).toBe('cart');
  });

  it.each([
    [
      'an unknown product',
      { items: [{ type: 'product', referencedId: 'f'.repeat(32), quantity: 1 }] },
      '/items/0/referencedId',
    ],
    ['quantity 0', { items: [{ type: 'product', referencedId: PRODUCT, quantity: 0 }] }, '/items/0/quantity'],
    [
      'a quantity as a string',
      { items: [{ type: 'product', referencedId: PRODUCT, quantity: '2' }] },
      '/items/0/quantity',
    ],
    ['another line item type', { items: [{ type: 'promotion', referencedId: PRODUCT, quantity: 1 }] }, '/items/0/type'],
    ['no items', { items: [] }, '/items'],
    ['a line item id', { items: [{ id: 'x', type: 'product', referencedId: PRODUCT, quantity: 1 }] }, '/items/0/id'],
  ])('refuses %s with 400 and a pointer, leaving the cart as it was', async (_name, body, pointer) => {
    const token = tokenOf(await store('/store-api/v3/context'));
    await addToCart(token, PRODUCT, 1);
    const answer = await store('/store-api/v3/checkout/cart/line-item', token, { method: 'POST', body });
    expectError(answer, 400, 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION');
    expect(answer.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer)).toContain(pointer);
    expect((await store('/store-api/v3/checkout/cart', token)).json.lineItems).toHaveLength(1);
  });
});

describe('countries', () => {
  it('lists the active countries only, in the search result shape, on every version', async () => {
    for (const version of ['v1', 'v2', 'v3']) {
      const answer = await store(`/store-api/${version}/country`);
      expect(answer.status).toBe(200);
      tokenOf(answer);
      expect(answer.json).toMatchObject({
        total: 4,
        aggregations: {},
        page: 1,
        limit: 4,
        apiAlias: 'dal_entity_search_result',
      });
      expect(answer.json.elements.map((country: { iso: string }) => country.iso)).toEqual(['DE', 'AT', 'CH', 'GB']);
      expect(answer.json.elements[0]).toEqual({
        id: seedId('country:DE'),
        name: 'Germany',
        iso: 'DE',
        iso3: 'DEU',
        active: true,
        position: 1,
        apiAlias: 'country',
      });
    }
  });
});

describe('hostile input', () => {
  it.each([
    ['JSON null', 'null'],
    ['a number', '7'],
    ['broken JSON', '{"items":['],
    ['a prototype key', '{"__proto__":{"customerId":"x"},"username":"a","password":"b"}'],
    ['deep nesting', `{"items":${'['.repeat(4000)}${']'.repeat(4000)}}`],
    ['a huge quantity', `{"items":[{"type":"product","referencedId":"${PRODUCT}","quantity":1e300}]}`],
  ])('answers %s with a 4xx on every body route, with a session token', async (_name, body) => {
    for (const [method, path] of [
      ['POST', '/store-api/v3/account/login'],
      ['POST', '/store-api/v3/checkout/cart/line-item'],
    ] as const) {
      const answer = await store(path, undefined, { method, body, headers: { 'content-type': 'application/json' } });
      expect(answer.status, `${path}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(500);
      tokenOf(answer);
    }
  });

  it('answers hostile includes and tokens without a 5xx', async () => {
    for (const path of [
      '/store-api/v3/context?includes[__proto__][]=token',
      '/store-api/v3/context?includes[sales_channel_context][0][1][2]=token',
      `/store-api/v3/context?${'includes[a][]=b&'.repeat(500)}`,
    ]) {
      const answer = await store(path);
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(500);
    }
    for (const token of ['\u0000'.repeat(32), '../../../../etc/passwd', "' OR 1=1 --".padEnd(32, 'x')]) {
      const answer = await store('/store-api/v3/context', encodeURIComponent(token));
      expect(answer.status).toBe(200);
      expect(tokenOf(answer)).not.toBe(token);
    }
  });
});
