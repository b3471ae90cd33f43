// Unauthenticated traffic grows no table: anonymous Store API context requests store no session,
// and Digest challenges store no nonce. Rows are counted before and after 20,000 requests over HTTP
// (16,000 context requests and 4,000 Digest challenges).
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY, apiUser, send, startService, type Service } from '../server/helpers.js';

let service: Service;
const agent = new Agent({ connections: 16 });

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service.close();
  await agent.close();
});

function rows(table: 'session' | 'digest_nonce'): number {
  return (service.app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

async function flood(path: string, headers: Record<string, string>, total: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < total) {
        const response = await request(`${service.baseUrl}${path}`, { dispatcher: agent, headers });
        await response.body.dump();
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

describe('storage growth under unauthenticated traffic', () => {
  it('stores no session for 16,000 anonymous context requests, and one once a session holds something', async () => {
    const before = rows('session');
    const statuses = await flood('/store-api/v3/context', { 'svc-access-key': ACCESS_KEY }, 16_000);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 16_000 });
    expect(rows('session') - before).toBe(0);

    const token = (
      await send(service.baseUrl, '/store-api/v3/context', { headers: { 'svc-access-key': ACCESS_KEY } })
    ).header('svc-context-token') as string;
    const again = await send(service.baseUrl, '/store-api/v3/context', {
      headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': token },
    });
    expect(again.header('svc-context-token')).toBe(token);
    const added = await send(service.baseUrl, '/store-api/v3/checkout/cart/line-item', {
      method: 'POST',
      headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': token },
      body: { items: [{ type: 'product', referencedId: 'b803112561d85038703c7e86e191a881', quantity: 1 }] },
    });
    expect(added.status).toBe(200);
    expect(rows('session') - before).toBe(1);
  }, 180_000);

  it('stores no nonce for 4,000 Digest challenges, and one per nonce in authenticated use', async () => {
    const before = rows('digest_nonce');
    const statuses = await flood('/api/Banner', {}, 4_000);
    expect(Object.fromEntries(statuses)).toEqual({ 401: 4_000 });
    expect(rows('digest_nonce') - before).toBe(0);
    const user = apiUser(service);
    expect((await user.send('/api/Banner')).status).toBe(200);
    expect((await user.send('/api/Banner')).status).toBe(200);
    expect(rows('digest_nonce') - before).toBe(1);
  }, 180_000);
});
