// The responses to idempotency keys in PostgreSQL, shared by every instance: the first request with a key
// claims it with one INSERT … ON CONFLICT, which lets exactly one of several concurrent requests (on any
// instance) in; the others find the key running or completed. An expired key is taken over by the same
// statement, and expired rows are deleted as claims come. Keys arrive hashed (idempotency.ts).
import { PostgresAccess, type PostgresStoreOptions } from './postgres-store-base.js';
import type { IdempotencyStore, KeyClaim, StoredResponse } from './idempotency.js';

export class PostgresIdempotencyStore implements IdempotencyStore {
  readonly #db: PostgresAccess;
  readonly #table: string;
  readonly #prune;

  constructor(options: PostgresStoreOptions) {
    this.#db = new PostgresAccess(options);
    this.#table = this.#db.table('idempotency');
    this.#prune = this.#db.pruner('idempotency');
  }

  async claim(key: string, fingerprint: string, runningUntil: number): Promise<KeyClaim> {
    const now = this.#db.now();
    this.#prune.maybeRun(now);
    // A key released between the two statements is claimed again on the next turn; a key that keeps
    // changing hands is as good as running.
    for (let turn = 0; turn < 3; turn++) {
      const claimed = await this.#db.query(
        `INSERT INTO ${this.#table} AS i (key, fingerprint, status, headers, body, expires_at)
         VALUES ($1, $2, NULL, NULL, NULL, $3)
         ON CONFLICT (key) DO UPDATE SET fingerprint = $2, status = NULL, headers = NULL, body = NULL, expires_at = $3
         WHERE i.expires_at <= $4
         RETURNING 1`,
        [key, fingerprint, runningUntil, now],
      );
      if (claimed.length === 1) return { state: 'new' };
      const [row] = await this.#db.query(
        `SELECT fingerprint, status, headers, body FROM ${this.#table} WHERE key = $1 AND expires_at > $2`,
        [key, now],
      );
      if (row !== undefined) return claimOf(row);
    }
    return { state: 'running', fingerprint };
  }

  // A running claim's expires_at is its runningUntil, which tells the claim apart from one that took it over.
  async complete(key: string, response: StoredResponse, keepUntil: number, claimedUntil?: number): Promise<void> {
    await this.#db.query(
      `UPDATE ${this.#table} SET status = $2, headers = $3, body = $4, expires_at = $5
       WHERE key = $1 AND status IS NULL AND ($6::bigint IS NULL OR expires_at = $6)`,
      [
        key,
        response.status,
        JSON.stringify(response.headers),
        Buffer.from(response.body, 'utf8'),
        keepUntil,
        claimedUntil,
      ],
    );
  }

  async release(key: string, claimedUntil?: number): Promise<void> {
    await this.#db.query(
      `DELETE FROM ${this.#table} WHERE key = $1 AND status IS NULL AND ($2::bigint IS NULL OR expires_at = $2)`,
      [key, claimedUntil],
    );
  }
}

function claimOf(row: Record<string, unknown>): KeyClaim {
  const fingerprint = String(row['fingerprint']);
  if (row['status'] === null) return { state: 'running', fingerprint };
  const body = row['body'];
  return {
    state: 'completed',
    fingerprint,
    response: {
      status: Number(row['status']),
      headers: row['headers'] as Record<string, string>,
      body: Buffer.isBuffer(body) ? body.toString('utf8') : String(body),
    },
  };
}
