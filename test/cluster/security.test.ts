// Issue 35: the security promises of the reference service hold across the instances of `npm run cluster`
// (three instances on PostgreSQL and Redis behind HAProxy). "On one" and "on another" name instances by their
// own ports; the front URL reaches them round-robin. The clocks are the instances' own (real time).
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { DigestClient } from '../../generated/runtime/auth/digest/digest-client.js';
import { ContextSessions } from '../../generated/runtime/auth/session/session-tokens.js';
import { PostgresSessionStore } from '../../generated/runtime/stores/stores-postgres.js';
import { loadConfig } from '../../examples/reference-service/config.js';
import pg from 'pg';
import { CLUSTER_PG_URL, clusterUnavailable, useCluster } from '../helpers/cluster.js';
import { describeWhenAvailable } from '../helpers/describe-when-available.js';
import { ACCESS_KEY, send } from '../server/helpers.js';

const missing = await clusterUnavailable();
describeWhenAvailable(missing, 'three instances behind HAProxy', clusterSuite);

function clusterSuite(): void {
  const config = loadConfig({});
  const cluster = useCluster();

  const on = (index: number) => `http://127.0.0.1:${cluster.instances[index]?.port}`;
  const token = (base: string, body: Record<string, string>) =>
    send(base, '/api/oauth/token', { method: 'POST', body: { client_id: 'administration', ...body } });
  const manufacturers = (base: string, accessToken: string) =>
    send(base, '/api/v3/manufacturer', { headers: { authorization: `Bearer ${accessToken}` } });
  const context = (base: string, contextToken?: string) =>
    send(base, '/store-api/v3/context', {
      headers: { 'svc-access-key': ACCESS_KEY, ...(contextToken ? { 'svc-context-token': contextToken } : {}) },
    });
  const customerLogin = (base: string, username: string, password: string, contextToken?: string) =>
    send(base, '/store-api/v3/account/login', {
      method: 'POST',
      headers: { 'svc-access-key': ACCESS_KEY, ...(contextToken ? { 'svc-context-token': contextToken } : {}) },
      body: { username, password },
    });

  it('a refresh token rotated on one instance and replayed on another revokes the whole login', async () => {
    const login = await token(on(0), {
      grant_type: 'password',
      username: config.adminUsername,
      password: config.adminPassword,
    });
    expect(login.status).toBe(200);
    const rotated = await token(on(1), { grant_type: 'refresh_token', refresh_token: login.json.refresh_token });
    expect(rotated.status).toBe(200);
    expect((await manufacturers(cluster.front, rotated.json.access_token)).status).toBe(200);
    expect((await token(on(2), { grant_type: 'refresh_token', refresh_token: login.json.refresh_token })).status).toBe(
      400,
    );
    // The replay revoked the family: the pair that was rotated in is dead on every instance.
    expect(
      (await token(on(0), { grant_type: 'refresh_token', refresh_token: rotated.json.refresh_token })).status,
    ).toBe(400);
    for (const index of [0, 1, 2]) expect((await manufacturers(on(index), rotated.json.access_token)).status).toBe(401);
  });

  it('a Digest nc used on one instance is 401 on every other, and the next count works anywhere', async () => {
    const client = new DigestClient({ username: config.apiUsername, password: config.apiKey });
    const challenge = await send(cluster.front, '/api/Banner');
    expect(challenge.status).toBe(401);
    client.handleUnauthorized(challenge.headers['www-authenticate'], false);
    const authorization = client.authorization('GET', '/api/Banner') as string;
    expect((await send(on(0), '/api/Banner', { headers: { authorization } })).status).toBe(200);
    for (const base of [on(1), on(2), on(0), cluster.front])
      expect((await send(base, '/api/Banner', { headers: { authorization } })).status).toBe(401);
    const next = client.authorization('GET', '/api/Banner') as string;
    expect((await send(on(2), '/api/Banner', { headers: { authorization: next } })).status).toBe(200);
  });

  it('a context token rotated on one instance is dead on all', async () => {
    const before = (await context(on(0))).json.token as string;
    const login = await customerLogin(on(0), config.customerEmail, config.customerPassword, before);
    expect(login.status).toBe(200);
    const after = login.json.contextToken as string;
    expect(after).not.toBe(before);
    for (const index of [0, 1, 2]) {
      const old = await context(on(index), before);
      expect(old.json.token).not.toBe(before);
      expect(old.json.customer).toBeNull();
      const current = await context(on(index), after);
      expect(current.json.token).toBe(after);
      expect(current.json.customer.email).toBe(config.customerEmail);
    }
  });

  it('sign-out on one instance ends the session on all', async () => {
    // The Store API declares no logout route: a sign-out is ContextSessions.destroy (as a logout handler would
    // call it), done here over the same store class and schema as an instance, on the one shared table.
    const before = (await context(on(1))).json.token as string;
    const login = await customerLogin(on(1), config.customerEmail, config.customerPassword, before);
    const signedIn = login.json.contextToken as string;
    for (const index of [0, 2]) expect((await context(on(index), signedIn)).json.customer).not.toBeNull();
    const pool = new pg.Pool({ connectionString: CLUSTER_PG_URL, max: 1 });
    try {
      const store = new PostgresSessionStore<unknown>({ pool, schema: cluster.schema });
      // destroy writes only the token's tombstone, which needs no signing key.
      await new ContextSessions({ store, createData: () => ({}), secret: randomBytes(32) }).destroy(signedIn);
    } finally {
      await pool.end();
    }
    for (const index of [0, 1, 2]) {
      const answer = await context(on(index), signedIn);
      expect(answer.json.token).not.toBe(signedIn);
      expect(answer.json.customer).toBeNull();
    }
  });

  it('5 failed logins spread over 3 instances lock the account as one instance would', async () => {
    const email = 'nobody-guessed@example.com';
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await customerLogin(on(attempt % 3), email, `guess-${attempt}`)).status).toBe(401);
    for (const base of [on(0), on(1), on(2), cluster.front]) {
      const locked = await customerLogin(base, email, 'guess-6');
      expect(locked.status).toBe(429);
      expect(Number(locked.header('retry-after'))).toBeGreaterThan(0);
    }
    // One budget for the pair, not one address: the real customer still logs in from the same address.
    expect((await customerLogin(cluster.front, config.customerEmail, config.customerPassword)).status).toBe(200);
  });
}
