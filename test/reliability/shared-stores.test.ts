// Issue 35 item 1: several instances of one service share their authentication state in PostgreSQL or
// Redis, so a load balancer may send each request anywhere. Three instances on loopback, each with its own
// store client: refresh-token reuse, Digest nonce counts, context-token rotation, sign-out and the login
// throttle hold across them; a store cut mid-run (a proxy in front of the shared server) answers 503 with
// Retry-After, lets no login through and causes no other 5xx, and service resumes when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContextSessions } from '../../src/runtime/auth/session/session-tokens.js';
import { DigestClient } from '../../generated/runtime/auth/digest/digest-client.js';
import { ACCESS_KEY, send, type ReceivedResponse } from '../server/helpers.js';
import { LoopbackClients } from '../helpers/loopback-agent.js';
import { listening, postgresBackend, redisBackend, type Backend } from '../helpers/shared-store-backends.js';
import { SharedService, type Instance } from '../helpers/shared-store-instances.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';

const backends = [postgresBackend(), redisBackend()];
const available = new Map(await Promise.all(backends.map(async (b) => [b, await listening(b.port)] as const)));

for (const backend of backends) {
  if (available.get(backend) === true) describe(`instances sharing ${backend.name}`, () => sharedStoreSuite(backend));
  else it.skip(`skipped: no ${backend.name} at 127.0.0.1:${backend.port}`, () => undefined);
}

function sharedStoreSuite(backend: Backend): void {
  const service = new SharedService();
  const proxy = new TcpProxy({ host: '127.0.0.1', port: backend.port });
  const clients = new LoopbackClients();
  let instances: Instance[] = [];

  beforeAll(async () => {
    await backend.prepare();
    await proxy.open();
    for (let i = 0; i < 3; i++) instances.push(await service.start(await backend.connect(proxy.port, Date.now)));
  });

  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    for (const instance of instances) await instance.stores.close();
    instances = [];
    await proxy.cut();
    await clients.close();
    await backend.cleanUp();
    service.remove();
  });

  const on = (index: number) => (instances[index] as Instance).baseUrl;
  const grant = (index: number, body: Record<string, string>, from = '127.0.0.1') =>
    clients.send(from, `${on(index)}/api/oauth/token`, { method: 'POST', body });
  const passwordGrant = (index: number, password: string, from?: string) =>
    grant(
      index,
      {
        grant_type: 'password',
        client_id: 'administration',
        username: service.config.adminUsername,
        password,
      },
      from,
    );
  const refresh = (index: number, token: string) =>
    grant(index, { grant_type: 'refresh_token', client_id: 'administration', refresh_token: token });
  const manufacturers = (index: number, accessToken: string) =>
    send(on(index), '/api/v3/manufacturer', { headers: { authorization: `Bearer ${accessToken}` } });

  it('a refresh token rotated on one instance and replayed on another revokes the whole login', async () => {
    const login = await passwordGrant(0, service.config.adminPassword);
    expect(login.status).toBe(200);
    const rotated = await refresh(1, login.json.refresh_token);
    expect(rotated.status).toBe(200);
    expect((await manufacturers(2, rotated.json.access_token)).status).toBe(200);
    expect((await refresh(2, login.json.refresh_token)).status).toBe(400);
    // The replay ended the login everywhere: the rotated pair is revoked too.
    expect((await refresh(0, rotated.json.refresh_token)).status).toBe(400);
    expect((await manufacturers(1, rotated.json.access_token)).status).toBe(401);
  });

  it('a Digest nonce count used on one instance is refused on another', async () => {
    const client = new DigestClient({ username: service.config.apiUsername, password: service.config.apiKey });
    const challenge = await send(on(0), '/api/Banner');
    expect(challenge.status).toBe(401);
    client.handleUnauthorized(challenge.headers['www-authenticate'], false);
    const authorization = client.authorization('GET', '/api/Banner') as string;
    expect((await send(on(0), '/api/Banner', { headers: { authorization } })).status).toBe(200);
    expect((await send(on(1), '/api/Banner', { headers: { authorization } })).status).toBe(401);
    expect((await send(on(2), '/api/Banner', { headers: { authorization } })).status).toBe(401);
    // The next count goes on working on any instance.
    const next = client.authorization('GET', '/api/Banner') as string;
    expect((await send(on(2), '/api/Banner', { headers: { authorization: next } })).status).toBe(200);
  });

  it('a context token rotated on one instance is dead on all', async () => {
    const context = (index: number, token?: string) =>
      send(on(index), '/store-api/v3/context', {
        headers: { 'svc-access-key': ACCESS_KEY, ...(token ? { 'svc-context-token': token } : {}) },
      });
    const first = await context(0);
    const before = first.json.token as string;
    const login = await send(on(0), '/store-api/v3/account/login', {
      method: 'POST',
      headers: { 'svc-access-key': ACCESS_KEY, 'svc-context-token': before },
      body: { username: service.config.customerEmail, password: service.config.customerPassword },
    });
    expect(login.status).toBe(200);
    const after = login.json.contextToken as string;
    for (const index of [1, 2]) {
      const old = await context(index, before);
      expect(old.json.token).not.toBe(before);
      expect(old.json.customer).toBeNull();
      const current = await context(index, after);
      expect(current.json.token).toBe(after);
      expect(current.json.customer.email).toBe(service.config.customerEmail);
    }
  });

  it('sign-out on one instance ends the session on all', async () => {
    const sessions = instances.map(
      (instance) =>
        new ContextSessions<{ n: number }>({
          store: instance.stores.sessions(),
          createData: () => ({ n: 0 }),
          secret: service.sessionSecret,
        }),
    );
    const started = await (sessions[0] as ContextSessions<{ n: number }>).resolve(undefined);
    await sessions[0]?.save(started.token, { n: 1 });
    expect(await sessions[1]?.resolve(started.token)).toMatchObject({ token: started.token, data: { n: 1 } });
    await sessions[1]?.destroy(started.token);
    for (const other of [sessions[0], sessions[2]]) {
      const after = await other?.resolve(started.token);
      expect(after?.isNew).toBe(true);
      expect(after?.token).not.toBe(started.token);
    }
  });

  it('5 failed logins spread over 3 instances lock the account and address pair as one instance would', async () => {
    const from = '127.0.6.1';
    for (let i = 0; i < 5; i++) expect((await passwordGrant(i % 3, `guess-${i}`, from)).status).toBe(400);
    for (const index of [0, 1, 2]) {
      const locked = await passwordGrant(index, service.config.adminPassword, from);
      expect(locked.status).toBe(429);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    }
    expect((await passwordGrant(1, service.config.adminPassword, '127.0.6.2')).status).toBe(200);
  });

  it('a store cut mid-run answers 503 with Retry-After, lets nobody in, and service resumes by itself', async () => {
    const login = await passwordGrant(0, service.config.adminPassword);
    expect(login.status).toBe(200);
    await proxy.cut();
    const during: { status: number; retryAfter: unknown; json: any }[] = [];
    const plain = (answer: ReceivedResponse) => ({
      status: answer.status,
      retryAfter: answer.header('retry-after'),
      json: answer.json,
    });
    for (const index of [0, 1, 2]) {
      during.push(await passwordGrant(index, service.config.adminPassword));
      during.push(await passwordGrant(index, 'wrong'));
      during.push(await refresh(index, login.json.refresh_token));
      during.push(plain(await manufacturers(index, login.json.access_token)));
      // A Digest request, even its first one without credentials, is first checked against the address budget.
      during.push(plain(await send(on(index), '/api/Banner')));
    }
    expect(during.map((answer) => answer.status)).toEqual(Array(15).fill(503));
    for (const answer of during) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(during[0]?.json.error).toBe('temporarily_unavailable');
    expect(during[3]?.json.errors[0]).toMatchObject({ status: '503' });
    expect(during[4]?.json).toMatchObject({ success: false });
    // A request that needs no store goes on working: a new shopping context is only a signed token.
    const context = await send(on(1), '/store-api/v3/context', { headers: { 'svc-access-key': ACCESS_KEY } });
    expect(context.status).toBe(200);
    expect(service.internalErrors).toEqual([]);

    await proxy.open();
    // Until each instance's client has reconnected, it answers 503 still; then it serves again.
    const resuming: number[] = [];
    for (let attempt = 0; attempt < 50 && resuming.at(-1) !== 200; attempt++) {
      resuming.push((await passwordGrant(attempt % 3, service.config.adminPassword)).status);
      if (resuming.at(-1) !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(resuming.at(-1)).toBe(200);
    expect(resuming.every((status) => status === 503 || status === 200)).toBe(true);
    for (const index of [0, 1, 2]) expect((await manufacturers(index, login.json.access_token)).status).toBe(200);
  }, 60_000);
}
