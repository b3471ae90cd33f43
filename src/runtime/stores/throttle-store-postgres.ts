// LoginThrottle's counts in PostgreSQL, shared by every instance: a failure is counted by one
// INSERT … ON CONFLICT DO UPDATE, which locks the row, so concurrent failures on several instances add up
// exactly as on one. Rows are deleted once their window and block are over; there is no cap on keys
// (each expires), so a full budget never happens here. Keys are stored as their SHA-256: a text column
// cannot hold the NUL that separates an account from an address.
import { createHash } from 'node:crypto';
import { PostgresAccess, type PostgresStoreOptions } from './postgres-store-base.js';
import type { FailureLimit, FailureRecord, ThrottleBudget, ThrottleStore } from './throttle-store.js';

export class PostgresThrottleStore implements ThrottleStore {
  readonly #db: PostgresAccess;
  readonly #table: string;
  readonly #trust: string;
  readonly #prune;
  readonly #pruneTrust;

  constructor(options: PostgresStoreOptions) {
    this.#db = new PostgresAccess(options);
    this.#table = this.#db.table('throttle');
    this.#trust = this.#db.table('throttle_trust');
    this.#prune = this.#db.pruner('throttle');
    this.#pruneTrust = this.#db.pruner('throttle_trust');
  }

  async blockedUntil(budget: ThrottleBudget, key: string, now: number): Promise<number> {
    const [row] = await this.#db.query(
      `SELECT blocked_until FROM ${this.#table} WHERE budget = $1 AND key = $2 AND blocked_until > $3`,
      [budget, rowKey(key), now],
    );
    return row === undefined ? 0 : Number(row['blocked_until']);
  }

  // `fresh`: the stored window is over, the count starts again; `next`: the count with this failure. The
  // failure reaching the limit blocks the key and restarts the count.
  async recordFailure(budget: ThrottleBudget, key: string, limit: FailureLimit, now: number): Promise<FailureRecord> {
    this.#prune.maybeRun(now);
    const [at, window, max, lockout] = ['$3::bigint', '$4::bigint', '$5::integer', '$6::bigint'];
    const fresh = `(${at} - t.window_start >= ${window})`;
    const next = `(CASE WHEN ${fresh} THEN 1 ELSE t.count + 1 END)`;
    await this.#db.query(
      `INSERT INTO ${this.#table} AS t (budget, key, count, window_start, blocked_until, expires_at)
       VALUES ($1, $2, CASE WHEN 1 >= ${max} THEN 0 ELSE 1 END, ${at},
         CASE WHEN 1 >= ${max} THEN ${at} + ${lockout} ELSE 0 END, ${at} + GREATEST(${window}, ${lockout}))
       ON CONFLICT (budget, key) DO UPDATE SET
         count = CASE WHEN ${next} >= ${max} THEN 0 ELSE ${next} END,
         window_start = CASE WHEN ${fresh} OR ${next} >= ${max} THEN ${at} ELSE t.window_start END,
         blocked_until = CASE WHEN ${next} >= ${max} THEN ${at} + ${lockout} ELSE t.blocked_until END,
         expires_at = ${at} + GREATEST(${window}, ${lockout})`,
      [budget, rowKey(key), now, limit.windowMs, limit.limit, limit.lockoutMs],
    );
    return 'counted';
  }

  async clear(budget: ThrottleBudget, key: string, _now: number): Promise<void> {
    await this.#db.query(`UPDATE ${this.#table} SET count = 0 WHERE budget = $1 AND key = $2`, [budget, rowKey(key)]);
  }

  async trust(pair: string, until: number): Promise<void> {
    this.#pruneTrust.maybeRun(this.#db.now());
    await this.#db.query(
      `INSERT INTO ${this.#trust} (pair, expires_at) VALUES ($1, $2)
       ON CONFLICT (pair) DO UPDATE SET expires_at = GREATEST(${this.#trust}.expires_at, $2::bigint)`,
      [rowKey(pair), until],
    );
  }

  async trustedUntil(pair: string): Promise<number> {
    const [row] = await this.#db.query(`SELECT expires_at FROM ${this.#trust} WHERE pair = $1`, [rowKey(pair)]);
    return row === undefined ? 0 : Number(row['expires_at']);
  }
}

function rowKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
