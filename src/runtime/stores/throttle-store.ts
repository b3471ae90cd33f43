// Where LoginThrottle keeps its counts: the ThrottleStore seam, and the in-memory store of one process.
// Several instances of a service share one store (PostgreSQL or Redis, stores-postgres.ts and
// stores-redis.ts), so an attacker gets one budget, not one per instance. Every operation is one
// atomic step in the store. Times are epoch milliseconds of the service's clock.
import type { MaybePromise } from './stores.js';
import { noteMemoryStoreWrite } from './store-locality.js';

/** The throttle's budgets: per client address, per account and address, per account from untrusted addresses. */
export type ThrottleBudget = 'address' | 'pair' | 'account';

export interface FailureLimit {
  /** Failures within the window that block the key. */
  readonly limit: number;
  /** A key's count starts at its first failure and is forgotten this long after it. */
  readonly windowMs: number;
  /** How long a key stays blocked once it reached the limit. */
  readonly lockoutMs: number;
}

/** Outcome of ThrottleStore.recordFailure: 'full' when the store had no room for a new key (nothing was counted). */
export type FailureRecord = 'counted' | 'full';

export interface ThrottleStore {
  /** The latest end of a block among the keys of the budget (0 when none is blocked at `now`). */
  blockedUntil(budget: ThrottleBudget, key: string, now: number): MaybePromise<number>;
  /**
   * In one atomic step: counts a failure of the key (a count older than the window starts again); the
   * failure that reaches the limit blocks the key for lockoutMs and restarts its count.
   */
  recordFailure(budget: ThrottleBudget, key: string, limit: FailureLimit, now: number): MaybePromise<FailureRecord>;
  /** Forgets the key's failures (not a block still running at `now`). */
  clear(budget: ThrottleBudget, key: string, now: number): MaybePromise<void>;
  /** Marks an account-and-address pair as trusted (it logged in) until the given time. */
  trust(pair: string, until: number): MaybePromise<void>;
  /** Until when the pair is trusted (0 when it is not). */
  trustedUntil(pair: string): MaybePromise<number>;
}

interface FailureEntry {
  count: number;
  windowStart: number;
  windowMs: number;
  blockedUntil: number;
}

export interface MemoryThrottleStoreOptions {
  /** Live keys per budget, and trusted pairs, at most. Default 10 000. */
  maxEntries?: number;
}

/** One process's counts. Never evicts a live key: a full budget returns 'full' for a new key instead. */
export class MemoryThrottleStore implements ThrottleStore {
  readonly #budgets: Record<ThrottleBudget, Map<string, FailureEntry>> = {
    address: new Map(),
    pair: new Map(),
    account: new Map(),
  };
  readonly #prunedAt: Record<ThrottleBudget, number> = { address: 0, pair: 0, account: 0 };
  readonly #trusted = new Map<string, number>();
  readonly #maxEntries: number;

  constructor(options: MemoryThrottleStoreOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
  }

  blockedUntil(budget: ThrottleBudget, key: string, now: number): number {
    const until = this.#budgets[budget].get(key)?.blockedUntil ?? 0;
    return until > now ? until : 0;
  }

  recordFailure(budget: ThrottleBudget, key: string, limit: FailureLimit, now: number): FailureRecord {
    noteMemoryStoreWrite('MemoryThrottleStore', 'login failure counts');
    const entries = this.#budgets[budget];
    let entry = entries.get(key);
    if (entry === undefined) {
      if (entries.size >= this.#maxEntries) this.#prune(budget, now);
      if (entries.size >= this.#maxEntries) return 'full';
      entry = { count: 0, windowStart: now, windowMs: limit.windowMs, blockedUntil: 0 };
      entries.set(key, entry);
    }
    if (now - entry.windowStart >= limit.windowMs) Object.assign(entry, { count: 0, windowStart: now });
    entry.count += 1;
    if (entry.count >= limit.limit)
      Object.assign(entry, { count: 0, windowStart: now, blockedUntil: now + limit.lockoutMs });
    return 'counted';
  }

  clear(budget: ThrottleBudget, key: string, now: number): void {
    const entries = this.#budgets[budget];
    const entry = entries.get(key);
    if (entry !== undefined && entry.blockedUntil > now) entry.count = 0;
    else entries.delete(key);
  }

  // Only successes add trusted pairs, so dropping the oldest when full is not in a stranger's hands.
  trust(pair: string, until: number): void {
    this.#trusted.delete(pair);
    this.#trusted.set(pair, until);
    for (const oldest of this.#trusted.keys()) {
      if (this.#trusted.size <= this.#maxEntries) break;
      this.#trusted.delete(oldest);
    }
  }

  trustedUntil(pair: string): number {
    return this.#trusted.get(pair) ?? 0;
  }

  // At most once a second per budget, so a full budget of live keys does not cost a scan per request.
  #prune(budget: ThrottleBudget, now: number): void {
    if (now - this.#prunedAt[budget] < 1000) return;
    this.#prunedAt[budget] = now;
    const entries = this.#budgets[budget];
    for (const [key, entry] of entries) {
      if (entry.blockedUntil <= now && now - entry.windowStart >= entry.windowMs) entries.delete(key);
    }
  }
}
