// Generated clients against a hostile service that redirects: nothing (credentials, tokens, bodies)
// ever reaches another origin, nothing from another origin is adopted, and same-origin redirects
// are followed as HTTP says, for every auth scheme.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiClient } from '../../generated/admin-api/client.js';
import { PriceListApiClient } from '../../generated/price-list-api/client.js';
import { MemoryContextTokenStore } from '../../generated/runtime/auth/client-auth.js';
import { RedirectError } from '../../generated/runtime/client/client-errors.js';
import { computeDigestResponse, parseDigestAuthorization } from '../../generated/runtime/auth/digest/digest.js';
import { MAX_REDIRECTS } from '../../generated/runtime/client/client-redirects.js';
import { StoreApiClient } from '../../generated/store-api/client.js';
import { everything, json, redirect, startHostile, type HostileServer, type Received } from './hostile.js';

const PASSWORD = 'admin-secret-password';
const CLIENT_SECRET = 'integration-secret-value';
const DIGEST_PASSWORD = 'digest-password';
const ACCESS_KEY = 'SVCSACCESSKEY0000000000001';
const CONTEXT_TOKEN = 'context-token-of-the-visitor';
const TOKEN_PATH = '/api/oauth/token';
const token = {
  token_type: 'Bearer',
  access_token: 'access-token-from-api',
  expires_in: 600,
  refresh_token: 'refresh-token-from-api',
};
const context = { apiAlias: 'sales_channel_context', token: 'x' };

let api: HostileServer;
let other: HostileServer;
beforeEach(async () => {
  [api, other] = await Promise.all([startHostile(), startHostile()]);
  // Whatever reaches the other origin gets a plausible answer, so that following a redirect would "work".
  other.respond = (request, response) => {
    if (request.url.startsWith(TOKEN_PATH)) return json(response, 200, { ...token, access_token: 'stolen' });
    json(
      response,
      200,
      { ...context, data: [], success: true, total: 0 },
      { 'svc-context-token': 'token-from-elsewhere' },
    );
  };
});
afterEach(async () => {
  await Promise.all([api.close(), other.close()]);
});

const admin = (grant: 'password' | 'client_credentials') =>
  new AdminApiClient({
    baseUrl: api.origin,
    auth: {
      oauth:
        grant === 'password'
          ? { grant, username: 'admin', password: PASSWORD }
          : { grant, clientId: 'SVCIINTEGRATION', clientSecret: CLIENT_SECRET },
    },
  });
const store = (contextTokens = new MemoryContextTokenStore(CONTEXT_TOKEN), fetch?: typeof globalThis.fetch) =>
  new StoreApiClient({
    baseUrl: api.origin,
    auth: { accessKey: { apiKey: ACCESS_KEY, contextTokens } },
    ...(fetch ? { fetch } : {}),
  });
const prices = () =>
  new PriceListApiClient({ baseUrl: api.origin, auth: { digest: { username: 'api', password: DIGEST_PASSWORD } } });

async function refused(call: Promise<unknown>, status: number): Promise<RedirectError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RedirectError);
  expect(error).toMatchObject({ status, reason: 'cross-origin', targetOrigin: other.origin });
  return error as RedirectError;
}

const challenge = 'Digest realm="svc REST-API", qop="auth", algorithm=SHA-256, nonce="nonce-1", opaque="opaque-1"';
/** Whether a request carries a Digest response computed for its own method and URI. */
function signedFor(request: Received): boolean {
  const sent = parseDigestAuthorization(request.headers.authorization);
  if (!sent || sent.uri !== request.url || !sent.nc || !sent.cnonce) return false;
  const expected = computeDigestResponse({
    ...sent,
    algorithm: 'SHA-256',
    password: DIGEST_PASSWORD,
    method: request.method,
    nc: sent.nc,
    cnonce: sent.cnonce,
  });
  return expected === sent.response;
}

describe('a redirect to another origin', () => {
  it.each([307, 308])(
    'from the token endpoint (%i) never carries the password grant or the client secret there',
    async (status) => {
      api.respond = (request, response) => redirect(response, status, `${other.origin}${TOKEN_PATH}`);
      await refused(admin('password').listTax(), status);
      await refused(admin('client_credentials').listTax(), status);
      expect(other.received).toEqual([]);
      expect(api.received.map((entry) => entry.url)).toEqual([TOKEN_PATH, TOKEN_PATH]);
      // Within the origin the grant is sent again, as the redirect asks.
      api.respond = (request, response) => {
        if (request.url === TOKEN_PATH) return redirect(response, status, '/moved/token');
        if (request.url === '/moved/token') return json(response, 200, token);
        json(response, 200, { data: [], meta: { total: 0 } });
      };
      await expect(admin('password').listTax()).resolves.toMatchObject({ items: [], total: 0 });
      expect(JSON.parse(api.received.at(-2)?.body ?? '{}')).toMatchObject({
        grant_type: 'password',
        password: PASSWORD,
      });
      expect(api.received.at(-1)?.headers.authorization).toBe(`Bearer ${token.access_token}`);
    },
  );

  it('from an OAuth API route never carries the bearer token or the body there', async () => {
    let status = 302;
    api.respond = (request, response) => {
      if (request.url === TOKEN_PATH) return json(response, 200, token);
      redirect(response, status, `${other.origin}${request.url}`);
    };
    const client = admin('password');
    await refused(client.listTax(), 302);
    status = 307;
    const error = await refused(client.createTax({ body: { name: 'Secret tax', taxRate: 7 } }), 307);
    expect(error.message).not.toContain(token.access_token);
    expect(other.received).toEqual([]);
  });

  it.each([301, 302, 303, 307, 308])(
    'from the Store API (%i) never carries the access key or the context token there',
    async (status) => {
      api.respond = (request, response) => redirect(response, status, `${other.origin}/store-api/v3/context`);
      await refused(store().getContext(), status);
      await refused(
        store().addCartLineItems({ body: { items: [{ type: 'product', referencedId: 'p1', quantity: 1 }] } }),
        status,
      );
      expect(other.received).toEqual([]);
    },
  );

  it('never makes the Store client adopt a context token from the other origin', async () => {
    const tokens = new MemoryContextTokenStore(CONTEXT_TOKEN);
    api.respond = (request, response) => redirect(response, 302, `${other.origin}/store-api/v3/context`);
    await refused(store(tokens).getContext(), 302);
    api.respond = (request, response) => json(response, 200, context);
    await store(tokens).getContext();
    expect(tokens.get()).toBe(CONTEXT_TOKEN);
    expect(api.received.at(-1)?.headers['svc-context-token']).toBe(CONTEXT_TOKEN);
  });

  it('is refused even when an injected fetch follows it on its own, and its context token is not adopted', async () => {
    const tokens = new MemoryContextTokenStore(CONTEXT_TOKEN);
    const following = ((input: string, init: RequestInit) =>
      fetch(input, { ...init, redirect: 'follow' })) as typeof fetch;
    api.respond = (request, response) => redirect(response, 307, `${other.origin}/store-api/v3/context`);
    const error = await store(tokens, following)
      .getContext()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RedirectError', reason: 'hidden' });
    expect(tokens.get()).toBe(CONTEXT_TOKEN);
  });

  it('from a Digest route never carries the Authorization or the body there', async () => {
    api.respond = (request, response) => {
      if (request.headers.authorization === undefined)
        return void response.writeHead(401, { 'www-authenticate': challenge }).end();
      redirect(response, 307, `${other.origin}${request.url}`);
    };
    await refused(prices().listPriceListConditions(), 307);
    await refused(prices().createPriceList({ body: { name: 'Secret list', priority: 1 } }), 307);
    const filters = { filters: [{ 'field-name': 'name', value: 'Secret list', type: 'eq' as const }] };
    await refused(prices().listPriceLists({ body: filters }), 307); // a GET body, sent through undici
    expect(api.received.at(-1)).toMatchObject({ method: 'GET', body: JSON.stringify(filters) });
    expect(other.received).toEqual([]);
    expect(everything(api)).not.toContain(DIGEST_PASSWORD);
  });
});

describe('a redirect within the origin', () => {
  it('is followed by Digest clients, each hop signed for its method and URI; 307 and 308 keep the body', async () => {
    const body = { name: 'Spring list', priority: 1 };
    for (const status of [307, 308, 301, 302, 303]) {
      api.received.length = 0;
      api.respond = (request, response) => {
        if (!signedFor(request)) return void response.writeHead(401, { 'www-authenticate': challenge }).end();
        if (!request.url.startsWith('/moved')) return redirect(response, status, `/moved${request.url}`);
        json(response, 201, { success: true, data: { id: 1, location: `${api.origin}/api/PriceList/1` } });
      };
      await expect(prices().createPriceList({ body })).resolves.toMatchObject({ id: 1 });
      const kept = status === 307 || status === 308;
      const hops = api.received.map((entry) => [entry.method, entry.url, entry.body, entry.headers['content-type']]);
      expect([status, ...hops]).toEqual([
        status,
        ['POST', '/api/PriceList', JSON.stringify(body), 'application/json'], // unsigned: the challenge
        ['POST', '/api/PriceList', JSON.stringify(body), 'application/json'],
        kept
          ? ['POST', '/moved/api/PriceList', JSON.stringify(body), 'application/json']
          : ['GET', '/moved/api/PriceList', '', undefined],
      ]);
    }
  });

  it('keeps a GET body (sent through undici) on a 307', async () => {
    api.respond = (request, response) => {
      if (!signedFor(request)) return void response.writeHead(401, { 'www-authenticate': challenge }).end();
      if (!request.url.startsWith('/moved')) return redirect(response, 307, `/moved${request.url}`);
      json(response, 200, { success: true, data: [], total: 0 });
    };
    const filters = { filters: [{ 'field-name': 'name', value: 'Spring list', type: 'eq' as const }] };
    await expect(prices().listPriceLists({ body: filters })).resolves.toMatchObject({ items: [], total: 0 });
    expect(api.received.at(-1)).toMatchObject({
      method: 'GET',
      url: '/moved/api/PriceList',
      body: JSON.stringify(filters),
    });
  });

  it(`stops after ${MAX_REDIRECTS} in a row with a RedirectError`, async () => {
    api.respond = (request, response) => redirect(response, 302, request.url);
    const error = await store()
      .getContext()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RedirectError', reason: 'too-many', status: 302 });
    expect(api.received).toHaveLength(MAX_REDIRECTS + 1);
  });
});
