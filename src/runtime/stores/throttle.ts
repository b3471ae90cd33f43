// Slows down credential guessing without letting an attacker lock out, or evict, anyone else.
// Three budgets, each a count of failures per key that is forgotten after the window:
// - per client address: many failures from one address, on any accounts, block that address;
// - per account and address: a few failures block that address for that account only, so a
//   stranger's guesses never lock the real user out from the user's own address;
// - per account, from addresses that never logged in to it: many such failures (a guessing
//   botnet) close the account to new addresses for a while; addresses that have logged in keep
//   their own budget.
// The counts live in a ThrottleStore (throttle-store.ts): in memory by default, or one store that
// several instances share. The memory store never evicts a live key; a budget that is full counts no
// new key, which is reported (onSaturated) and never refuses anyone: a full budget must not keep a
// correct credential out, so the other budgets, which have room, go on limiting the guesses.
import { createHash } from 'node:crypto';
import { MemoryThrottleStore, type FailureLimit, type ThrottleBudget, type ThrottleStore } from './throttle-store.js';

export type { ThrottleBudget, ThrottleStore } from './throttle-store.js';

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
  /** Live keys per budget of the default memory store at most. Default 10 000. */
  maxEntries?: number;
  /** Where the counts live; default a MemoryThrottleStore of this process. */
  store?: ThrottleStore;
  /**
   * Called when a failure could not be counted because its budget is full (at most once a minute per budget),
   * e.g. to count a metric. Default: a process warning, once per budget.
   */
  onSaturated?: (budget: ThrottleBudget) => void;
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

// Long names (a request body can hold megabytes) are kept as a hash, so keys stay small.
function accountKey(account: string, address: string): string {
  const name = account.length <= 128 ? account : createHash('sha256').update(account).digest('base64url');
  return `${name}\u0000${address}`;
}

export class LoginThrottle {
  readonly #store: ThrottleStore;
  readonly #limits: Record<ThrottleBudget, FailureLimit>;
  readonly #trustMs: number;
  readonly #now: () => number;
  readonly #onSaturated: (budget: ThrottleBudget) => void;
  readonly #reportedAt = new Map<ThrottleBudget, number>();

  constructor(options: LoginThrottleOptions = {}) {
    const settings = { ...LOGIN_THROTTLE_DEFAULTS, ...options };
    const limit = (failures: number): FailureLimit => ({
      limit: failures,
      windowMs: settings.windowSeconds * 1000,
      lockoutMs: settings.lockoutSeconds * 1000,
    });
    this.#limits = {
      address: limit(settings.addressFailures),
      pair: limit(settings.accountFailures),
      account: limit(settings.untrustedAccountFailures),
    };
    this.#trustMs = settings.trustSeconds * 1000;
    this.#now = options.now ?? Date.now;
    this.#store = options.store ?? new MemoryThrottleStore({ maxEntries: settings.maxEntries });
    this.#onSaturated = options.onSaturated ?? warnOnce();
  }

  /**
   * Seconds until this address may try this account again, or undefined when it may try now.
   * Without an account (e.g. a refresh token), only the address budget applies.
   */
  async retryAfterSeconds(account: string | undefined, address: string): Promise<number | undefined> {
    const now = this.#now();
    let until = await this.#store.blockedUntil('address', address, now);
    if (account !== undefined) {
      const pair = accountKey(account, address);
      until = Math.max(until, await this.#store.blockedUntil('pair', pair, now));
      if (!(await this.#isTrusted(pair, now))) {
        until = Math.max(until, await this.#store.blockedUntil('account', accountKey(account, ''), now));
      }
    }
    return until > now ? Math.ceil((until - now) / 1000) : undefined;
  }

  /** Counts a failed check of the account's credential from the address. */
  async recordFailure(account: string | undefined, address: string): Promise<void> {
    const now = this.#now();
    await this.#count('address', address, now);
    if (account === undefined) return;
    const pair = accountKey(account, address);
    await this.#count('pair', pair, now);
    if (!(await this.#isTrusted(pair, now))) await this.#count('account', accountKey(account, ''), now);
  }

  /** A successful check: the pair's failures are forgotten and the address is trusted for the account. */
  async recordSuccess(account: string, address: string): Promise<void> {
    const pair = accountKey(account, address);
    const now = this.#now();
    await this.#store.clear('pair', pair, now);
    await this.#store.trust(pair, now + this.#trustMs);
  }

  async #count(budget: ThrottleBudget, key: string, now: number): Promise<void> {
    if ((await this.#store.recordFailure(budget, key, this.#limits[budget], now)) === 'counted') return;
    if (now - (this.#reportedAt.get(budget) ?? -Infinity) < 60_000) return;
    this.#reportedAt.set(budget, now);
    this.#onSaturated(budget);
  }

  async #isTrusted(pair: string, now: number): Promise<boolean> {
    return (await this.#store.trustedUntil(pair)) > now;
  }
}

function warnOnce(): (budget: ThrottleBudget) => void {
  const warned = new Set<ThrottleBudget>();
  return (budget) => {
    if (warned.has(budget)) return;
    warned.add(budget);
    process.emitWarning(`LoginThrottle: the ${budget} budget is full; new keys are not counted until old ones expire`, {
      code: 'SVCGEN_THROTTLE_FULL',
    });
  };
}
