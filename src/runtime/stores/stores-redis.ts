// The stores behind authentication and sessions in Redis, for several instances of a service: each operation
// is one Lua script, atomic across instances. Every key expires with what it holds, so nothing grows without
// bound; the sets that find a login's or an owner's tokens expire with their last token, and drop members
// whose token has expired as new ones come.
import { RedisAccess, type RedisStoreOptions } from './redis-store-base.js';
import { AccessTokensOver, RefreshTokensOver, type TokenTable } from './shared-store.js';
import type { NonceCountResult, NonceStore, RefreshTokenRecord, SessionRecord, SessionStore } from './stores.js';

export type { RedisScripting, RedisStoreOptions } from './redis-store-base.js';
export { RedisThrottleStore } from './throttle-store-redis.js';
export { RedisIdempotencyStore } from './idempotency-store-redis.js';

// KEYS[1] the nonce; ARGV count, time to live.
const ADVANCE_COUNT = `
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) <= last then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

export class RedisNonceStore implements NonceStore {
  readonly #redis: RedisAccess;

  constructor(options: RedisStoreOptions) {
    this.#redis = new RedisAccess(options);
  }

  async advanceCount(nonce: string, count: number, expiresAt: number): Promise<NonceCountResult> {
    if (!(count > 0)) return 'replayed';
    const advanced = await this.#redis.run(
      ADVANCE_COUNT,
      [this.#redis.key('nonce', nonce)],
      [count, this.#redis.ttl(expiresAt)],
    );
    return advanced === 1 ? 'ok' : 'replayed';
  }
}

// KEYS token, family set, subject set; ARGV record JSON, revoked flag, hash, time to live. A set lives as
// long as its longest-lived token; a few of its members are checked per save and dropped when expired.
const SAVE_TOKEN = `
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'revoked', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local tokenPrefix = string.sub(KEYS[1], 1, #KEYS[1] - #ARGV[3])
for i = 2, 3 do
  for _, member in ipairs(redis.call('SRANDMEMBER', KEYS[i], 3)) do
    if redis.call('EXISTS', tokenPrefix .. member) == 0 then redis.call('SREM', KEYS[i], member) end
  end
  redis.call('SADD', KEYS[i], ARGV[3])
  if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[4]) then redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
end
return 1`;
const FIND_TOKEN = `return redis.call('HMGET', KEYS[1], 'record', 'revoked')`;
const REVOKE_TOKEN = `
if redis.call('HGET', KEYS[1], 'revoked') ~= '0' then return 0 end
redis.call('HSET', KEYS[1], 'revoked', '1')
return 1`;
// KEYS[1] the set; ARGV[1] the key prefix of its tokens.
const REVOKE_SET = `
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local token = ARGV[1] .. member
  if redis.call('EXISTS', token) == 1 then redis.call('HSET', token, 'revoked', '1') end
end
return 1`;

/** The keys of one kind of token ("refresh" or "access"); both have the same shape. */
class RedisTokenKeys implements TokenTable {
  readonly #redis: RedisAccess;
  readonly #kind: string;

  constructor(options: RedisStoreOptions, kind: 'refresh' | 'access') {
    this.#redis = new RedisAccess(options);
    this.#kind = kind;
  }

  async save(record: RefreshTokenRecord): Promise<void> {
    const { revoked, ...stored } = record;
    const keys = [
      this.#token(record.tokenHash),
      this.#set('family', record.familyId),
      this.#set('subject', record.subject),
    ];
    await this.#redis.run(SAVE_TOKEN, keys, [
      JSON.stringify(stored),
      revoked ? '1' : '0',
      record.tokenHash,
      this.#redis.ttl(record.expiresAt),
    ]);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const [record, revoked] = (await this.#redis.run(FIND_TOKEN, [this.#token(tokenHash)])) as (string | null)[];
    if (typeof record !== 'string') return undefined;
    return { ...(JSON.parse(record) as Omit<RefreshTokenRecord, 'revoked'>), revoked: revoked !== '0' };
  }

  /** True only for the one call that revoked a live token. */
  async revoke(tokenHash: string): Promise<boolean> {
    return (await this.#redis.run(REVOKE_TOKEN, [this.#token(tokenHash)])) === 1;
  }

  async revokeAll(by: 'familyId' | 'subject', id: string): Promise<void> {
    await this.#redis.run(REVOKE_SET, [this.#set(by === 'familyId' ? 'family' : 'subject', id)], [this.#token('')]);
  }

  #token(tokenHash: string): string {
    return this.#redis.key(this.#kind, 'token', tokenHash);
  }

  #set(set: 'family' | 'subject', id: string): string {
    return this.#redis.key(this.#kind, set, id);
  }
}

export class RedisRefreshTokenStore extends RefreshTokensOver {
  constructor(options: RedisStoreOptions) {
    super(new RedisTokenKeys(options, 'refresh'));
  }
}

export class RedisAccessTokenStore extends AccessTokensOver {
  constructor(options: RedisStoreOptions) {
    super(new RedisTokenKeys(options, 'access'));
  }
}

const GET = `return redis.call('GET', KEYS[1])`;
const SET = `return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`;
const DELETE = `return redis.call('DEL', KEYS[1])`;
// RENAME keeps the time to live; the old token names nothing afterwards, on every instance.
const ROTATE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('RENAME', KEYS[1], KEYS[2])
return 1`;

/** Session data must be JSON. */
export class RedisSessionStore<Data> implements SessionStore<Data> {
  readonly #redis: RedisAccess;

  constructor(options: RedisStoreOptions) {
    this.#redis = new RedisAccess(options);
  }

  async get(token: string): Promise<SessionRecord<Data> | undefined> {
    const value = await this.#redis.run(GET, [this.#key(token)]);
    return typeof value === 'string' ? (JSON.parse(value) as SessionRecord<Data>) : undefined;
  }

  async set(token: string, data: Data, expiresAt: number): Promise<void> {
    await this.#redis.run(SET, [this.#key(token)], [JSON.stringify({ data, expiresAt }), this.#redis.ttl(expiresAt)]);
  }

  async delete(token: string): Promise<void> {
    await this.#redis.run(DELETE, [this.#key(token)]);
  }

  async rotate(oldToken: string, newToken: string): Promise<boolean> {
    return (await this.#redis.run(ROTATE, [this.#key(oldToken), this.#key(newToken)])) === 1;
  }

  #key(token: string): string {
    return this.#redis.key('session', token);
  }
}
