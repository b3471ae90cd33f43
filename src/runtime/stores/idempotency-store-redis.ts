// The responses to idempotency keys in Redis, shared by every instance: the first request with a key claims
// it with one Lua script (GET, else SET with an expiry), which Redis runs atomically, so exactly one of
// several concurrent requests (on any instance) runs. Every key expires: a claim after `runningMs`, an
// response after the window. Keys arrive hashed (idempotency.ts).
import { RedisAccess, type RedisStoreOptions } from './redis-store-base.js';
import type { IdempotencyStore, KeyClaim, StoredResponse } from './idempotency.js';

/**
 * What a key holds: the fingerprint of the request that claimed it, the runningUntil of its claim (which tells it
 * apart from a claim that took it over), and its response once there is one. The member keeps its name `answer` from
 * earlier releases, so that keys they stored read back the same after an upgrade.
 */
interface Held {
  readonly fingerprint: string;
  readonly until?: string;
  readonly answer?: StoredResponse;
}

// KEYS[1] the key; ARGV the claim (JSON), its time to live. Returns what the key held, or nil for a new claim.
const CLAIM = `
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;
// Only a running claim is completed or released, and only the one made with the runningUntil given (the last
// argument; '' for any): a key taken over after its claim ran out stays the new one's.
// ARGV the response (JSON), its time to live, the claim's runningUntil; the claim's fingerprint is kept beside it.
const COMPLETE = `
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local claim = cjson.decode(held)
if claim.answer ~= nil then return 0 end
if ARGV[3] ~= '' and claim['until'] ~= ARGV[3] then return 0 end
local completed = '{"fingerprint":' .. cjson.encode(claim.fingerprint) .. ',"answer":' .. ARGV[1] .. '}'
redis.call('SET', KEYS[1], completed, 'PX', ARGV[2])
return 1`;
const RELEASE = `
local held = redis.call('GET', KEYS[1])
if not held then return 1 end
local claim = cjson.decode(held)
if claim.answer == nil and (ARGV[1] == '' or claim['until'] == ARGV[1]) then redis.call('DEL', KEYS[1]) end
return 1`;

export class RedisIdempotencyStore implements IdempotencyStore {
  readonly #redis: RedisAccess;

  constructor(options: RedisStoreOptions) {
    this.#redis = new RedisAccess(options);
  }

  async claim(key: string, fingerprint: string, runningUntil: number): Promise<KeyClaim> {
    const claim: Held = { fingerprint, until: String(runningUntil) };
    const held = await this.#redis.run(CLAIM, [this.#key(key)], [JSON.stringify(claim), this.#redis.ttl(runningUntil)]);
    if (typeof held !== 'string') return { state: 'new' };
    const found = JSON.parse(held) as Held;
    return found.answer === undefined
      ? { state: 'running', fingerprint: found.fingerprint }
      : { state: 'completed', fingerprint: found.fingerprint, response: found.answer };
  }

  async complete(key: string, response: StoredResponse, keepUntil: number, claimedUntil?: number): Promise<void> {
    const args = [JSON.stringify(response), this.#redis.ttl(keepUntil), claimedUntil ?? ''];
    await this.#redis.run(COMPLETE, [this.#key(key)], args);
  }

  async release(key: string, claimedUntil?: number): Promise<void> {
    await this.#redis.run(RELEASE, [this.#key(key)], [claimedUntil ?? '']);
  }

  #key(key: string): string {
    return this.#redis.key('idempotency', key);
  }
}
