// Privileges on both Digest interfaces, route by route over real HTTP: the API user may do everything,
// the read-only user may read and nothing else (every write is 403 in the envelope, and writes nothing).
// The routes come from the generated metadata, so a route added without a case here fails the walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerApiRoutes } from '../../generated/banner-api/metadata.js';
import { priceListApiRoutes } from '../../generated/price-list-api/metadata.js';
import type { RouteMeta } from '../../generated/runtime/core/interface-meta.js';
import { apiUser, readerUser, startService, type ReceivedResponse, type DigestUser, type Service } from './helpers.js';

let service: Service;
let api: DigestUser;
let reader: DigestUser;

/** Records made for this test, so that a write that got through would show. */
interface Targets {
  priceList: number;
  condition: number;
  price: number;
  banner: number;
  batchBanner: number;
}
let targets: Targets;

const CURRENCY_CONDITION = 'SvcPriceList\\Condition\\CurrencyCondition';
const price = (priceListId: number) => ({
  priceListId,
  orderNumber: 'SVC-PRIV-1',
  price: 3,
  pseudoPrice: 0,
  from: 1,
  to: 10,
  gross: true,
});
const banner = {
  description: 'Privilege walk',
  image: 'media/image/walk.png',
  link: 'https://shop.example.com/walk',
  linkTarget: '_self',
  categoryId: 3,
};

interface RouteCase {
  readonly method: string;
  readonly path: (t: Targets) => string;
  readonly body?: (t: Targets) => unknown;
  /** What the API user gets. */
  readonly status: number;
}

// In walking order: reads, creates, updates, then deletes (which remove the targets last).
const PRICE_LIST_CASES: Readonly<Record<keyof typeof priceListApiRoutes, RouteCase>> = {
  listPriceLists: { method: 'GET', path: () => '/api/PriceList', status: 200 },
  getPriceList: { method: 'GET', path: (t) => `/api/PriceList/${t.priceList}`, status: 200 },
  listPriceListConditions: { method: 'GET', path: () => '/api/PriceListCondition', status: 200 },
  getPriceListCondition: { method: 'GET', path: (t) => `/api/PriceListCondition/${t.condition}`, status: 200 },
  listPriceListPrices: { method: 'GET', path: () => '/api/PriceListPrices', status: 200 },
  getPriceListPrice: { method: 'GET', path: (t) => `/api/PriceListPrices/${t.price}`, status: 200 },
  createPriceList: {
    method: 'POST',
    path: () => '/api/PriceList',
    body: () => ({ name: 'x', priority: 1 }),
    status: 201,
  },
  createPriceListCondition: {
    method: 'POST',
    path: () => '/api/PriceListCondition',
    body: (t) => ({ priceListId: t.priceList, type: CURRENCY_CONDITION, value: 'USD' }),
    status: 201,
  },
  createPriceListPrices: {
    method: 'POST',
    path: () => '/api/PriceListPrices',
    body: (t) => ({ prices: [price(t.priceList)] }),
    status: 201,
  },
  updatePriceList: {
    method: 'PUT',
    path: (t) => `/api/PriceList/${t.priceList}`,
    body: () => ({ name: 'changed', priority: 2 }),
    status: 200,
  },
  updatePriceListCondition: {
    method: 'PUT',
    path: (t) => `/api/PriceListCondition/${t.condition}`,
    body: (t) => ({ priceListId: t.priceList, type: CURRENCY_CONDITION, value: 'GBP' }),
    status: 200,
  },
  updatePriceListPrices: {
    method: 'PUT',
    path: () => '/api/PriceListPrices',
    body: (t) => ({ prices: [{ ...price(t.priceList), id: t.price, price: 4 }] }),
    status: 200,
  },
  deletePriceListPrices: {
    method: 'DELETE',
    path: () => '/api/PriceListPrices',
    body: (t) => ({ prices: [{ id: t.price }] }),
    status: 200,
  },
  deletePriceListCondition: { method: 'DELETE', path: (t) => `/api/PriceListCondition/${t.condition}`, status: 200 },
  deletePriceList: { method: 'DELETE', path: (t) => `/api/PriceList/${t.priceList}`, status: 200 },
};

const BANNER_CASES: Readonly<Record<keyof typeof bannerApiRoutes, RouteCase>> = {
  listBanners: { method: 'GET', path: () => '/api/Banner', status: 200 },
  getBanner: { method: 'GET', path: (t) => `/api/Banner/${t.banner}`, status: 200 },
  createBanner: { method: 'POST', path: () => '/api/Banner', body: () => banner, status: 201 },
  updateBanner: {
    method: 'PUT',
    path: (t) => `/api/Banner/${t.banner}`,
    body: () => ({ description: 'changed' }),
    status: 200,
  },
  batchUpdateBanners: {
    method: 'PUT',
    path: () => '/api/Banner',
    body: (t) => [{ id: t.banner, description: 'batch changed' }],
    status: 200,
  },
  batchDeleteBanners: {
    method: 'DELETE',
    path: () => '/api/Banner',
    body: (t) => [{ id: t.batchBanner }],
    status: 200,
  },
  deleteBanner: { method: 'DELETE', path: (t) => `/api/Banner/${t.banner}`, status: 200 },
};

const INTERFACES = [
  { title: 'Price-List API', resource: 'pricelist', routes: priceListApiRoutes, cases: PRICE_LIST_CASES },
  { title: 'Banner Resource API', resource: 'banner', routes: bannerApiRoutes, cases: BANNER_CASES },
] as const;

function call(user: DigestUser, route: RouteCase): Promise<ReceivedResponse> {
  const body = route.body?.(targets);
  return user.send(route.path(targets), {
    method: route.method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body } : {}),
  });
}

/** Every row the two interfaces can write. */
function snapshot(): unknown {
  const tables = ['price_list', 'price_list_condition', 'price_list_price', 'banner'];
  return Object.fromEntries(
    tables.map((table) => [table, service.app.db.prepare(`SELECT * FROM ${table} ORDER BY id`).all()]),
  );
}

async function created(answer: ReceivedResponse): Promise<number> {
  expect(answer.status, answer.text).toBe(201);
  return answer.json.data.id as number;
}

beforeAll(async () => {
  service = await startService();
  api = apiUser(service);
  reader = readerUser(service);
  const json = { 'content-type': 'application/json' };
  const priceList = await created(
    await api.send('/api/PriceList', { method: 'POST', headers: json, body: { name: 'walk', priority: 5 } }),
  );
  const conditionBody = { priceListId: priceList, type: CURRENCY_CONDITION, value: 'EUR' };
  const condition = await created(
    await api.send('/api/PriceListCondition', { method: 'POST', headers: json, body: conditionBody }),
  );
  const prices = await api.send('/api/PriceListPrices', {
    method: 'POST',
    headers: json,
    body: { prices: [price(priceList)] },
  });
  expect(prices.status, prices.text).toBe(201);
  const bannerId = await created(await api.send('/api/Banner', { method: 'POST', headers: json, body: banner }));
  const batchBanner = await created(await api.send('/api/Banner', { method: 'POST', headers: json, body: banner }));
  targets = { priceList, condition, price: prices.json.data[0].id as number, banner: bannerId, batchBanner };
});
afterAll(async () => service.close());

describe.each(INTERFACES)('$title: every route with both Digest users', ({ resource, routes, cases }) => {
  it('has a case for every route, and every route a privilege', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(routes).sort());
    for (const route of Object.values(routes))
      expect(['read', 'create', 'update', 'delete']).toContain(route.privilege);
  });

  it('lets the read-only user read, and refuses every write with 403 and writes nothing', async () => {
    const before = snapshot();
    for (const [name, route] of Object.entries(cases)) {
      const privilege = (routes as Readonly<Record<string, RouteMeta>>)[name]?.privilege;
      const answer = await call(reader, route);
      if (privilege === 'read') {
        expect(answer.status, `${name}: ${answer.text}`).toBe(200);
        expect(answer.json.success).toBe(true);
      } else {
        expect(answer.status, `${name}: ${answer.text}`).toBe(403);
        expect(answer.json).toEqual({
          success: false,
          message: `Role "reader" is not allowed to "${privilege}" on resource "${resource}"`,
        });
      }
    }
    expect(snapshot()).toEqual(before);
  });

  it('lets the API user do everything', async () => {
    for (const [name, route] of Object.entries(cases)) {
      const answer = await call(api, route);
      expect(answer.status, `${name}: ${answer.text}`).toBe(route.status);
      expect(answer.json.success).toBe(true);
      if (Array.isArray(answer.json.data) && name.startsWith('batch')) {
        for (const entry of answer.json.data) expect(entry.success, `${name}: ${answer.text}`).toBe(true);
      }
    }
    const rows = snapshot() as Record<string, { id: number }[]>;
    const ids = (table: string) => rows[table]?.map((row) => row.id) ?? [];
    if (resource === 'pricelist') {
      expect(ids('price_list')).not.toContain(targets.priceList);
      expect(ids('price_list_condition')).not.toContain(targets.condition);
      expect(ids('price_list_price')).not.toContain(targets.price);
    } else {
      expect(ids('banner')).not.toContain(targets.banner);
      expect(ids('banner')).not.toContain(targets.batchBanner);
    }
  });
});
