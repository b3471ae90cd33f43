// Slows down credential guessing without letting an attacker lock out, or evict, anyone else.
// Three budgets, each a table of per-key failure times that expire with the window:
// - per client address: many failures from one address, on any accounts, block that address;
// - per account and address: a few failures block that address for that account only, so a
//   stranger's guesses never lock the real user out from the user's own address;
// - per account, from addresses that never logged in to it: many such failures (a guessing
//   botnet) close the account to new addresses for a while; addresses that have logged in keep
//   their own budget.
// Memory is bounded by design: no table ever evicts a live entry. A table that is full refuses
// the failure that needs a new key, and the throttle then refuses untrusted addresses until it
// has room again, so a flood of random names cannot push real lockouts out. In memory, per process.

import { createHash } from 'node:crypto';

export interface LoginThrottleOptions {
  /** Failures of one account from one address that block that pair. Default 5. */
  accountFailures?: number;
  /** Failures from one address, any accounts, that block the address. Default 30. */
  addressFailures?: number;
  /** Failures of one account from addresses that never logged in to it that close it to them. Default 100. */
  untrustedAccountFailures?: number;
  /** Failures older than this are forgotten. Default 300. */
  windowSeconds?: number;
  /** How long a block lasts. Default 60. */
  lockoutSeconds?: number;
  /** How long a successful login keeps its address trusted for the account. Default 30 days. */
  trustSeconds?: number;
  /** Live keys per table at most. Default 10 000. */
  maxEntries?: number;
  now?: () => number;
}

export const LOGIN_THROTTLE_DEFAULTS = {
  accountFailures: 5,
  addressFailures: 30,
  untrustedAccountFailures: 100,
  windowSeconds: 300,
  lockoutSeconds: 60,
  trustSeconds: 30 * 24 * 3600,
  maxEntries: 10_000,
} as const;

interface FailureEntry {
  failures: number[];
  blockedUntil: number;
}

/** Failure times per key; a key reaching the limit within the window is blocked. Never evicts a live key. */
class FailureTable {
  readonly #entries = new Map<string, FailureEntry>();
  #prunedAt = 0;

  private readonly limit: number;
  private readonly windowMs: number;
  private readonly lockoutMs: number;
  private readonly maxEntries: number;

  constructor(limit: number, windowMs: number, lockoutMs: number, maxEntries: number) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.lockoutMs = lockoutMs;
    this.maxEntries = maxEntries;
  }

  blockedUntil(key: string, now: number): number {
    const until = this.#entries.get(key)?.blockedUntil ?? 0;
    return until > now ? until : 0;
  }

  /** Counts a failure; false when the table is full and the key is new (nothing was recorded). */
  record(key: string, now: number): boolean {
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      if (this.#entries.size >= this.maxEntries) this.#prune(now);
      if (this.#entries.size >= this.maxEntries) return false;
      entry = { failures: [], blockedUntil: 0 };
      this.#entries.set(key, entry);
    }
    entry.failures = entry.failures.filter((time) => time > now - this.windowMs);
    entry.failures.push(now);
    if (entry.failures.length >= this.limit) {
      entry.blockedUntil = now + this.lockoutMs;
      entry.failures = [];
    }
    return true;
  }

  clear(key: string): void {
    this.#entries.delete(key);
  }

  // At most once a second, so a full table of live entries does not cost a scan per request.
  #prune(now: number): void {
    if (now - this.#prunedAt < 1000) return;
    this.#prunedAt = now;
    for (const [key, entry] of this.#entries) {
      const live = entry.blockedUntil > now || entry.failures.some((time) => time > now - this.windowMs);
      if (!live) this.#entries.delete(key);
    }
  }
}

// Long names (a request body can hold megabytes) are kept as a hash, so keys stay small.
function accountKey(account: string, address: string): string {
  const name = account.length <= 128 ? account : createHash('sha256').update(account).digest('base64url');
  return `${name}\u0000${address}`;
}

export class LoginThrottle {
  readonly #byAddress: FailureTable;
  readonly #byPair: FailureTable;
  readonly #byUntrustedAccount: FailureTable;
  /** Account-and-address pairs that logged in, with when their trust ends; only a success adds one. */
  readonly #trusted = new Map<string, number>();
  readonly #trustMs: number;
  readonly #lockoutMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Until when untrusted addresses are refused because a table was full. */
  #saturatedUntil = 0;

  constructor(options: LoginThrottleOptions = {}) {
    const settings = { ...LOGIN_THROTTLE_DEFAULTS, ...options };
    const windowMs = settings.windowSeconds * 1000;
    this.#lockoutMs = settings.lockoutSeconds * 1000;
    this.#trustMs = settings.trustSeconds * 1000;
    this.#maxEntries = settings.maxEntries;
    this.#now = options.now ?? Date.now;
    const table = (limit: number) => new FailureTable(limit, windowMs, this.#lockoutMs, settings.maxEntries);
    this.#byAddress = table(settings.addressFailures);
    this.#byPair = table(settings.accountFailures);
    this.#byUntrustedAccount = table(settings.untrustedAccountFailures);
  }

  /**
   * Seconds until this address may try this account again, or undefined when it may try now.
   * Without an account (e.g. a refresh token), only the address budget applies.
   */
  retryAfterSeconds(account: string | undefined, address: string): number | undefined {
    const now = this.#now();
    let until = this.#byAddress.blockedUntil(address, now);
    if (account !== undefined) {
      const pair = accountKey(account, address);
      until = Math.max(until, this.#byPair.blockedUntil(pair, now));
      if (!this.#isTrusted(pair, now)) {
        until = Math.max(
          until,
          this.#byUntrustedAccount.blockedUntil(accountKey(account, ''), now),
          this.#saturated(now),
        );
      }
    } else {
      until = Math.max(until, this.#saturated(now));
    }
    return until > now ? Math.ceil((until - now) / 1000) : undefined;
  }

  /** Counts a failed check of the account's credential from the address. */
  recordFailure(account: string | undefined, address: string): void {
    const now = this.#now();
    let recorded = this.#byAddress.record(address, now);
    if (account !== undefined) {
      const pair = accountKey(account, address);
      recorded = this.#byPair.record(pair, now) && recorded;
      if (!this.#isTrusted(pair, now))
        recorded = this.#byUntrustedAccount.record(accountKey(account, ''), now) && recorded;
    }
    if (!recorded) this.#saturatedUntil = now + this.#lockoutMs;
  }

  /** A successful check: the pair's failures are forgotten and the address is trusted for the account. */
  recordSuccess(account: string, address: string): void {
    const pair = accountKey(account, address);
    this.#byPair.clear(pair);
    // Only successes add trusted pairs, so dropping the oldest when full is not in a stranger's hands.
    this.#trusted.delete(pair);
    this.#trusted.set(pair, this.#now() + this.#trustMs);
    for (const oldest of this.#trusted.keys()) {
      if (this.#trusted.size <= this.#maxEntries) break;
      this.#trusted.delete(oldest);
    }
  }

  #isTrusted(pair: string, now: number): boolean {
    return (this.#trusted.get(pair) ?? 0) > now;
  }

  #saturated(now: number): number {
    return this.#saturatedUntil > now ? this.#saturatedUntil : 0;
  }
}
