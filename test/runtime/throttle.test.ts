import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/runtime/stores/throttle.js';

function setup(options: ConstructorParameters<typeof LoginThrottle>[0] = {}) {
  const clock = { now: 1_700_000_000_000 };
  const throttle = new LoginThrottle({ windowSeconds: 60, lockoutSeconds: 120, now: () => clock.now, ...options });
  return { clock, throttle };
}

async function fail(throttle: LoginThrottle, account: string | undefined, address: string, times: number) {
  for (let i = 0; i < times; i++) await throttle.recordFailure(account, address);
}

describe('LoginThrottle', () => {
  it('blocks an account for the address that failed, not for other addresses', async () => {
    const { clock, throttle } = setup({ accountFailures: 3 });
    await fail(throttle, 'admin', '10.0.0.66', 2);
    expect(await throttle.retryAfterSeconds('admin', '10.0.0.66')).toBeUndefined();
    await throttle.recordFailure('admin', '10.0.0.66');
    expect(await throttle.retryAfterSeconds('admin', '10.0.0.66')).toBe(120);
    expect(await throttle.retryAfterSeconds('admin', '10.0.0.1')).toBeUndefined();
    clock.now += 100_500;
    expect(await throttle.retryAfterSeconds('admin', '10.0.0.66')).toBe(20);
    clock.now += 19_500;
    expect(await throttle.retryAfterSeconds('admin', '10.0.0.66')).toBeUndefined();
  });

  it("forgets failures older than the window, and a pair's failures on success", async () => {
    const { clock, throttle } = setup({ accountFailures: 3 });
    await fail(throttle, 'admin', 'a', 2);
    clock.now += 61_000;
    await throttle.recordFailure('admin', 'a');
    expect(await throttle.retryAfterSeconds('admin', 'a')).toBeUndefined();
    await throttle.recordFailure('admin', 'a');
    await throttle.recordSuccess('admin', 'a');
    await fail(throttle, 'admin', 'a', 2);
    expect(await throttle.retryAfterSeconds('admin', 'a')).toBeUndefined();
  });

  it('blocks an address that fails on many accounts', async () => {
    const { throttle } = setup({ addressFailures: 10 });
    for (let i = 0; i < 10; i++) await throttle.recordFailure(`user-${i}`, 'a');
    expect(await throttle.retryAfterSeconds('someone-else', 'a')).toBe(120);
    expect(await throttle.retryAfterSeconds(undefined, 'a')).toBe(120);
    expect(await throttle.retryAfterSeconds('someone-else', 'b')).toBeUndefined();
  });

  it('closes an account to untrusted addresses after many failures, not to one that logged in', async () => {
    const { throttle } = setup({ untrustedAccountFailures: 20 });
    await throttle.recordSuccess('admin', 'home');
    for (let i = 0; i < 20; i++) await throttle.recordFailure('admin', `bot-${i}`);
    expect(await throttle.retryAfterSeconds('admin', 'bot-99')).toBe(120);
    expect(await throttle.retryAfterSeconds('admin', 'home')).toBeUndefined();
  });

  it('never evicts a lockout when its budgets are full, nor refuses anyone for it, and reports it', async () => {
    const saturated: string[] = [];
    const { throttle } = setup({ maxEntries: 50, accountFailures: 3, onSaturated: (budget) => saturated.push(budget) });
    await throttle.recordSuccess('admin', 'home');
    await fail(throttle, 'admin', 'attacker', 3);
    for (let i = 0; i < 500; i++) await throttle.recordFailure(`random-${i}`, `bot-${i % 40}`);
    expect(await throttle.retryAfterSeconds('admin', 'attacker')).toBe(120);
    expect(await throttle.retryAfterSeconds('new-user', 'newcomer')).toBeUndefined();
    expect(await throttle.retryAfterSeconds('admin', 'home')).toBeUndefined();
    // Reported once a minute per budget, not once per failure.
    expect(saturated).toEqual(['pair', 'account']);
  });
});
