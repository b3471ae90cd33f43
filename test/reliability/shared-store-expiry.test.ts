// Issue 35 item 1, "no unbounded growth": everything the PostgreSQL and Redis stores write goes away after
// its expiry. Redis keys all carry a time to live; PostgreSQL rows past their expiry are deleted beside
// later writes. Real servers, one schema or key prefix per run.
import { afterAll, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/runtime/stores/throttle.js';
import { listening, postgresBackend, redisBackend, type Backend } from '../helpers/shared-store-backends.js';

const backends = [postgresBackend(), redisBackend()];
const available = new Map(await Promise.all(backends.map(async (b) => [b, await listening(b.port)] as const)));

/** One write through every store, each expiring a minute after `now`. */
async function writeEverything(backend: Backend, clock: { now: number }, name: string): Promise<() => Promise<void>> {
  const stores = await backend.connect(backend.port, () => clock.now);
  const expiresAt = clock.now + 60_000;
  const record = { familyId: `f-${name}`, subject: 'admin', clientId: 'c', scopes: [], expiresAt, revoked: false };
  await stores.nonces.advanceCount(`nonce-${name}`, 1, expiresAt);
  await stores.refreshTokens.save({ ...record, tokenHash: `r-${name}` });
  await stores.accessTokens.save({ ...record, tokenHash: `a-${name}` });
  await stores.sessions<{ n: number }>().set(`s-${name}`, { n: 1 }, expiresAt);
  const throttle = new LoginThrottle({ store: stores.throttle, now: () => clock.now, windowSeconds: 60 });
  await throttle.recordFailure(`user-${name}`, '10.0.0.1');
  await throttle.recordSuccess(`user-${name}`, '10.0.0.2');
  return stores.close;
}

for (const backend of backends) {
  if (available.get(backend) !== true) {
    it.skip(`skipped: no ${backend.name} at 127.0.0.1:${backend.port}`, () => undefined);
    continue;
  }
  describe(`${backend.name} stores`, () => {
    afterAll(() => backend.cleanUp());

    it('keep nothing past its expiry', async () => {
      await backend.prepare();
      const clock = { now: Date.now() };
      const closeFirst = await writeEverything(backend, clock, 'first');
      // The trust of a login lasts 30 days; everything else here a minute or two.
      clock.now += 10 * 60_000;
      const closeSecond = await writeEverything(backend, clock, 'second');
      // PostgreSQL deletes expired rows in the background of a write; give it a moment.
      let left = await backend.leftovers(clock.now);
      for (let attempt = 0; attempt < 20 && left > 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await backend.leftovers(clock.now);
      }
      expect(left).toBe(0);
      await closeFirst();
      await closeSecond();
    });
  });
}
