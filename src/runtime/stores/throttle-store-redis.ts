// LoginThrottle's counts in Redis, shared by every instance: a failure is counted by one Lua script, so
// concurrent failures on several instances add up exactly as on one. Each key expires once its window and
// block are over; there is no cap on keys, so a full budget never happens here.
import { RedisAccess, type RedisStoreOptions } from './redis-store-base.js';
import type { FailureLimit, FailureRecord, ThrottleBudget, ThrottleStore } from './throttle-store.js';

// KEYS[1] the key's hash; ARGV now, window, limit, lockout (ms). A count older than the window starts again;
// the failure reaching the limit blocks the key and restarts the count.
const RECORD_FAILURE = `
local now, window, limit, lockout = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 'count', 'start', 'blocked')
local count, start, blocked = tonumber(state[1]) or 0, tonumber(state[2]) or now, tonumber(state[3]) or 0
if now - start >= window then count, start = 0, now end
count = count + 1
if count >= limit then count, start, blocked = 0, now, now + lockout end
redis.call('HSET', KEYS[1], 'count', count, 'start', start, 'blocked', blocked)
redis.call('PEXPIRE', KEYS[1], math.max(window, lockout))
return 1`;
const BLOCKED_UNTIL = `return redis.call('HGET', KEYS[1], 'blocked')`;
const CLEAR = `if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'count', 0) end return 1`;
const TRUST = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1`;
const TRUSTED_UNTIL = `return redis.call('GET', KEYS[1])`;

export class RedisThrottleStore implements ThrottleStore {
  readonly #redis: RedisAccess;

  constructor(options: RedisStoreOptions) {
    this.#redis = new RedisAccess(options);
  }

  async blockedUntil(budget: ThrottleBudget, key: string, now: number): Promise<number> {
    const until = Number((await this.#redis.run(BLOCKED_UNTIL, [this.#key(budget, key)])) ?? 0);
    return until > now ? until : 0;
  }

  async recordFailure(budget: ThrottleBudget, key: string, limit: FailureLimit, now: number): Promise<FailureRecord> {
    await this.#redis.run(
      RECORD_FAILURE,
      [this.#key(budget, key)],
      [now, limit.windowMs, limit.limit, limit.lockoutMs],
    );
    return 'counted';
  }

  async clear(budget: ThrottleBudget, key: string, _now: number): Promise<void> {
    await this.#redis.run(CLEAR, [this.#key(budget, key)]);
  }

  async trust(pair: string, until: number): Promise<void> {
    await this.#redis.run(TRUST, [this.#redis.key('trust', pair)], [until, this.#redis.ttl(until)]);
  }

  async trustedUntil(pair: string): Promise<number> {
    return Number((await this.#redis.run(TRUSTED_UNTIL, [this.#redis.key('trust', pair)])) ?? 0);
  }

  #key(budget: ThrottleBudget, key: string): string {
    return this.#redis.key('throttle', budget, key);
  }
}
