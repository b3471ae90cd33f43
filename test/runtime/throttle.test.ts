import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/runtime/throttle.js';

function setup(options: ConstructorParameters<typeof LoginThrottle>[0] = {}) {
  const clock = { now: 1_700_000_000_000 };
  const throttle = new LoginThrottle({ windowSeconds: 60, lockoutSeconds: 120, now: () => clock.now, ...options });
  return { clock, throttle };
}

function fail(throttle: LoginThrottle, account: string | undefined, address: string, times: number): void {
  for (let i = 0; i < times; i++) throttle.recordFailure(account, address);
}

describe('LoginThrottle', () => {
  it('blocks an account for the address that failed, not for other addresses', () => {
    const { clock, throttle } = setup({ accountFailures: 3 });
    fail(throttle, 'admin', '10.0.0.66', 2);
    expect(throttle.retryAfterSeconds('admin', '10.0.0.66')).toBeUndefined();
    throttle.recordFailure('admin', '10.0.0.66');
    expect(throttle.retryAfterSeconds('admin', '10.0.0.66')).toBe(120);
    expect(throttle.retryAfterSeconds('admin', '10.0.0.1')).toBeUndefined();
    clock.now += 100_500;
    expect(throttle.retryAfterSeconds('admin', '10.0.0.66')).toBe(20);
    clock.now += 19_500;
    expect(throttle.retryAfterSeconds('admin', '10.0.0.66')).toBeUndefined();
  });

  it("forgets failures older than the window, and a pair's failures on success", () => {
    const { clock, throttle } = setup({ accountFailures: 3 });
    fail(throttle, 'admin', 'a', 2);
    clock.now += 61_000;
    throttle.recordFailure('admin', 'a');
    expect(throttle.retryAfterSeconds('admin', 'a')).toBeUndefined();
    throttle.recordFailure('admin', 'a');
    throttle.recordSuccess('admin', 'a');
    fail(throttle, 'admin', 'a', 2);
    expect(throttle.retryAfterSeconds('admin', 'a')).toBeUndefined();
  });

  it('blocks an address that fails on many accounts', () => {
    const { throttle } = setup({ addressFailures: 10 });
    for (let i = 0; i < 10; i++) throttle.recordFailure(`user-${i}`, 'a');
    expect(throttle.retryAfterSeconds('someone-else', 'a')).toBe(120);
    expect(throttle.retryAfterSeconds(undefined, 'a')).toBe(120);
    expect(throttle.retryAfterSeconds('someone-else', 'b')).toBeUndefined();
  });

  it('closes an account to untrusted addresses after many failures, not to one that logged in', () => {
    const { throttle } = setup({ untrustedAccountFailures: 20 });
    throttle.recordSuccess('admin', 'home');
    for (let i = 0; i < 20; i++) throttle.recordFailure('admin', `bot-${i}`);
    expect(throttle.retryAfterSeconds('admin', 'bot-99')).toBe(120);
    expect(throttle.retryAfterSeconds('admin', 'home')).toBeUndefined();
  });

  it('never evicts a lockout when its tables are full; untrusted addresses wait instead', () => {
    const { throttle } = setup({ maxEntries: 50, accountFailures: 3 });
    throttle.recordSuccess('admin', 'home');
    fail(throttle, 'admin', 'attacker', 3);
    for (let i = 0; i < 500; i++) throttle.recordFailure(`random-${i}`, `bot-${i % 40}`);
    expect(throttle.retryAfterSeconds('admin', 'attacker')).toBe(120);
    expect(throttle.retryAfterSeconds('new-user', 'newcomer')).toBe(120);
    expect(throttle.retryAfterSeconds('admin', 'home')).toBeUndefined();
  });
});
