// Issue 31 item 6: a login throttle whose budgets are full must not deny correct credentials. A flood of
// failed grants with random user names from many loopback addresses fills the throttle's tables (made small
// here: 40 keys per budget, against 10 000 by default); then the admin with the right password and the
// integration with its secret still get tokens from addresses that never logged in, the flooding addresses
// stay blocked, and the saturation is reported.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiPlugin } from '../../generated/admin-api/server.js';
import { LoginThrottle } from '../../generated/runtime/stores/throttle.js';
import { LoopbackClients } from '../helpers/loopback-agent.js';

const ADMIN = { username: 'admin', password: 'right-password' };
const INTEGRATION = { id: 'integration-1', secret: 'integration-secret' };

let app: FastifyInstance;
let tokenUrl: string;
const clients = new LoopbackClients();
const saturated: string[] = [];

beforeAll(async () => {
  app = Fastify();
  const throttle = new LoginThrottle({ maxEntries: 40, onSaturated: (budget) => saturated.push(budget) });
  await app.register(
    adminApiPlugin({
      // Only the token endpoint is driven here: every route handler is one that is never called.
      handlers: new Proxy({}, { get: () => () => undefined }) as Parameters<typeof adminApiPlugin>[0]['handlers'],
      auth: {
        oauth: {
          verifyPassword: (username, password) => username === ADMIN.username && password === ADMIN.password,
          verifyClient: (id, secret) => id === INTEGRATION.id && secret === INTEGRATION.secret,
          throttle,
        },
      },
    }),
  );
  tokenUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/oauth/token`;
});

afterAll(async () => {
  await app.close();
  await clients.close();
});

const passwordGrant = (address: string, username: string, password: string) =>
  clients.send(address, tokenUrl, {
    method: 'POST',
    body: { grant_type: 'password', client_id: 'administration', username, password },
  });

describe('a full login throttle', () => {
  it('still lets correct credentials in from new addresses, and keeps limiting the guessers', async () => {
    const floodAddresses = Array.from({ length: 10 }, (_, n) => `127.0.4.${n + 1}`);
    const statuses = new Map<number, number>();
    // 10 addresses x 31 grants with random user names: 310 keys wanted by 40-key budgets; each address
    // stays within its budget of 30 failures until its last grant.
    await Promise.all(
      floodAddresses.map(async (address) => {
        for (let i = 0; i < 31; i++) {
          const answer = await passwordGrant(address, `random-${address}-${i}`, 'x');
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 400: 10 * 30, 429: 10 });
    expect(saturated).toEqual(expect.arrayContaining(['pair', 'account']));

    const admin = await passwordGrant('127.0.5.1', ADMIN.username, ADMIN.password);
    expect(admin.status).toBe(200);
    expect(typeof admin.json.access_token).toBe('string');
    const integration = await clients.send('127.0.5.2', tokenUrl, {
      method: 'POST',
      body: { grant_type: 'client_credentials', client_id: INTEGRATION.id, client_secret: INTEGRATION.secret },
    });
    expect(integration.status).toBe(200);

    // The guessers stay blocked, even with the right password, and a wrong one is still a plain failure.
    const blocked = await passwordGrant('127.0.4.1', ADMIN.username, ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect((await passwordGrant('127.0.5.3', ADMIN.username, 'wrong')).status).toBe(400);
  }, 60_000);
});
