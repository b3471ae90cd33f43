// Retries and page iteration of the generated client, against a loopback server that answers as each
// test says: Retry-After in seconds and as a date, no retry of a POST, none past the call's timeout,
// connection errors, and pages followed to `total`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiClient } from '../../generated/admin-api/client.js';
import { ApiClientError } from '../../generated/runtime/client/client-errors.js';
import { retryAfter } from '../../generated/runtime/client/client-retries.js';
import { json, startHostile, type HostileServer } from './hostile.js';

const TOKEN_PATH = '/api/oauth/token';
const TAX_PATH = '/api/v3/tax';
const token = { token_type: 'Bearer', access_token: 'access-token', expires_in: 600, refresh_token: 'refresh-token' };
const emptyList = { data: [], meta: { total: 0 } };
const tax = (id: string) => ({ type: 'tax', id, attributes: { name: `rate ${id}`, taxRate: 19 } });

let api: HostileServer;
beforeEach(async () => {
  api = await startHostile();
});
afterEach(async () => api.close());

const client = (options: Partial<ConstructorParameters<typeof AdminApiClient>[0]> = {}) =>
  new AdminApiClient({
    baseUrl: api.origin,
    auth: { oauth: { grant: 'client_credentials', clientId: 'SVCIINTEGRATION', clientSecret: 'secret' } },
    ...options,
  });

/** Serves the token endpoint, and the tax list by `responders` in turn (the last one for every later call). */
function serve(responders: readonly ((response: Parameters<HostileServer['respond']>[1]) => void)[]): void {
  let calls = 0;
  api.respond = (request, response) => {
    if (request.url === TOKEN_PATH) return json(response, 200, token);
    const responder = responders[Math.min(calls, responders.length - 1)];
    calls += 1;
    responder?.(response);
  };
}

const taxCalls = () => api.received.filter((entry) => entry.url.startsWith(TAX_PATH));
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('a call that meets a passing failure', () => {
  it('is retried once after the Retry-After seconds of a 503', async () => {
    serve([(response) => json(response, 503, { errors: [] }, { 'retry-after': '1' }), (r) => json(r, 200, emptyList)]);
    const started = Date.now();
    await expect(client().listTax()).resolves.toMatchObject({ items: [], total: 0 });
    const waited = Date.now() - started;
    expect(taxCalls()).toHaveLength(2);
    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it('waits until the date of a 429 Retry-After', async () => {
    // HTTP dates have whole seconds: two seconds ahead is at least one second away.
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    serve([
      (response) => json(response, 429, { errors: [] }, { 'retry-after': at.toUTCString() }),
      (response) => json(response, 200, emptyList),
    ]);
    await expect(client().listTax()).resolves.toMatchObject({ total: 0 });
    expect(taxCalls()).toHaveLength(2);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 50);
  });

  it('is retried with backoff after a dropped connection', async () => {
    serve([(response) => response.socket?.destroy(), (response) => json(response, 200, emptyList)]);
    await expect(client({ retry: { baseDelayMs: 10 } }).listTax()).resolves.toMatchObject({ total: 0 });
    expect(taxCalls()).toHaveLength(2);
  });

  it('gives up after the configured retries and answers the last failure', async () => {
    serve([(response) => json(response, 502, { errors: [] })]);
    const error = await failure(client({ retry: { retries: 3, baseDelayMs: 5 } }).listTax());
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 502 });
    expect(taxCalls()).toHaveLength(4);
  });

  it('is not retried when it is a POST (it may have been applied)', async () => {
    serve([(response) => json(response, 503, { errors: [] }, { 'retry-after': '0' })]);
    const error = await failure(client().createTax({ body: { name: 'reduced', taxRate: 7 } }));
    expect(error).toMatchObject({ status: 503 });
    expect(taxCalls()).toHaveLength(1);
  });

  it('is not retried past the call timeout, nor when retries are off', async () => {
    serve([(response) => json(response, 503, { errors: [] }, { 'retry-after': '5' })]);
    const started = Date.now();
    expect(await failure(client().listTax({}, { timeoutMs: 2_000 }))).toMatchObject({ status: 503 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(taxCalls()).toHaveLength(1);
    expect(await failure(client({ retry: false }).listTax({}, { retry: { retries: 5 } }))).toMatchObject({
      status: 503,
    });
    expect(taxCalls()).toHaveLength(2);
  });

  it('is not retried on answers that say the request is wrong', async () => {
    serve([(response) => json(response, 400, { errors: [] })]);
    expect(await failure(client().listTax())).toMatchObject({ status: 400 });
    expect(taxCalls()).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  const policy = { maxRetryAfterMs: 60_000 };
  const now = () => Date.parse('Sat, 28 Nov 2026 10:00:00 GMT');
  it.each([
    ['3', 3_000],
    [' 0 ', 0],
    ['Sat, 28 Nov 2026 10:00:30 GMT', 30_000],
    ['Sat, 28 Nov 2026 09:00:00 GMT', 0],
    ['120', Infinity],
    ['soon', undefined],
    ['-1', undefined],
  ])('%j waits %s ms', (value, wait) => {
    expect(retryAfter(value, policy, { now })).toBe(wait);
  });
});

describe('page.each()', () => {
  it('yields the items of every page up to total, fetching each page when the loop reaches it', async () => {
    api.respond = (request, response) => {
      if (request.url === TOKEN_PATH) return json(response, 200, token);
      const page = Number(new URL(request.url, api.origin).searchParams.get('page') ?? '1');
      const next = { next: `${api.origin}${TAX_PATH}?page=${page + 1}` };
      if (page === 1) return json(response, 200, { data: [tax('a1'), tax('a2')], meta: { total: 3 }, links: next });
      // The server offers a next page although total is reached: the loop stops at total.
      json(response, 200, { data: [tax('a3')], meta: { total: 3 }, links: next });
    };
    const first = await client().listTax();
    const ids: string[] = [];
    for await (const item of first.each()) ids.push(item.id);
    expect(ids).toEqual(['a1', 'a2', 'a3']);
    expect(taxCalls().map((entry) => new URL(entry.url, api.origin).searchParams.get('page'))).toEqual([null, '2']);
  });

  it("stops with the abort reason when the first call's signal aborts between pages", async () => {
    api.respond = (request, response) => {
      if (request.url === TOKEN_PATH) return json(response, 200, token);
      json(response, 200, {
        data: [tax('b1')],
        meta: { total: 10 },
        links: { next: `${api.origin}${TAX_PATH}?page=2` },
      });
    };
    const controller = new AbortController();
    const first = await client().listTax({}, { signal: controller.signal });
    const seen: string[] = [];
    const loop = (async () => {
      for await (const item of first.each()) {
        seen.push(item.id);
        controller.abort(new Error('left the page'));
      }
    })();
    await expect(loop).rejects.toThrow('left the page');
    expect(seen).toEqual(['b1']);
  });
});
