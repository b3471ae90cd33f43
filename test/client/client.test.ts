import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTour } from '../../examples/tour.js';
import { AdminApiClient } from '../../generated/admin-api/client.js';
import { BannerApiClient } from '../../generated/banner-api/client.js';
import { PriceListApiClient } from '../../generated/price-list-api/client.js';
import { ApiClientError, NetworkError, TimeoutError } from '../../generated/runtime/client/client-errors.js';
import { StoreApiClient } from '../../generated/store-api/client.js';
import { ESM_STRICT_INDEXED, TYPE_ROOTS } from '../helpers/compiler-options.js';
import { startService, type Service } from '../server/helpers.js';
import { countingFetch } from './harness.js';

let service: Service;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});

const admin = (extra: Partial<ConstructorParameters<typeof AdminApiClient>[0]> = {}) =>
  new AdminApiClient({
    baseUrl: service.baseUrl,
    auth: { oauth: { grant: 'password', username: 'admin', password: 'admin-demo-password' } },
    now: service.clock.now,
    ...extra,
  });
const digestAuth = { digest: { username: 'api', password: 'api-demo-key' } };

describe('generated clients against the reference service', () => {
  it('take every route of the four interfaces (the tour)', async () => {
    const lines: string[] = [];
    await runTour({ base: service.baseUrl, env: {}, log: (line) => lines.push(line) });
    expect(lines.filter((line) => !line.startsWith(' '))).toEqual([
      'Admin API (OAuth 2.0 password grant, json:api)',
      'Store API (access key, context token)',
      'Price-List API (HTTP Digest)',
      'Banner Resource API (HTTP Digest, privileges)',
    ]);
  });

  it('refresh the access token before it expires, once for concurrent calls', async () => {
    const counter = countingFetch();
    const client = admin({ fetch: counter.fetch });
    await client.listTax();
    service.clock.advance(590); // 10 s before the 600 s expiry: inside the refresh margin
    const results = await Promise.all(Array.from({ length: 8 }, () => client.listTax()));
    expect(results.every((page) => page.total >= 3)).toBe(true);
    expect(counter.sent.filter((line) => line === 'POST /api/oauth/token')).toHaveLength(2); // the grant, then one refresh
    expect(counter.statuses.filter((status) => status === 401)).toHaveLength(0);
  });

  it('fall back to a new grant when the refresh token is refused, and retry once after a 401', async () => {
    const counter = countingFetch();
    const client = admin({ fetch: counter.fetch });
    await client.listTax();
    service.app.db.exec('DELETE FROM oauth_token'); // every access and refresh token is gone
    await client.listTax(); // 401 → refresh refused → new grant → retried call
    expect(counter.statuses).toContain(401);
    expect(counter.sent.filter((line) => line === 'POST /api/oauth/token').length).toBeGreaterThanOrEqual(2);
  });

  it('fail with a typed error on bad credentials, distinct from network failures', async () => {
    const wrong = new AdminApiClient({
      baseUrl: service.baseUrl,
      auth: { oauth: { grant: 'password', username: 'admin', password: 'nope' } },
    });
    const error = await wrong.listTax().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).code).toBe('invalid_grant');
    const offline = new AdminApiClient({
      baseUrl: 'http://127.0.0.1:9',
      auth: { oauth: { grant: 'client_credentials', clientId: 'x', clientSecret: 'y' } },
    });
    await expect(offline.listTax()).rejects.toBeInstanceOf(NetworkError);
  });

  it('answer Digest challenges and re-authenticate on a stale nonce', async () => {
    const counter = countingFetch();
    const client = new PriceListApiClient({ baseUrl: service.baseUrl, auth: digestAuth, fetch: counter.fetch });
    await client.listPriceListConditions();
    await client.listPriceListConditions();
    expect(counter.statuses).toEqual([401, 200, 200]); // one challenge, then the nonce is reused with a growing count
    service.clock.advance(3700); // past the nonce lifetime
    await client.listPriceListConditions();
    expect(counter.statuses.slice(3)).toEqual([401, 200]); // stale=true, answered without the caller noticing
  });

  it('send a GET body through undici, or the query form when asked to', async () => {
    const filters = { filters: [{ 'field-name': 'orderNumber', value: 'no-such-number', type: 'eq' as const }] };
    for (const getBody of ['auto', 'query'] as const) {
      const client = new PriceListApiClient({ baseUrl: service.baseUrl, auth: digestAuth, getBody });
      const all = await client.listPriceListPrices();
      const none = await client.listPriceListPrices({ body: filters });
      expect(all.total).toBeGreaterThan(0);
      expect(none.total).toBe(0);
    }
    // The Store API client imports the GET-body transport too: its includes travel as a GET body, past fetch.
    for (const getBody of ['auto', 'query'] as const) {
      const counter = countingFetch();
      const store = new StoreApiClient({
        baseUrl: service.baseUrl,
        getBody,
        fetch: counter.fetch,
        auth: { accessKey: { apiKey: 'SVCSCDEMOACCESSKEY000000001' } },
      });
      const context = await store.getContext({ body: { includes: { sales_channel_context: ['token'] } } });
      expect(Object.keys(context)).toEqual(['token']);
      expect(counter.sent).toEqual(getBody === 'query' ? ['GET /store-api/v3/context'] : []);
    }
  });

  it('keep the Store session across calls and after login', async () => {
    const store = new StoreApiClient({
      baseUrl: service.baseUrl,
      auth: { accessKey: { apiKey: 'SVCSCDEMOACCESSKEY000000001' } },
    });
    const products = await admin().listProduct({ query: { limit: 1 } });
    const productId = products.items[0]?.id as string;
    await store.addCartLineItems({ body: { items: [{ type: 'product', referencedId: productId, quantity: 1 }] } });
    const before = await store.getContext();
    const login = await store.login({ body: { username: 'customer@example.com', password: 'customer-demo-password' } });
    expect(login.contextToken).not.toBe(before.token);
    const cart = await store.getCart();
    expect(cart.token).toBe(login.contextToken);
    expect(cart.lineItems).toHaveLength(1);
  });

  it('time out and honour AbortSignal on every call', async () => {
    const slowFetch = (async () => new Promise(() => undefined)) as unknown as typeof fetch;
    const client = new BannerApiClient({ baseUrl: service.baseUrl, auth: digestAuth, fetch: slowFetch, timeoutMs: 50 });
    await expect(client.listBanners()).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const pending = new BannerApiClient({ baseUrl: service.baseUrl, auth: digestAuth }).listBanners(
      {},
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('report violations of a refused write', async () => {
    const client = new BannerApiClient({ baseUrl: service.baseUrl, auth: digestAuth });
    const error = (await client
      .createBanner({ body: { description: '', image: 'x.png', link: 'l', linkTarget: '_top', categoryId: 1 } })
      .catch((caught: unknown) => caught)) as ApiClientError;
    expect(error.status).toBe(400);
    expect(error.violations.map((violation) => violation.message).join()).toMatch(/description/);
  });
});

describe('the generated client on its own', () => {
  it('compiles under strict settings without the server', () => {
    const root = resolve(import.meta.dirname, '../..');
    const dir = mkdtempSync(join(tmpdir(), 'svcgen-client-tsc-'));
    const clients = ['admin-api', 'store-api', 'price-list-api', 'banner-api'].map((name) =>
      join(root, 'generated', name, 'client.ts'),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...ESM_STRICT_INDEXED,
          lib: ['ES2023', 'DOM'],
          typeRoots: TYPE_ROOTS,
          verbatimModuleSyntax: true,
        },
        files: clients,
      }),
    );
    const compiled = spawnSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json'), '--listFiles'],
      { encoding: 'utf8' },
    );
    const lines = compiled.stdout.split('\n').filter(Boolean);
    expect(lines.filter((line) => line.includes('error TS'))).toEqual([]);
    expect(compiled.status).toBe(0);
    const files = lines.filter((file) => file.includes('/generated/'));
    expect(files.some((file) => file.endsWith('/client.ts'))).toBe(true);
    expect(files.filter((file) => /server/.test(file))).toEqual([]);
  });
});
