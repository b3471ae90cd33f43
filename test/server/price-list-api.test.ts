// Price-List API end to end: HTTP Digest (challenge, stale nonces, replayed counts, both algorithms,
// curl), every route with its failures, filters as a GET body and as a query, all-or-nothing batches.
import { describe, expect, it } from 'vitest';
import { DigestClient } from '../../generated/runtime/auth/digest/digest-client.js';
import { parseDigestChallenges } from '../../generated/runtime/auth/digest/digest.js';
import {
  apiUser,
  curl,
  expectClientError,
  expectEnvelopeFailure,
  send,
  useDigestService,
  type ReceivedResponse,
  type Send,
} from './helpers.js';
import { samplePrice } from './sample-bodies.js';

const shop = useDigestService();

const CURRENCY = 'SvcPriceList\\Condition\\CurrencyCondition';

const call = (path: string, options: Send = {}): Promise<ReceivedResponse> => shop.api.sendJson(path, options);

const price = samplePrice;

function priceCount(): number {
  return (shop.service.app.db.prepare('SELECT COUNT(*) AS n FROM price_list_price').get() as { n: number }).n;
}

describe('Digest authentication', () => {
  it('challenges with SHA-256 and MD5, qop auth, and the envelope', async () => {
    const answer = await send(shop.service.baseUrl, '/api/PriceList');
    expectEnvelopeFailure(answer, 401, 'Invalid or missing auth');
    const challenges = parseDigestChallenges(answer.headers['www-authenticate']);
    expect(challenges.map((challenge) => challenge.algorithm)).toEqual(['SHA-256', 'MD5']);
    for (const challenge of challenges)
      expect(challenge).toMatchObject({ realm: 'svc REST-API', qop: ['auth'], stale: false });
  });

  it('refuses a wrong key, an unknown user and other schemes', async () => {
    for (const [username, password] of [
      [shop.service.config.apiUsername, 'wrong-key'],
      ['nobody', shop.service.config.apiKey],
    ] as const) {
      const answer = await new (await import('./helpers.js')).DigestUser(shop.service.baseUrl, username, password).send(
        '/api/PriceList',
      );
      expectEnvelopeFailure(answer, 401, 'Invalid or missing auth');
    }
    expectEnvelopeFailure(
      await send(shop.service.baseUrl, '/api/PriceList', { headers: { authorization: 'Basic YXBpOmFwaQ==' } }),
      401,
    );
    expectEnvelopeFailure(
      await send(shop.service.baseUrl, '/api/PriceList', { headers: { authorization: 'Digest garbage' } }),
      401,
    );
  });

  it('answers with the MD5 challenge as well', async () => {
    const first = await send(shop.service.baseUrl, '/api/PriceList');
    const md5Only = (first.headers['www-authenticate'] as string[]).filter((value) => /algorithm=MD5/.test(value));
    const client = new DigestClient({
      username: shop.service.config.apiUsername,
      password: shop.service.config.apiKey,
    });
    expect(client.acceptChallenge(md5Only).usable).toBe(true);
    const answer = await send(shop.service.baseUrl, '/api/PriceList', {
      headers: { authorization: client.authorization('GET', '/api/PriceList') as string },
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a replayed nonce count', async () => {
    const first = await send(shop.service.baseUrl, '/api/PriceList');
    const client = new DigestClient({
      username: shop.service.config.apiUsername,
      password: shop.service.config.apiKey,
    });
    client.acceptChallenge(first.headers['www-authenticate']);
    const authorization = client.authorization('GET', '/api/PriceList') as string;
    expect((await send(shop.service.baseUrl, '/api/PriceList', { headers: { authorization } })).status).toBe(200);
    const replay = await send(shop.service.baseUrl, '/api/PriceList', { headers: { authorization } });
    expectEnvelopeFailure(replay, 401);
    expect(parseDigestChallenges(replay.headers['www-authenticate'])[0]?.stale).toBe(false);
  });

  it('answers stale=true to an expired nonce, and the client recovers', async () => {
    const user = apiUser(shop.service);
    expect((await user.send('/api/PriceList')).status).toBe(200);
    shop.service.clock.advance(3601);
    const client = new DigestClient({
      username: shop.service.config.apiUsername,
      password: shop.service.config.apiKey,
    });
    const fresh = await send(shop.service.baseUrl, '/api/PriceList');
    client.acceptChallenge(fresh.headers['www-authenticate']);
    shop.service.clock.advance(3601);
    const stale = await send(shop.service.baseUrl, '/api/PriceList', {
      headers: { authorization: client.authorization('GET', '/api/PriceList') as string },
    });
    expectEnvelopeFailure(stale, 401);
    expect(parseDigestChallenges(stale.headers['www-authenticate']).every((challenge) => challenge.stale)).toBe(true);
    expect((await user.send('/api/PriceList')).status).toBe(200);
  });

  it('works with curl --digest, GET and POST', async () => {
    const credentials = `${shop.service.config.apiUsername}:${shop.service.config.apiKey}`;
    const list = await curl(['--digest', '-u', credentials, `${shop.service.baseUrl}/api/PriceList?limit=1`]);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toMatchObject({ success: true, data: [{ id: 1 }], total: expect.any(Number) });
    const created = await curl([
      '--digest',
      '-u',
      credentials,
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"name":"Curl list","priority":3}',
      `${shop.service.baseUrl}/api/PriceList`,
    ]);
    expect(created.status).toBe(201);
    expect(created.headers).toMatch(/location: http:\/\/127\.0\.0\.1:[0-9]+\/api\/PriceList\/[0-9]+/i);
    const wrong = await curl([
      '--digest',
      '-u',
      `${shop.service.config.apiUsername}:nope`,
      `${shop.service.baseUrl}/api/PriceList`,
    ]);
    expect(wrong.status).toBe(401);
  });

  it('works with curl --digest for a GET with a filters body', async () => {
    const body = JSON.stringify({ filters: [{ 'field-name': 'orderNumber', value: 'SVC10003', type: 'eq' }] });
    const answer = await curl([
      '--digest',
      '-u',
      `${shop.service.config.apiUsername}:${shop.service.config.apiKey}`,
      '-X',
      'GET',
      '-H',
      'Content-Type: application/json',
      '-d',
      body,
      `${shop.service.baseUrl}/api/PriceListPrices`,
    ]);
    expect(answer.status).toBe(200);
    const parsed = JSON.parse(answer.body);
    expect(parsed.total).toBe(1);
    expect(parsed.data[0].orderNumber).toBe('SVC10003');
  });
});

describe('price lists', () => {
  it('lists with limit, offset and total', async () => {
    const answer = await call('/api/PriceList?limit=1&offset=1');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      data: [{ id: 2, name: 'Swiss wholesale', priority: 20 }],
      total: expect.any(Number),
    });
  });

  it('filters by a GET body and by the same JSON in the filters query parameter', async () => {
    const filters = [{ 'field-name': 'priority', value: 15, type: 'gte' }];
    const byBody = await call('/api/PriceList', { body: { filters } });
    expect(byBody.json.data.map((list: { name: string }) => list.name)).toContain('Swiss wholesale');
    expect(byBody.json.data.every((list: { priority: number }) => list.priority >= 15)).toBe(true);
    const byQuery = await call(`/api/PriceList?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    expect(byQuery.json).toEqual(byBody.json);
  });

  it.each([
    [
      'an unknown filter field',
      '/api/PriceList',
      { filters: [{ 'field-name': 'colour', value: 'x', type: 'eq' }] },
      /unknown filter field "colour"/,
    ],
    [
      'an unknown filter type',
      '/api/PriceList',
      { filters: [{ 'field-name': 'name', value: 'x', type: 'between' }] },
      'Validation error',
    ],
    [
      'a value of the wrong type',
      '/api/PriceList',
      { filters: [{ 'field-name': 'priority', value: 'high', type: 'eq' }] },
      /must be an integer/,
    ],
    [
      'in without a list',
      '/api/PriceList',
      { filters: [{ 'field-name': 'id', value: 1, type: 'in' }] },
      /needs a list/,
    ],
    [
      'like on a number',
      '/api/PriceList',
      { filters: [{ 'field-name': 'priority', value: '1', type: 'like' }] },
      /text field/,
    ],
    ['limit above 1000', '/api/PriceList?limit=1001', undefined, /limit/],
    ['a negative offset', '/api/PriceList?offset=-1', undefined, /offset/],
    ['a filters query that is not JSON', '/api/PriceList?filters=%5B', undefined, /filters/],
  ])('answers 400 to %s', async (_name, path, body, message) => {
    const answer = await call(path, body ? { body } : {});
    expectEnvelopeFailure(answer, 400, message);
  });

  it('creates (201, Location, id and location), reads, replaces and deletes a price list', async () => {
    const created = await call('/api/PriceList', { method: 'POST', body: { name: 'Spring promo', priority: 5 } });
    expect(created.status).toBe(201);
    const { id, location } = created.json.data as { id: number; location: string };
    expect(created.json).toEqual({
      success: true,
      data: { id, location: `${shop.service.baseUrl}/api/PriceList/${id}` },
    });
    expect(created.header('location')).toBe(location);
    expect((await call(`/api/PriceList/${id}`)).json).toEqual({
      success: true,
      data: { id, name: 'Spring promo', priority: 5 },
    });
    const replaced = await call(`/api/PriceList/${id}`, {
      method: 'PUT',
      body: { name: 'Spring promo 2', priority: 6 },
    });
    expect(replaced.json).toEqual({ success: true, data: { id, name: 'Spring promo 2', priority: 6 } });
    // The id may be repeated in the body, but must then be the same.
    const withId = await call(`/api/PriceList/${id}`, {
      method: 'PUT',
      body: { id, name: 'Spring promo 3', priority: 7 },
    });
    expect(withId.json.data).toEqual({ id, name: 'Spring promo 3', priority: 7 });
    const otherId = await call(`/api/PriceList/${id}`, { method: 'PUT', body: { id: id + 1, name: 'x', priority: 7 } });
    expectEnvelopeFailure(otherId, 400, 'Validation error');
    expect(otherId.json.errors[0]).toMatch(/^id: /);
    expect((await call(`/api/PriceList/${id}`, { method: 'DELETE' })).json).toEqual({ success: true });
    expectEnvelopeFailure(await call(`/api/PriceList/${id}`), 404, `PriceList by id ${id} not found`);
  });

  it.each([
    ['an empty name', { name: '', priority: 1 }, 'name'],
    ['a blank name', { name: '   ', priority: 1 }, 'name'],
    ['a name over 255 characters', { name: 'n'.repeat(256), priority: 1 }, 'name'],
    ['a negative priority', { name: 'x', priority: -1 }, 'priority'],
    ['a priority as a string', { name: 'x', priority: '1' }, 'priority'],
    ['a missing priority', { name: 'x' }, 'priority'],
    ['an unknown field', { name: 'x', priority: 1, colour: 'red' }, 'colour'],
  ])('refuses %s with "Validation error" naming the field', async (_name, body, field) => {
    const answer = await call('/api/PriceList', { method: 'POST', body });
    expectEnvelopeFailure(answer, 400, 'Validation error');
    expect(answer.json.errors.some((error: string) => error.startsWith(`${field}:`))).toBe(true);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expectEnvelopeFailure(await call('/api/PriceList/999'), 404, 'PriceList by id 999 not found');
    expectEnvelopeFailure(await call('/api/PriceList/999', { method: 'PUT', body: { name: 'x', priority: 1 } }), 404);
    expectEnvelopeFailure(await call('/api/PriceList/999', { method: 'DELETE' }), 404);
    expectEnvelopeFailure(await call('/api/PriceList/abc'), 400);
    expectEnvelopeFailure(await call('/api/PriceList/1.5', { method: 'DELETE' }), 400);
  });

  it('answers 405 with Allow to a method the path does not serve', async () => {
    const answer = await call('/api/PriceList', { method: 'PATCH', body: {} });
    expectEnvelopeFailure(answer, 405, 'Method PATCH is not allowed');
    expect(answer.header('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect((await call('/api/PriceList/1', { method: 'POST', body: {} })).header('allow')).toBe(
      'GET, HEAD, PUT, DELETE, OPTIONS',
    );
  });

  it('answers 413 to a body over 1 MiB', async () => {
    expectEnvelopeFailure(
      await call('/api/PriceList', { method: 'POST', body: { name: 'x'.repeat(1_100_000), priority: 1 } }),
      413,
    );
  });
});

describe('conditions', () => {
  it('lists all conditions with total', async () => {
    const answer = await call('/api/PriceListCondition');
    expect(answer.json.success).toBe(true);
    expect(answer.json.total).toBe(answer.json.data.length);
    expect(answer.json.data[0]).toEqual({ id: 1, priceListId: 1, type: CURRENCY, value: 'EUR' });
  });

  it('creates, reads, replaces and deletes a condition', async () => {
    const created = await call('/api/PriceListCondition', {
      method: 'POST',
      body: { priceListId: 2, type: CURRENCY, value: 'USD' },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id as number;
    expect(created.header('location')).toBe(`${shop.service.baseUrl}/api/PriceListCondition/${id}`);
    expect((await call(`/api/PriceListCondition/${id}`)).json.data).toEqual({
      id,
      priceListId: 2,
      type: CURRENCY,
      value: 'USD',
    });
    const replaced = await call(`/api/PriceListCondition/${id}`, {
      method: 'PUT',
      body: { priceListId: 1, type: CURRENCY, value: 'GBP' },
    });
    expect(replaced.json.data).toEqual({ id, priceListId: 1, type: CURRENCY, value: 'GBP' });
    expect((await call(`/api/PriceListCondition/${id}`, { method: 'DELETE' })).json).toEqual({ success: true });
    expectEnvelopeFailure(await call(`/api/PriceListCondition/${id}`), 404, `PriceListCondition by id ${id} not found`);
    expectEnvelopeFailure(
      await call(`/api/PriceListCondition/${id}`, {
        method: 'PUT',
        body: { priceListId: 1, type: CURRENCY, value: 'GBP' },
      }),
      404,
    );
    expectEnvelopeFailure(await call(`/api/PriceListCondition/${id}`, { method: 'DELETE' }), 404);
  });

  it.each([
    ['a currency that is not ISO 4217', { priceListId: 1, type: CURRENCY, value: 'EURO' }, 'value'],
    ['an unknown condition class', { priceListId: 1, type: 'Acme\\MoonPhaseCondition', value: 'full' }, 'type'],
    ['an unknown price list', { priceListId: 999, type: CURRENCY, value: 'EUR' }, 'priceListId'],
    ['an empty type', { priceListId: 1, type: '', value: 'EUR' }, 'type'],
    ['a priceListId as a string', { priceListId: '1', type: CURRENCY, value: 'EUR' }, 'priceListId'],
  ])('refuses %s', async (_name, body, field) => {
    const answer = await call('/api/PriceListCondition', { method: 'POST', body });
    expectEnvelopeFailure(answer, 400, 'Validation error');
    expect(answer.json.errors.some((error: string) => error.startsWith(`${field}:`))).toBe(true);
  });
});

describe('prices', () => {
  it('lists with filters of every type', async () => {
    const filter = async (filters: unknown[]) =>
      (await call('/api/PriceListPrices?limit=1000', { body: { filters } })).json;
    expect((await filter([{ 'field-name': 'orderNumber', value: 'SVC10001', type: 'eq' }])).total).toBe(3);
    expect(
      (await filter([{ 'field-name': 'orderNumber', value: 'SVC10001', type: 'neq' }])).data.every(
        (p: { orderNumber: string }) => p.orderNumber !== 'SVC10001',
      ),
    ).toBe(true);
    expect(
      (await filter([{ 'field-name': 'price', value: 17.99, type: 'lt' }])).data.every(
        (p: { price: number }) => p.price < 17.99,
      ),
    ).toBe(true);
    expect(
      (await filter([{ 'field-name': 'price', value: 17.99, type: 'lte' }])).data.some(
        (p: { price: number }) => p.price === 17.99,
      ),
    ).toBe(true);
    expect(
      (await filter([{ 'field-name': 'from', value: 1, type: 'gt' }])).data.every((p: { from: number }) => p.from > 1),
    ).toBe(true);
    expect(
      (await filter([{ 'field-name': 'id', value: [1, 3], type: 'in' }])).data.map((p: { id: number }) => p.id),
    ).toEqual([1, 3]);
    expect((await filter([{ 'field-name': 'orderNumber', value: '%1000%', type: 'like' }])).total).toBeGreaterThan(0);
    expect(
      (await filter([{ 'field-name': 'validFrom', value: null, type: 'eq' }])).data.every(
        (p: { validFrom: null }) => p.validFrom === null,
      ),
    ).toBe(true);
    expect(
      (
        await filter([
          { 'field-name': 'gross', value: false, type: 'eq' },
          { 'field-name': 'priceListId', value: 2, type: 'eq' },
        ])
      ).total,
    ).toBe(2);
  });

  it('creates a batch (201, one ref per price) and reads each price', async () => {
    const answer = await call('/api/PriceListPrices', {
      method: 'POST',
      body: {
        prices: [price(), price({ orderNumber: 'SVC20002', validFrom: null, validTo: null, calculation: 'net' })],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.data).toHaveLength(2);
    const [first, second] = answer.json.data as { id: number; location: string }[];
    expect(first?.location).toBe(`${shop.service.baseUrl}/api/PriceListPrices/${first?.id}`);
    expect((await call(`/api/PriceListPrices/${second?.id}`)).json.data).toEqual({
      ...price({ orderNumber: 'SVC20002', validFrom: null, validTo: null, calculation: 'net' }),
      id: second?.id,
    });
  });

  it.each([
    ['to below from', { from: 5, to: 2 }, 'prices.1.to'],
    ['validTo before validFrom', { validFrom: '2025-06-01', validTo: '2025-05-01' }, 'prices.1.validTo'],
    ['a date with a time', { validFrom: '2025-06-01T00:00:00Z' }, 'prices.1.validFrom'],
    ['an unknown price list', { priceListId: 999 }, 'prices.1.priceListId'],
    ['a negative price', { price: -1 }, 'prices.1.price'],
    ['from 0', { from: 0 }, 'prices.1.from'],
    ['an empty order number', { orderNumber: '' }, 'prices.1.orderNumber'],
    ['gross as a string', { gross: 'yes' }, 'prices.1.gross'],
    ['an id on create', { id: 5 }, 'prices.1.id'],
  ])('fails the whole batch for %s, naming the entry index, and writes nothing', async (_name, overrides, path) => {
    const before = priceCount();
    const answer = await call('/api/PriceListPrices', {
      method: 'POST',
      body: { prices: [price(), price(overrides), price()] },
    });
    expectEnvelopeFailure(answer, 400, 'Validation error');
    expect(answer.json.errors.some((error: string) => error.startsWith(`${path}:`))).toBe(true);
    expect(priceCount()).toBe(before);
  });

  it('updates a batch all or nothing', async () => {
    const created = await call('/api/PriceListPrices', {
      method: 'POST',
      body: { prices: [price({ orderNumber: 'U1' }), price({ orderNumber: 'U2' })] },
    });
    const [a, b] = (created.json.data as { id: number }[]).map((ref) => ref.id);
    const updated = await call('/api/PriceListPrices', {
      method: 'PUT',
      body: { prices: [price({ id: a, price: 1.25 }), price({ id: b, price: 2.5, gross: false })] },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.data.map((p: { price: number }) => p.price)).toEqual([1.25, 2.5]);

    const invalid = await call('/api/PriceListPrices', {
      method: 'PUT',
      body: { prices: [price({ id: a, price: 99 }), price({ id: b, from: 9, to: 1 })] },
    });
    expectEnvelopeFailure(invalid, 400, 'Validation error');
    expect(invalid.json.errors[0]).toMatch(/^prices\.1\.to:/);
    const unknown = await call('/api/PriceListPrices', {
      method: 'PUT',
      body: { prices: [price({ id: a, price: 99 }), price({ id: 99_999 })] },
    });
    expectEnvelopeFailure(unknown, 404, 'PriceListPrice by id 99999 not found');
    expect(unknown.json.errors[0]).toMatch(/^prices\.1\.id:/);
    const twice = await call('/api/PriceListPrices', {
      method: 'PUT',
      body: { prices: [price({ id: a }), price({ id: a })] },
    });
    expectEnvelopeFailure(twice, 400);
    const missingId = await call('/api/PriceListPrices', { method: 'PUT', body: { prices: [price()] } });
    expectEnvelopeFailure(missingId, 400, 'Validation error');
    expect((await call(`/api/PriceListPrices/${a}`)).json.data.price).toBe(1.25);
  });

  it('deletes a batch all or nothing', async () => {
    const created = await call('/api/PriceListPrices', {
      method: 'POST',
      body: { prices: [price({ orderNumber: 'D1' }), price({ orderNumber: 'D2' })] },
    });
    const [a, b] = (created.json.data as { id: number }[]).map((ref) => ref.id);
    const before = priceCount();
    expectEnvelopeFailure(
      await call('/api/PriceListPrices', { method: 'DELETE', body: { prices: [{ id: a }, { id: 99_999 }] } }),
      404,
    );
    expect(priceCount()).toBe(before);
    expectEnvelopeFailure(await call('/api/PriceListPrices', { method: 'DELETE', body: { prices: [] } }), 400);
    expectEnvelopeFailure(
      await call('/api/PriceListPrices', { method: 'DELETE', body: { prices: [{ id: a, price: 1 }] } }),
      400,
    );
    expect(
      (await call('/api/PriceListPrices', { method: 'DELETE', body: { prices: [{ id: a }, { id: b }] } })).json,
    ).toEqual({ success: true });
    expect(priceCount()).toBe(before - 2);
    expectEnvelopeFailure(await call(`/api/PriceListPrices/${a}`), 404, `PriceListPrice by id ${a} not found`);
  });

  it('deleting a price list deletes its conditions and prices', async () => {
    const list = await call('/api/PriceList', { method: 'POST', body: { name: 'Short lived', priority: 1 } });
    const id = list.json.data.id as number;
    await call('/api/PriceListCondition', { method: 'POST', body: { priceListId: id, type: CURRENCY, value: 'EUR' } });
    await call('/api/PriceListPrices', { method: 'POST', body: { prices: [price({ priceListId: id })] } });
    expect((await call(`/api/PriceList/${id}`, { method: 'DELETE' })).status).toBe(200);
    const left = await call('/api/PriceListPrices', {
      body: { filters: [{ 'field-name': 'priceListId', value: id, type: 'eq' }] },
    });
    expect(left.json.total).toBe(0);
  });
});

describe('hostile input', () => {
  it.each([
    ['JSON null', 'null'],
    ['a JSON string', '"prices"'],
    ['an array', '[[[[[]]]]]'],
    ['broken JSON', '{"prices": ['],
    ['a prototype key', '{"__proto__":{"admin":true},"prices":[{"id":1}]}'],
    ['a constructor key', '{"constructor":{"prototype":{"x":1}}}'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['a huge number', '{"prices":[{"id":1e400}]}'],
  ])('answers %s with a 4xx on every body route, never a 5xx', async (_name, body) => {
    for (const [method, path] of [
      ['POST', '/api/PriceList'],
      ['PUT', '/api/PriceList/1'],
      ['POST', '/api/PriceListCondition'],
      ['POST', '/api/PriceListPrices'],
      ['PUT', '/api/PriceListPrices'],
      ['DELETE', '/api/PriceListPrices'],
    ] as const) {
      expectClientError(await call(path, { method, body }));
    }
    // A list's filters body is optional: JSON null is no filters; anything else malformed is a 400.
    const list = await call('/api/PriceListPrices', { body });
    if (body === 'null') expect(list.status).toBe(200);
    else expectClientError(list);
  });

  it('answers odd query strings and content types with a 4xx or a 200, never a 5xx', async () => {
    for (const path of [
      '/api/PriceList?limit[]=1',
      '/api/PriceList?filters=%7B%7D',
      '/api/PriceList?filters=null',
      '/api/PriceList?offset=99999999999999999999',
      '/api/PriceList?%E0%A4%A=1',
      '/api/PriceListPrices?filters[0][field-name]=id',
    ]) {
      const answer = await call(path);
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(500);
    }
    expectClientError(
      await call('/api/PriceList', { method: 'POST', body: 'name=x', headers: { 'content-type': 'text/plain' } }),
    );
    expectClientError(
      await call('/api/PriceList', {
        method: 'POST',
        body: 'name=x&priority=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
  });
});
