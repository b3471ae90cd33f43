// Every answer of the reference service, over real loopback HTTP, judged by its own interface's
// emitted openapi.json (ajv 2020-12, formats on, exact media types): success and failure answers on
// every route of the four interfaces, both Admin API formats, Store `includes`-filtered answers.
// Each request also names the status it should get, so a wrong but documented answer still counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../examples/reference-service/seed.js';
import {
  ACCESS_KEY,
  apiUser,
  passwordGrant,
  readerUser,
  send,
  startService,
  type ReceivedResponse,
  type DigestUser,
  type Send,
  type Service,
} from '../server/helpers.js';
import { sampleBanner, samplePrice } from '../server/sample-bodies.js';
import { OpenApiConformance } from './conformance.js';

type Api = 'admin-api' | 'store-api' | 'price-list-api' | 'banner-api';

interface Driven {
  readonly api: Api;
  readonly method: string;
  readonly path: string;
  readonly expected: number;
  readonly answer: ReceivedResponse;
}

let service: Service;
let api: DigestUser;
let reader: DigestUser;
let bearer: string;
const documents = Object.fromEntries(
  (['admin-api', 'store-api', 'price-list-api', 'banner-api'] as const).map((name) => [
    name,
    new OpenApiConformance(name),
  ]),
) as Record<Api, OpenApiConformance>;
const driven: Driven[] = [];

beforeAll(async () => {
  service = await startService();
  api = apiUser(service);
  reader = readerUser(service);
  bearer = (await passwordGrant(service)).access_token;
});
afterAll(async () => service.close());

/** Sends one request (as a Digest user, or plainly) and keeps the answer for judging. */
async function drive(
  target: Api,
  expected: number,
  method: string,
  path: string,
  options: Send = {},
  user?: DigestUser,
): Promise<ReceivedResponse> {
  const request = { ...options, method };
  const answer = user ? await user.send(path, request) : await send(service.baseUrl, path, request);
  driven.push({ api: target, method, path, expected, answer });
  return answer;
}

const TRAIL_JACKET = seedId('product:Trail Jacket');
const WATER_BOTTLE = seedId('product:Water Bottle');
const STANDARD_TAX = seedId('tax:standard');
const ACME = seedId('manufacturer:acme');
const UNKNOWN_ID = 'f'.repeat(32);
const HUGE = 'x'.repeat(1_100_000);

const JSONAPI = { accept: 'application/vnd.api+json' };
const PLAIN = { accept: 'application/json' };

/** Requests to an API behind Digest: as the API user, as another user, or plainly (null). */
function digestApi(target: Api) {
  return (expected: number, method: string, path: string, options: Send = {}, user: DigestUser | null = api) =>
    drive(target, expected, method, path, options, user ?? undefined);
}

function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** An Admin API request with the bearer token, another token, or none (null). */
function admin(
  expected: number,
  method: string,
  path: string,
  options: Send = {},
  token: string | null = bearer,
): Promise<ReceivedResponse> {
  const headers = { ...(token !== null ? { authorization: `Bearer ${token}` } : {}), ...options.headers };
  return drive('admin-api', expected, method, path, { ...options, headers });
}

describe('Admin API', () => {
  it('token endpoint: every grant and its failures', async () => {
    const token = (body: unknown, expected: number, headers: Record<string, string> = {}) =>
      drive('admin-api', expected, 'POST', '/api/oauth/token', { body, headers });
    const [username, password] = [service.config.adminUsername, service.config.adminPassword];
    const pair = await token(
      { grant_type: 'password', client_id: 'administration', scopes: 'write', username, password },
      200,
    );
    await token(
      { grant_type: 'refresh_token', client_id: 'administration', refresh_token: pair.json.refresh_token },
      200,
    );
    await token(
      {
        grant_type: 'client_credentials',
        client_id: service.config.integrationId,
        client_secret: service.config.integrationSecret,
      },
      200,
    );
    const form = new URLSearchParams({
      grant_type: 'password',
      client_id: 'administration',
      username,
      password,
    }).toString();
    await token(form, 200, { 'content-type': 'application/x-www-form-urlencoded' });
    const basic = basicAuth(service.config.integrationId, service.config.integrationSecret);
    await token('grant_type=client_credentials', 200, {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basic,
    });
    const wrongBasic = basicAuth(service.config.integrationId, 'wrong');
    await token('grant_type=client_credentials', 401, {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: wrongBasic,
    });
    await token({ grant_type: 'password', client_id: 'administration', username: 'conform-a', password: 'guess' }, 400);
    await token({ grant_type: 'client_credentials', client_id: 'conform-client', client_secret: 'guess' }, 401);
    await token({ grant_type: 'implicit' }, 400);
    await token({ client_id: 'administration' }, 400);
    await token(
      { grant_type: 'password', client_id: 'administration', username: 'conform-b', password: 'x', scopes: 'admin' },
      400,
    );
    await token({ grant_type: 'refresh_token', client_id: 'administration', refresh_token: 'not-a-token' }, 400);
    await token('{"grant_type":', 400, { 'content-type': 'application/json' });
    await token(JSON.stringify({ grant_type: 'password', username: HUGE }), 413, {
      'content-type': 'application/json',
    });
    await token('grant_type=password', 415, { 'content-type': 'text/plain' });
    await drive('admin-api', 405, 'GET', '/api/oauth/token');
    // Five failures of one user lock it out: the sixth attempt is 429 with Retry-After.
    for (let attempt = 1; attempt <= 6; attempt++) {
      await token(
        { grant_type: 'password', client_id: 'administration', username: 'conform-throttled', password: 'guess' },
        attempt <= 5 ? 400 : 429,
      );
    }
  });

  for (const [entity, id] of [
    ['product', TRAIL_JACKET],
    ['tax', STANDARD_TAX],
    ['manufacturer', ACME],
  ] as const) {
    it(`${entity}: reads in both formats, writes, and their failures`, async () => {
      for (const headers of [{}, JSONAPI, PLAIN, { accept: '*/*' }]) {
        await admin(200, 'GET', `/api/v3/${entity}?limit=2&page=2`, { headers });
        await admin(200, 'GET', `/api/v3/${entity}/${id}`, { headers });
      }
      for (const headers of [JSONAPI, PLAIN]) {
        await admin(200, 'GET', `/api/v3/${entity}?limit=500&page=9`, { headers });
      }
      await admin(200, 'HEAD', `/api/v3/${entity}/${id}`);
      for (const headers of [JSONAPI, PLAIN]) {
        await admin(400, 'GET', `/api/v3/${entity}?limit=501`, { headers });
        await admin(400, 'GET', `/api/v3/${entity}/NOT-AN-ID`, { headers });
        await admin(404, 'GET', `/api/v3/${entity}/${UNKNOWN_ID}`, { headers });
        await admin(401, 'GET', `/api/v3/${entity}`, { headers }, null);
        await admin(401, 'GET', `/api/v3/${entity}/${id}`, { headers }, 'not-a-token');
      }
      await admin(406, 'GET', `/api/v3/${entity}`, { headers: { accept: 'text/html' } });
      await admin(406, 'GET', `/api/v3/${entity}/${id}`, {
        headers: { accept: 'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"' },
      });
      await admin(405, 'PUT', `/api/v3/${entity}/${id}`, { body: {} });
      await admin(415, 'POST', `/api/v3/${entity}`, { body: 'name=x', headers: { 'content-type': 'text/plain' } });
      await admin(413, 'POST', `/api/v3/${entity}`, { body: { name: HUGE } });
    });
  }

  it('relationship routes in both formats', async () => {
    const routes = [
      `/api/v3/product/${TRAIL_JACKET}/children`,
      `/api/v3/product/${TRAIL_JACKET}/manufacturer`,
      `/api/v3/product/${TRAIL_JACKET}/parent`,
      `/api/v3/product/${TRAIL_JACKET}/tax`,
      `/api/v3/tax/${STANDARD_TAX}/products?limit=3`,
      `/api/v3/manufacturer/${ACME}/products?limit=3`,
    ];
    for (const headers of [JSONAPI, PLAIN]) {
      for (const path of routes) await admin(200, 'GET', path, { headers });
      await admin(404, 'GET', `/api/v3/product/${UNKNOWN_ID}/children`, { headers });
      await admin(400, 'GET', `/api/v3/tax/${STANDARD_TAX}/products?page=0`, { headers });
      await admin(401, 'GET', `/api/v3/manufacturer/${ACME}/products`, { headers }, null);
    }
    await admin(406, 'GET', `/api/v3/product/${TRAIL_JACKET}/tax`, { headers: { accept: 'text/plain' } });
    await admin(404, 'GET', `/api/v3/product/${UNKNOWN_ID}/manufacturer`);
    await admin(404, 'GET', `/api/v3/product/${UNKNOWN_ID}/parent`, { headers: PLAIN });
    await admin(404, 'PATCH', `/api/v3/manufacturer/${UNKNOWN_ID}`, { body: { name: 'x' } });
    await admin(404, 'DELETE', `/api/v3/product/${UNKNOWN_ID}`);
    await admin(400, 'PATCH', `/api/v3/product/${TRAIL_JACKET}`, { body: { stock: '5' }, headers: PLAIN });
  });

  it('creates, updates and deletes in both formats, with their failures', async () => {
    for (const headers of [JSONAPI, PLAIN]) {
      const created = await admin(204, 'POST', '/api/v3/tax', { body: { name: 'Conformance', taxRate: 5 }, headers });
      const taxId = created.header('location')?.split('/').pop() ?? '';
      await admin(200, 'POST', '/api/v3/tax?_response=true', { body: { name: 'Conformance 2', taxRate: 6 }, headers });
      await admin(400, 'POST', '/api/v3/tax', { body: { name: 'Bad', taxRate: '5' }, headers });
      await admin(400, 'POST', '/api/v3/tax', { body: { name: 'Bad', taxRate: 5, unknown: 1 }, headers });
      await admin(204, 'PATCH', `/api/v3/tax/${taxId}`, { body: { taxRate: 8 }, headers });
      await admin(200, 'PATCH', `/api/v3/tax/${taxId}?_response=true`, { body: { name: 'Renamed' }, headers });
      await admin(404, 'PATCH', `/api/v3/tax/${UNKNOWN_ID}`, { body: { taxRate: 8 }, headers });
      await admin(400, 'PATCH', `/api/v3/tax/${taxId}`, { body: { taxRate: 'high' }, headers });
      const product = await admin(200, 'POST', '/api/v3/product?_response=true', {
        body: {
          name: 'Conformance product',
          taxId,
          stock: 3,
          active: true,
          price: { net: 10, gross: 11.9, linked: true },
        },
        headers,
      });
      const productId = (product.json?.data?.id as string | undefined) ?? UNKNOWN_ID;
      await admin(200, 'PATCH', `/api/v3/product/${productId}?_response=true`, {
        body: { manufacturerId: ACME, parentId: WATER_BOTTLE },
        headers,
      });
      await admin(409, 'DELETE', `/api/v3/tax/${taxId}`, { headers });
      await admin(204, 'DELETE', `/api/v3/product/${productId}`, { headers });
      await admin(204, 'DELETE', `/api/v3/tax/${taxId}`, { headers });
      await admin(404, 'DELETE', `/api/v3/tax/${taxId}`, { headers });
      const manufacturer = await admin(204, 'POST', '/api/v3/manufacturer', {
        body: { name: 'Conformance maker', catalogId: 'catalog-main' },
        headers,
      });
      const manufacturerId = manufacturer.header('location')?.split('/').pop() ?? UNKNOWN_ID;
      await admin(204, 'PATCH', `/api/v3/manufacturer/${manufacturerId}`, { body: { name: 'Renamed maker' }, headers });
      await admin(204, 'DELETE', `/api/v3/manufacturer/${manufacturerId}`, { headers });
      await admin(401, 'DELETE', `/api/v3/manufacturer/${ACME}`, { headers }, null);
      await admin(409, 'DELETE', `/api/v3/manufacturer/${ACME}`, { headers });
    }
  });

  it('an unrouted path is a 404', async () => {
    await admin(404, 'GET', '/api/v3/nothing-here');
    await admin(404, 'GET', '/api/v3/nothing-here', { headers: PLAIN });
  });
});

function store(
  expected: number,
  method: string,
  path: string,
  token?: string,
  options: Send = {},
  accessKey: string | null = ACCESS_KEY,
): Promise<ReceivedResponse> {
  const headers = {
    ...(accessKey ? { 'svc-access-key': accessKey } : {}),
    ...(token ? { 'svc-context-token': token } : {}),
    ...options.headers,
  };
  return drive('store-api', expected, method, path, { ...options, headers });
}

describe('Store API', () => {
  it('every route on every version segment, with its failures', async () => {
    const context = await store(200, 'GET', '/store-api/v3/context');
    const token = context.header('svc-context-token');
    for (const version of ['v1', 'v2', 'v3']) {
      await store(200, 'GET', `/store-api/${version}/context`, token);
      await store(200, 'GET', `/store-api/${version}/checkout/cart`, token);
      await store(200, 'GET', `/store-api/${version}/country`, token);
      const item = { items: [{ type: 'product', referencedId: WATER_BOTTLE, quantity: 1 }] };
      await store(200, 'POST', `/store-api/${version}/checkout/cart/line-item`, token, { body: item });
    }
    await store(400, 'POST', '/store-api/v3/checkout/cart/line-item', token, {
      body: { items: [{ type: 'product', referencedId: WATER_BOTTLE, quantity: 0 }] },
    });
    await store(400, 'POST', '/store-api/v3/checkout/cart/line-item', token, { body: { items: 'none' } });
    await store(413, 'POST', '/store-api/v3/checkout/cart/line-item', token, { body: { items: [], pad: HUGE } });
    await store(400, 'POST', '/store-api/v3/account/login', token, { body: { username: 'x' } });
    await store(401, 'POST', '/store-api/v3/account/login', token, {
      body: { username: 'nobody@example.com', password: 'guess' },
    });
    const credentials = { username: service.config.customerEmail, password: service.config.customerPassword };
    const login = await store(200, 'POST', '/store-api/v1/account/login', token, { body: credentials });
    const customerToken = login.json?.contextToken as string | undefined;
    await store(200, 'GET', '/store-api/v3/context', customerToken);
    await store(200, 'GET', '/store-api/v3/checkout/cart', customerToken);
    for (const [method, path] of [
      ['GET', '/store-api/v3/context'],
      ['GET', '/store-api/v3/checkout/cart'],
      ['GET', '/store-api/v2/country'],
      ['POST', '/store-api/v3/account/login'],
      ['POST', '/store-api/v3/checkout/cart/line-item'],
    ] as const) {
      const body = method === 'POST' ? { body: {} } : {};
      await store(401, method, path, undefined, body, null);
      await store(401, method, path, undefined, body, 'SVCSCNOSUCHKEY');
    }
    await store(400, 'GET', '/store-api/v3/context?includes=token', token);
    await store(400, 'GET', '/store-api/v3/context', token, { body: { includes: ['token'] } });
    await store(404, 'GET', '/store-api/v3/nothing-here', token);
    await store(200, 'HEAD', '/store-api/v2/country', token);
  });

  it('includes-filtered answers on every route', async () => {
    const token = (await store(200, 'GET', '/store-api/v3/context')).header('svc-context-token');
    await store(200, 'GET', '/store-api/v3/context', token, {
      body: { includes: { sales_channel_context: ['token'] } },
    });
    await store(
      200,
      'GET',
      '/store-api/v3/context?includes[sales_channel_context][]=token&includes[sales_channel_context][]=currency',
      token,
    );
    await store(
      200,
      'GET',
      `/store-api/v3/context?includes=${encodeURIComponent('{"sales_channel_context":["token","customer"]}')}`,
      token,
    );
    await store(200, 'GET', '/store-api/v3/checkout/cart?includes[cart][]=token', token);
    await store(
      200,
      'GET',
      '/store-api/v2/country?includes[country][]=iso&includes[dal_entity_search_result][]=elements',
      token,
    );
    const item = { items: [{ type: 'product', referencedId: WATER_BOTTLE, quantity: 1 }] };
    await store(200, 'POST', '/store-api/v3/checkout/cart/line-item?includes[cart][]=lineItems', token, { body: item });
    const credentials = { username: service.config.customerEmail, password: service.config.customerPassword };
    await store(200, 'POST', '/store-api/v3/account/login?includes[array_struct][]=contextToken', token, {
      body: credentials,
    });
  });
});

const CURRENCY = 'SvcPriceList\\Condition\\CurrencyCondition';
const price = (overrides: Record<string, unknown> = {}) => samplePrice({ orderNumber: 'SVC30001', ...overrides });

const priceList = digestApi('price-list-api');

describe('Price-List API', () => {
  it('lists, reads, writes and their failures', async () => {
    const filters = [{ 'field-name': 'priority', value: 0, type: 'gte' }];
    await priceList(200, 'GET', '/api/PriceList');
    await priceList(200, 'GET', '/api/PriceList?limit=1&offset=1');
    await priceList(200, 'GET', '/api/PriceList', { body: { filters } });
    await priceList(200, 'GET', `/api/PriceList?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    await priceList(400, 'GET', '/api/PriceList', {
      body: { filters: [{ 'field-name': 'nope', value: 1, type: 'eq' }] },
    });
    await priceList(400, 'GET', '/api/PriceList?limit=1001');
    await priceList(200, 'GET', '/api/PriceList/1');
    await priceList(200, 'HEAD', '/api/PriceListCondition');
    await priceList(404, 'GET', '/api/PriceList/999');
    await priceList(400, 'GET', '/api/PriceList/abc');
    const created = await priceList(201, 'POST', '/api/PriceList', { body: { name: 'Conformance', priority: 3 } });
    const id = created.json?.data?.id as number;
    await priceList(400, 'POST', '/api/PriceList', { body: { name: '', priority: -1 } });
    await priceList(413, 'POST', '/api/PriceList', { body: { name: HUGE, priority: 1 } });
    await priceList(200, 'PUT', `/api/PriceList/${id}`, { body: { name: 'Conformance 2', priority: 4 } });
    await priceList(404, 'PUT', '/api/PriceList/999', { body: { name: 'x', priority: 1 } });
    await priceList(400, 'PUT', `/api/PriceList/${id}`, { body: { name: 'x', priority: 'high' } });
    await priceList(405, 'PATCH', '/api/PriceList', { body: {} });

    await priceList(200, 'GET', '/api/PriceListCondition');
    const condition = await priceList(201, 'POST', '/api/PriceListCondition', {
      body: { priceListId: id, type: CURRENCY, value: 'USD' },
    });
    const conditionId = condition.json?.data?.id as number;
    await priceList(200, 'GET', `/api/PriceListCondition/${conditionId}`);
    await priceList(404, 'GET', '/api/PriceListCondition/999');
    await priceList(400, 'POST', '/api/PriceListCondition', {
      body: { priceListId: id, type: CURRENCY, value: 'DOLLARS' },
    });
    await priceList(200, 'PUT', `/api/PriceListCondition/${conditionId}`, {
      body: { priceListId: id, type: CURRENCY, value: 'GBP' },
    });
    await priceList(404, 'PUT', '/api/PriceListCondition/999', {
      body: { priceListId: id, type: CURRENCY, value: 'GBP' },
    });
    await priceList(200, 'DELETE', `/api/PriceListCondition/${conditionId}`);
    await priceList(404, 'DELETE', `/api/PriceListCondition/${conditionId}`);

    await priceList(200, 'GET', '/api/PriceListPrices');
    await priceList(200, 'GET', '/api/PriceListPrices', {
      body: { filters: [{ 'field-name': 'orderNumber', value: 'SVC1%', type: 'like' }] },
    });
    await priceList(400, 'GET', '/api/PriceListPrices', {
      body: { filters: [{ 'field-name': 'orderNumber', value: 'x', type: 'regex' }] },
    });
    const prices = await priceList(201, 'POST', '/api/PriceListPrices', {
      body: { prices: [price({ priceListId: id }), price({ priceListId: id, orderNumber: 'SVC30002' })] },
    });
    const priceIds = ((prices.json?.data ?? []) as { id: number }[]).map((entry) => entry.id);
    await priceList(200, 'GET', `/api/PriceListPrices/${priceIds[0]}`);
    await priceList(404, 'GET', '/api/PriceListPrices/99999');
    await priceList(400, 'POST', '/api/PriceListPrices', { body: { prices: [price(), price({ from: 9, to: 1 })] } });
    await priceList(200, 'PUT', '/api/PriceListPrices', {
      body: { prices: [price({ id: priceIds[0], priceListId: id, price: 1.25 })] },
    });
    await priceList(404, 'PUT', '/api/PriceListPrices', { body: { prices: [price({ id: 99_999 })] } });
    await priceList(400, 'PUT', '/api/PriceListPrices', { body: { prices: [price()] } });
    await priceList(404, 'DELETE', '/api/PriceListPrices', { body: { prices: [{ id: 99_999 }] } });
    await priceList(400, 'DELETE', '/api/PriceListPrices', { body: { prices: [] } });
    await priceList(200, 'DELETE', '/api/PriceListPrices', {
      body: { prices: priceIds.map((priceId) => ({ id: priceId })) },
    });

    await priceList(200, 'DELETE', `/api/PriceList/${id}`);
    await priceList(404, 'DELETE', `/api/PriceList/${id}`);
    await priceList(401, 'GET', '/api/PriceList', {}, null);
    await priceList(401, 'GET', '/api/PriceListCondition', {}, null);
    await priceList(401, 'POST', '/api/PriceListPrices', { body: { prices: [] } }, null);
    // A nonce past its lifetime: 401 with stale=true, then the retry with a fresh nonce succeeds.
    service.clock.advance(3700);
    await priceList(200, 'GET', '/api/PriceList/1');
  });

  it('the reader may read and nothing else', async () => {
    await priceList(200, 'GET', '/api/PriceList', {}, reader);
    await priceList(200, 'GET', '/api/PriceList/1', {}, reader);
    await priceList(200, 'GET', '/api/PriceListCondition', {}, reader);
    await priceList(200, 'GET', '/api/PriceListPrices', {}, reader);
    await priceList(403, 'POST', '/api/PriceList', { body: { name: 'x', priority: 1 } }, reader);
    await priceList(403, 'PUT', '/api/PriceList/1', { body: { name: 'x', priority: 1 } }, reader);
    await priceList(403, 'DELETE', '/api/PriceList/2', {}, reader);
    await priceList(
      403,
      'POST',
      '/api/PriceListCondition',
      { body: { priceListId: 1, type: CURRENCY, value: 'USD' } },
      reader,
    );
    await priceList(403, 'PUT', '/api/PriceListPrices', { body: { prices: [price({ id: 1 })] } }, reader);
    await priceList(403, 'DELETE', '/api/PriceListPrices', { body: { prices: [{ id: 1 }] } }, reader);
  });
});

const banner = (overrides: Record<string, unknown> = {}) =>
  sampleBanner({
    description: 'Conformance sale',
    image: 'media/image/conformance.png',
    link: 'https://shop.example.com/conformance',
    ...overrides,
  });

const bannerApi = digestApi('banner-api');

describe('Banner API', () => {
  it('every route on both spellings, with its failures', async () => {
    for (const base of ['/api/Banner', '/api/banner']) {
      await bannerApi(200, 'GET', base);
      await bannerApi(
        200,
        'GET',
        `${base}?sort[0][property]=description&sort[0][direction]=DESC&filter[linkTarget]=_self&limit=2&start=0`,
      );
      await bannerApi(400, 'GET', `${base}?sort[0][property]=nope`);
      await bannerApi(200, 'GET', `${base}/1`);
      await bannerApi(200, 'HEAD', `${base}/1`);
      await bannerApi(404, 'GET', `${base}/7777777`);
      const created = await bannerApi(201, 'POST', base, { body: banner() });
      const id = created.json?.data?.id as number;
      await bannerApi(400, 'POST', base, { body: banner({ linkTarget: '_new' }) });
      await bannerApi(413, 'POST', base, { body: banner({ description: HUGE }) });
      await bannerApi(200, 'PUT', `${base}/${id}`, { body: { description: 'Renamed sale' } });
      await bannerApi(400, 'PUT', `${base}/${id}`, { body: { validTo: '2020-01-01T00:00:00Z' } });
      await bannerApi(404, 'PUT', `${base}/7777777`, { body: { description: 'x' } });
      await bannerApi(200, 'PUT', base, {
        body: [{ id, description: 'Batch updated' }, banner({ description: 'Batch created' })],
      });
      await bannerApi(200, 'PUT', base, {
        body: [
          { id, description: 'Summer sale' },
          { id, linkTarget: '_new' },
        ],
      });
      await bannerApi(200, 'DELETE', base, { body: [{ id: 7777777 }] });
      await bannerApi(200, 'DELETE', base, { body: [{ id: 7777777 }, { id: 'x' }] });
      await bannerApi(200, 'DELETE', `${base}/${id}`);
      await bannerApi(404, 'DELETE', `${base}/${id}`);
      await bannerApi(405, 'POST', `${base}/1`, { body: {} });
      await bannerApi(401, 'GET', base, {}, null);
      await bannerApi(
        401,
        'DELETE',
        `${base}/1`,
        { headers: { authorization: 'Digest username="api", realm="svc REST-API"' } },
        null,
      );
    }
  });

  it('the reader may read and nothing else', async () => {
    await bannerApi(200, 'GET', '/api/Banner', {}, reader);
    await bannerApi(200, 'GET', '/api/Banner/1', {}, reader);
    await bannerApi(403, 'POST', '/api/Banner', { body: banner() }, reader);
    await bannerApi(403, 'PUT', '/api/Banner/1', { body: { description: 'x' } }, reader);
    await bannerApi(403, 'PUT', '/api/Banner', { body: [{ id: 1, description: 'x' }] }, reader);
    await bannerApi(403, 'DELETE', '/api/Banner/1', {}, reader);
    await bannerApi(403, 'DELETE', '/api/Banner', { body: [{ id: 1 }] }, reader);
  });
});

/** Every finding: the document's, and a status other than the one the request should get. */
function findings(): string[] {
  return driven.flatMap(({ api: target, method, path, expected, answer }) => {
    const exchange = { method, path, status: answer.status, header: answer.header, text: answer.text };
    const shown = `${target} ${method} ${path.slice(0, 120)} → ${answer.status}`;
    const wrongStatus =
      answer.status === expected ? [] : [`${shown}: expected ${expected}: ${answer.text.slice(0, 160)}`];
    return [...wrongStatus, ...documents[target].violations(exchange).map((line) => `${target} ${line}`)];
  });
}

/** The operations of every document that no request of the given class of status reached. */
function unreached(statusClass: 2 | 4): string[] {
  return Object.values(documents).flatMap((document) => {
    const reached = new Set(
      driven
        .filter(
          ({ api: target, answer }) => target === document.module && Math.floor(answer.status / 100) === statusClass,
        )
        .map(({ method, path }) => document.operationOf(method, path)),
    );
    return document.operationNames().filter((name) => !reached.has(name));
  });
}

// Judged once every request above was driven: the tests of a file run in order.
describe('conformance', () => {
  it('drives at least 200 requests, a success and a failure on every operation of the four documents', () => {
    expect(driven.length).toBeGreaterThanOrEqual(200);
    expect(unreached(2)).toEqual([]);
    expect(unreached(4)).toEqual([]);
  });

  it('finds no violation: every answer is what its document says', () => {
    expect(findings()).toEqual([]);
  });
});
