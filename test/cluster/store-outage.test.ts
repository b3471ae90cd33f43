// Issue 35: PostgreSQL or Redis stopped while `npm run cluster` serves (throwaway servers of this test, never
// the machine's own): requests that need the lost store answer 503 with Retry-After, no other 5xx, no login
// that should be refused gets in, requests that need no store go on, and service resumes by itself.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../examples/reference-service/config.js';
import { clusterUnavailable, startCluster, type Cluster } from '../helpers/cluster.js';
import { describeWhenAvailable } from '../helpers/describe-when-available.js';
import { throwawayPostgres, throwawayRedis, throwawayUnavailable } from '../helpers/throwaway-servers.js';
import { ACCESS_KEY, DigestUser, send, type ReceivedResponse } from '../server/helpers.js';

const PG_PORT = 47_900 + (process.pid % 40) * 2;
const REDIS_PORT = PG_PORT + 1;
const postgres = throwawayUnavailable() === undefined ? throwawayPostgres(PG_PORT) : undefined;
const redis = throwawayUnavailable() === undefined ? throwawayRedis(REDIS_PORT) : undefined;
const missing = throwawayUnavailable() ?? (await clusterUnavailable());

describeWhenAvailable(missing, 'a store stopped under the cluster', outageSuite);

function outageSuite(): void {
  const config = loadConfig({});
  let cluster: Cluster;
  let bearer = '';
  beforeAll(async () => {
    await postgres?.start();
    await redis?.start();
    cluster = await startCluster({ pgUrl: postgres?.url ?? '', redisUrl: redis?.url ?? '' });
  }, 180_000);
  afterAll(async () => {
    await postgres?.start().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    await postgres?.remove();
    await redis?.remove();
  }, 120_000);

  const login = (password: string, username = config.adminUsername) =>
    send(cluster.front, '/api/oauth/token', {
      method: 'POST',
      body: { grant_type: 'password', client_id: 'administration', username, password },
    });
  const customerLogin = (password: string) =>
    send(cluster.front, '/store-api/v3/account/login', {
      method: 'POST',
      headers: { 'svc-access-key': ACCESS_KEY },
      body: { username: config.customerEmail, password },
    });
  const banners = () => new DigestUser(cluster.front, config.apiUsername, config.apiKey).send('/api/Banner');

  /** A round of requests; every answer is judged: 503 has Retry-After, no other 5xx, wrong passwords never in. */
  async function round(): Promise<{ right: ReceivedResponse; digest: ReceivedResponse; all: ReceivedResponse[] }> {
    const right = await login(config.adminPassword);
    // Guesses against another account: they are counted (and lock it) while the throttle's store is up.
    const wrong = [await login('wrong-password', 'guessed-account'), await customerLogin('wrong-password')];
    const digest = await banners();
    const all = [right, ...wrong, digest, await customerLogin(config.customerPassword)];
    for (const answer of all) {
      if (answer.status >= 500) {
        expect(answer.status).toBe(503);
        expect(Number(answer.header('retry-after'))).toBeGreaterThan(0);
      }
    }
    for (const answer of wrong) expect(answer.status).not.toBe(200);
    return { right, digest, all };
  }

  /** Right credentials only (guesses would spend the address's budget, HAProxy's address for every client). */
  async function resumes(): Promise<void> {
    let last: number[] = [];
    for (let tries = 0; tries < 100; tries++) {
      const answers = [await login(config.adminPassword), await banners()];
      last = answers.map((answer) => answer.status);
      for (const answer of answers) if (answer.status >= 500) expect(answer.status).toBe(503);
      if (last.every((status) => status === 200)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(last).toEqual([200, 200]);
  }

  it('works with both stores up', async () => {
    const { right, digest } = await round();
    expect(right.status).toBe(200);
    expect(digest.status).toBe(200);
    bearer = right.json.access_token as string;
  });

  it('Redis stopped: logins and Digest requests are 503 with Retry-After; it resumes when Redis is back', async () => {
    await redis?.stop();
    try {
      for (let i = 0; i < 3; i++) {
        const { right, digest } = await round();
        expect(right.status).toBe(503);
        expect(digest.status).toBe(503);
      }
      // A request that needs no Redis goes on: a bearer token issued before, checked in PostgreSQL.
      const read = await send(cluster.front, '/api/v3/manufacturer', {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(read.status).toBe(200);
    } finally {
      await redis?.start();
    }
    await resumes();
  });

  it('PostgreSQL stopped: 503 with Retry-After, no other 5xx, nobody let in; it resumes when PostgreSQL is back', async () => {
    await postgres?.stop();
    try {
      for (let i = 0; i < 3; i++) {
        const { right, all } = await round();
        expect(right.status).toBe(503);
        expect(all.filter((answer) => answer.status === 200)).toEqual([]);
      }
    } finally {
      await postgres?.start();
    }
    await resumes();
  });
}
