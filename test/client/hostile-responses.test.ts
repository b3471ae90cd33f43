// Generated clients against a hostile service that answers badly: a 200 that is HTML, cut-short
// JSON or the wrong envelope is an UnreadableResponseError (with or without validateResponses) that
// repeats no credential, and a service that stays silent times out, by default and per call.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminApiClient } from '../../generated/admin-api/client.js';
import { BannerApiClient } from '../../generated/banner-api/client.js';
import { PriceListApiClient } from '../../generated/price-list-api/client.js';
import { MemoryContextTokenStore } from '../../generated/runtime/auth/client-auth.js';
// The errors as every generated client re-exports them.
import { StoreApiClient, TimeoutError, UnreadableResponseError } from '../../generated/store-api/client.js';
import { json, startHostile, type HostileServer } from './hostile.js';

const PASSWORD = 'admin-secret-password';
const ACCESS_KEY = 'SVCSACCESSKEY0000000000001';
const CONTEXT_TOKEN = 'context-token-of-the-visitor';
const token = { token_type: 'Bearer', access_token: 'access-token-from-api', expires_in: 600 };

let api: HostileServer;
beforeEach(async () => {
  api = await startHostile();
});
afterEach(async () => {
  vi.useRealTimers();
  await api.close();
});

const admin = (options: { validateResponses?: boolean; timeoutMs?: number } = {}) =>
  new AdminApiClient({
    baseUrl: api.origin,
    auth: { oauth: { grant: 'password', username: 'admin', password: PASSWORD } },
    ...options,
  });
const store = (options: { validateResponses?: boolean; timeoutMs?: number } = {}) =>
  new StoreApiClient({
    baseUrl: api.origin,
    auth: { accessKey: { apiKey: ACCESS_KEY, contextTokens: new MemoryContextTokenStore(CONTEXT_TOKEN) } },
    ...options,
  });
const digest = { digest: { username: 'api', password: 'digest-password' } };
const banners = (options: { validateResponses?: boolean } = {}) =>
  new BannerApiClient({ baseUrl: api.origin, auth: digest, ...options });

const html = '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>';
const product = { data: { id: 'p1', type: 'product', attributes: { name: 'Shirt', productNumber: 'SW1', stock: 1 } } };
const context = { apiAlias: 'sales_channel_context', token: CONTEXT_TOKEN };
const bannerList = { success: true, data: { data: [], total: 0 } };
const cut = (value: unknown) => JSON.stringify(value).slice(0, 25);

type Case = [name: string, call: (validateResponses: boolean) => Promise<unknown>, body: string, excerpt: string];
const cases: Case[] = [
  [
    'Admin getProduct, HTML',
    (v) => admin({ validateResponses: v }).getProduct({ params: { id: 'p1' } }),
    html,
    '502 Bad Gateway',
  ],
  [
    'Admin getProduct, cut short',
    (v) => admin({ validateResponses: v }).getProduct({ params: { id: 'p1' } }),
    cut(product),
    '{"data":{"id":"p1"',
  ],
  [
    'Admin getProduct, no data member',
    (v) => admin({ validateResponses: v }).getProduct({ params: { id: 'p1' } }),
    JSON.stringify({ product: product.data }),
    '"product"',
  ],
  [
    'Admin listTax, data not a list',
    (v) => admin({ validateResponses: v }).listTax(),
    JSON.stringify({ data: { id: 't1', type: 'tax' } }),
    '"t1"',
  ],
  ['Store getContext, HTML', (v) => store({ validateResponses: v }).getContext(), html, '502 Bad Gateway'],
  ['Store getContext, cut short', (v) => store({ validateResponses: v }).getContext(), cut(context), 'sales'],
  [
    'Store getContext, success envelope',
    (v) => store({ validateResponses: v }).getContext(),
    JSON.stringify({ success: true, data: context }),
    '"success"',
  ],
  ['Banner listBanners, HTML', (v) => banners({ validateResponses: v }).listBanners(), html, '502 Bad Gateway'],
  [
    'Banner listBanners, cut short',
    (v) => banners({ validateResponses: v }).listBanners(),
    cut(bannerList),
    '"success":true',
  ],
  [
    'Banner listBanners, no success',
    (v) => banners({ validateResponses: v }).listBanners(),
    JSON.stringify({ data: bannerList.data }),
    '"total"',
  ],
];

describe('an unreadable 200', () => {
  describe.each([false, true])('with validateResponses %s', (validateResponses) => {
    it.each(cases)(
      '%s is an UnreadableResponseError with the status and an excerpt',
      async (_name, call, body, excerpt) => {
        api.respond = (request, response) => {
          if (request.url === '/api/oauth/token') return json(response, 200, token);
          response
            .writeHead(200, { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' })
            .end(body);
        };
        const error = await call(validateResponses).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(UnreadableResponseError);
        expect(error).toMatchObject({ status: 200 });
        expect((error as UnreadableResponseError).excerpt).toContain(excerpt);
      },
    );
  });

  it('never repeats the credentials sent, even when the service echoes them', async () => {
    api.respond = (request, response) => {
      if (request.url === '/api/oauth/token')
        return response.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${request.body}</p>`);
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${JSON.stringify(request.headers)}</p>`);
    };
    const fromStore = await store()
      .getContext()
      .catch((caught: unknown) => caught);
    expect(fromStore).toBeInstanceOf(UnreadableResponseError);
    expect((fromStore as Error).message).toContain('[redacted]');
    expect(`${(fromStore as Error).message} ${(fromStore as UnreadableResponseError).excerpt}`).not.toMatch(
      /SVCSACCESSKEY|context-token-of/,
    );
    const fromTokenEndpoint = await admin()
      .listTax()
      .catch((caught: unknown) => caught);
    expect(fromTokenEndpoint).toBeInstanceOf(UnreadableResponseError);
    expect((fromTokenEndpoint as Error).message).toContain('"grant_type":"password"');
    expect((fromTokenEndpoint as Error).message).not.toContain(PASSWORD);
  });
});

describe('a silent service', () => {
  const silent = () => {
    api.respond = () => undefined; // reads the request, never answers
  };

  it('times out after 30 s when nothing else is configured', async () => {
    silent();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const call = store()
      .getContext()
      .catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(api.received).toHaveLength(1), { interval: 5 });
    await vi.advanceTimersByTimeAsync(29_900);
    expect(api.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('30000 ms');
  });

  it('times out per call, waiting for a token, a stalled body or a GET body included', async () => {
    silent();
    const started = Date.now();
    await expect(admin().listTax({}, { timeoutMs: 150 })).rejects.toBeInstanceOf(TimeoutError);
    api.respond = (_request, response) =>
      void response.writeHead(200, { 'content-type': 'application/json' }).write('{"apiAlias":');
    await expect(store({ timeoutMs: 60_000 }).getContext({}, { timeoutMs: 150 })).rejects.toBeInstanceOf(TimeoutError);
    silent();
    const prices = new PriceListApiClient({ baseUrl: api.origin, auth: digest, timeoutMs: 150 });
    const filters = { filters: [{ 'field-name': 'name', value: 'x', type: 'eq' as const }] };
    await expect(prices.listPriceLists({ body: filters })).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("still lets the caller's own signal abort a call that has a timeout", async () => {
    silent();
    const controller = new AbortController();
    const call = admin({ timeoutMs: 60_000 })
      .listTax({}, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    setTimeout(() => controller.abort(new Error('the caller gave up')), 100);
    const error = await call;
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('the caller gave up');
  });
});
