// Slows down credential guessing: after maxFailures failures of one key within
// the window, the key is refused for lockoutSeconds. In memory, per process.

export interface FailureThrottleOptions {
  /** Failures within the window that trigger a lockout. Default 5. */
  maxFailures?: number;
  /** Default 300. */
  windowSeconds?: number;
  /** Default 60. */
  lockoutSeconds?: number;
  /** Keys remembered at most, oldest dropped first, to bound memory. Default 10 000. */
  maxKeys?: number;
  now?: () => number;
}

interface FailureEntry {
  /** Times of the failures inside the window. */
  failures: number[];
  blockedUntil: number;
}

export class FailureThrottle {
  readonly #entries = new Map<string, FailureEntry>();
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #lockoutMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: FailureThrottleOptions = {}) {
    this.#maxFailures = options.maxFailures ?? 5;
    this.#windowMs = (options.windowSeconds ?? 300) * 1000;
    this.#lockoutMs = (options.lockoutSeconds ?? 60) * 1000;
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Seconds until the key may try again, or undefined when it is not locked out. */
  retryAfterSeconds(key: string): number | undefined {
    const entry = this.#entries.get(key);
    const now = this.#now();
    if (entry === undefined || entry.blockedUntil <= now) return undefined;
    return Math.ceil((entry.blockedUntil - now) / 1000);
  }

  /** Counts a failure; returns the lockout in seconds when this failure started one. */
  recordFailure(key: string): number | undefined {
    const now = this.#now();
    const entry = this.#entries.get(key) ?? { failures: [], blockedUntil: 0 };
    entry.failures = entry.failures.filter((time) => time > now - this.#windowMs);
    entry.failures.push(now);
    let lockout: number | undefined;
    if (entry.failures.length >= this.#maxFailures) {
      entry.blockedUntil = now + this.#lockoutMs;
      entry.failures = [];
      lockout = Math.ceil(this.#lockoutMs / 1000);
    }
    // Re-insert so the map stays in order of last failure, then drop the oldest beyond the cap.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    for (const oldKey of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxKeys) break;
      this.#entries.delete(oldKey);
    }
    return lockout;
  }

  /** Forgets the key's failures, e.g. after a success. */
  reset(key: string): void {
    this.#entries.delete(key);
  }
}
