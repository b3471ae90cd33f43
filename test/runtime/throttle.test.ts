import { describe, expect, it } from 'vitest';
import { FailureThrottle } from '../../src/runtime/throttle.js';

function setup() {
  const clock = { now: 1_700_000_000_000 };
  const throttle = new FailureThrottle({
    maxFailures: 3,
    windowSeconds: 60,
    lockoutSeconds: 120,
    now: () => clock.now,
  });
  return { clock, throttle };
}

describe('FailureThrottle', () => {
  it('locks a key out after maxFailures within the window', () => {
    const { clock, throttle } = setup();
    expect(throttle.recordFailure('k')).toBeUndefined();
    expect(throttle.recordFailure('k')).toBeUndefined();
    expect(throttle.retryAfterSeconds('k')).toBeUndefined();
    expect(throttle.recordFailure('k')).toBe(120);
    expect(throttle.retryAfterSeconds('k')).toBe(120);
    clock.now += 100_500;
    expect(throttle.retryAfterSeconds('k')).toBe(20);
    clock.now += 19_500;
    expect(throttle.retryAfterSeconds('k')).toBeUndefined();
    expect(throttle.retryAfterSeconds('other')).toBeUndefined();
  });

  it('forgets failures older than the window', () => {
    const { clock, throttle } = setup();
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    clock.now += 61_000;
    expect(throttle.recordFailure('k')).toBeUndefined();
    expect(throttle.retryAfterSeconds('k')).toBeUndefined();
  });

  it('forgets a key on reset', () => {
    const { throttle } = setup();
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    throttle.reset('k');
    expect(throttle.recordFailure('k')).toBeUndefined();
  });

  it('remembers at most maxKeys keys', () => {
    const throttle = new FailureThrottle({ maxFailures: 1, maxKeys: 2, now: () => 0 });
    throttle.recordFailure('a');
    throttle.recordFailure('b');
    throttle.recordFailure('c');
    expect(throttle.retryAfterSeconds('a')).toBeUndefined();
    expect(throttle.retryAfterSeconds('c')).toBe(60);
  });
});
