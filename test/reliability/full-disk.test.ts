// A full disk: writes answer 503 with Retry-After in each interface's error shape, reads keep working.
// Every write statement of the service's database throws SQLITE_FULL, as on a full disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY, apiUser, passwordGrant, send, startService, type Service } from '../server/helpers.js';

let service: Service;
let bearer = '';
let context = '';

beforeAll(async () => {
  service = await startService();
  bearer = (await passwordGrant(service)).access_token;
  const login = await send(service.baseUrl, '/store-api/v3/account/login', {
    method: 'POST',
    headers: { 'svc-access-key': ACCESS_KEY },
    body: { username: service.config.customerEmail, password: service.config.customerPassword },
  });
  context = login.json.contextToken;
  // Every write statement fails the way SQLite does on a full disk (SQLITE_FULL).
  const db = service.app.db;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (/^\s*(INSERT|UPDATE|DELETE|REPLACE)/i.test(sql)) {
      statement.run = () => {
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      };
    }
    return statement;
  }) as typeof db.prepare;
  service.clock.advance(120); // so a read would restart the session's idle timer
});

afterAll(async () => {
  await service.close();
});

describe('full disk', () => {
  it('keeps answering reads on every interface', async () => {
    expect(
      (await send(service.baseUrl, '/api/v3/product?limit=1', { headers: { authorization: `Bearer ${bearer}` } }))
        .status,
    ).toBe(200);
    const read = await send(service.baseUrl, '/store-api/v3/context', {
      headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': context },
    });
    expect(read.status, read.text).toBe(200);
    expect(read.json.customer).not.toBeNull();
    const digest = await apiUser(service).send('/api/Banner');
    expect(digest.status, digest.text).toBe(200);
  });

  it('answers writes 503 with Retry-After in the interface error shape', async () => {
    const banner = await apiUser(service).send('/api/Banner', {
      method: 'POST',
      body: {
        description: 'Full',
        image: 'media/image/x.png',
        link: 'https://shop.example.com/x',
        linkTarget: '_blank',
        categoryId: '3',
      },
    });
    expect(banner.status, banner.text).toBe(503);
    expect(banner.header('retry-after')).toBe('30');
    expect(banner.json).toMatchObject({ success: false });
    const cart = await send(service.baseUrl, '/store-api/v3/checkout/cart/line-item', {
      method: 'POST',
      headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': context },
      body: { items: [{ type: 'product', referencedId: 'b803112561d85038703c7e86e191a881', quantity: 1 }] },
    });
    expect(cart.status, cart.text).toBe(503);
    expect(cart.json.errors[0]).toMatchObject({ status: '503' });
    const token = await send(service.baseUrl, '/api/oauth/token', {
      method: 'POST',
      body: {
        grant_type: 'password',
        client_id: 'administration',
        username: service.config.adminUsername,
        password: service.config.adminPassword,
      },
    });
    expect(token.status, token.text).toBe(503);
    expect(token.json.error).toBe('temporarily_unavailable');
    expect(token.header('retry-after')).toBe('30');
  });
});
