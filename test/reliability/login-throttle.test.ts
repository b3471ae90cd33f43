// Login throttling over real HTTP, from several loopback addresses (127.0.0.x): a stranger's wrong
// passwords lock only the stranger out, a flood of random user names evicts no lockout, and every
// credential check (password, client_credentials and refresh grants, Store login, Digest) is throttled
// with 429 and Retry-After in its interface's error shape.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY, startService, type Service } from '../server/helpers.js';
import { DigestClient } from '../../generated/runtime/auth/digest/digest-client.js';
import { LoopbackClients } from '../helpers/loopback-agent.js';

let service: Service;
const clients = new LoopbackClients();

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service.close();
  await clients.close();
});

/** A request from the given loopback address. */
const from = (
  address: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) => clients.send(address, `${service.baseUrl}${path}`, options);

const grant = (address: string, username: string, password: string) =>
  from(address, '/api/oauth/token', {
    method: 'POST',
    body: { grant_type: 'password', client_id: 'administration', username, password },
  });

describe('login throttling', () => {
  it('locks a guessing address out of the admin account, never the admin on their own address', async () => {
    for (let i = 0; i < 5; i++) expect((await grant('127.0.0.2', 'admin', `guess-${i}`)).status).toBe(400);
    const locked = await grant('127.0.0.2', 'admin', service.config.adminPassword);
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(locked.json.error).toBe('temporarily_unavailable');
    expect((await grant('127.0.0.3', 'admin', service.config.adminPassword)).status).toBe(200);
  });

  it('keeps a lockout through a flood of random user names from many addresses', async () => {
    for (let i = 0; i < 5; i++) await grant('127.0.0.4', 'admin', `guess-${i}`);
    expect((await grant('127.0.0.4', 'admin', 'x')).status).toBe(429);
    const statuses = new Map<number, number>();
    const senders = Array.from({ length: 20 }, (_, n) => `127.0.1.${n + 1}`);
    await Promise.all(
      senders.map(async (address) => {
        for (let i = 0; i < 520; i++) {
          const answer = await grant(address, `random-${address}-${i}`, 'x');
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    // 10,400 attempts: each address gets its budget of 30 failures, then waits.
    expect(Object.fromEntries(statuses)).toEqual({ 400: 20 * 30, 429: 20 * 490 });
    expect((await grant('127.0.0.4', 'admin', service.config.adminPassword)).status).toBe(429);
    expect((await grant('127.0.0.3', 'admin', service.config.adminPassword)).status).toBe(200);
  }, 90_000);

  it('throttles client_credentials and refresh grants', async () => {
    const client = (secret: string) =>
      from('127.0.0.5', '/api/oauth/token', {
        method: 'POST',
        body: { grant_type: 'client_credentials', client_id: service.config.integrationId, client_secret: secret },
      });
    for (let i = 0; i < 5; i++) expect((await client('wrong')).status).toBe(401);
    expect((await client(service.config.integrationSecret)).status).toBe(429);
    const refresh = () =>
      from('127.0.0.6', '/api/oauth/token', {
        method: 'POST',
        body: { grant_type: 'refresh_token', client_id: 'administration', refresh_token: 'not-a-token' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await refresh()).status);
    expect(statuses.slice(0, 29).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('throttles Store API customer logins in the Store API error shape', async () => {
    const login = (address: string, password: string) =>
      from(address, '/store-api/v3/account/login', {
        method: 'POST',
        headers: { 'svc-access-key': ACCESS_KEY },
        body: { username: service.config.customerEmail, password },
      });
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.7', `guess-${i}`)).status).toBe(401);
    const locked = await login('127.0.0.7', service.config.customerPassword);
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(locked.json.errors[0]).toMatchObject({ status: '429' });
    expect((await login('127.0.0.8', service.config.customerPassword)).status).toBe(200);
  });

  it('throttles Digest failures in the Banner API error shape', async () => {
    const attempt = async (address: string, password: string) => {
      const client = new DigestClient({ username: service.config.apiUsername, password });
      const first = await from(address, '/api/Banner');
      const response = await request(`${service.baseUrl}/api/Banner`, { dispatcher: clients.agent(address) });
      await response.body.text();
      client.handleUnauthorized(response.headers['www-authenticate'], false);
      expect(first.status).toBe(401);
      return from(address, '/api/Banner', {
        headers: { authorization: client.authorization('GET', '/api/Banner') as string },
      });
    };
    for (let i = 0; i < 5; i++) expect((await attempt('127.0.0.9', `guess-${i}`)).status).toBe(401);
    const locked = await attempt('127.0.0.9', service.config.apiKey);
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(locked.json).toMatchObject({ success: false });
    expect((await attempt('127.0.0.10', service.config.apiKey)).status).toBe(200);
  });
});
