// The stores behind authentication and sessions in PostgreSQL, for several instances of a service: each
// operation is one statement, so it is atomic across instances (a nonce count moves only forward, a refresh
// token is revoked by exactly one caller). Expired rows are deleted as writes come. Create the tables with
// createPostgresTables or postgresTablesSql (postgres-store-base.ts).
import { PostgresAccess, type PostgresStoreOptions } from './postgres-store-base.js';
import { AccessTokensOver, RefreshTokensOver, type TokenTable } from './shared-store.js';
import type { NonceCountResult, NonceStore, RefreshTokenRecord, SessionRecord, SessionStore } from './stores.js';

export { createPostgresTables, postgresTablesSql, type PostgresStoreOptions } from './postgres-store-base.js';
export { PostgresThrottleStore } from './throttle-store-postgres.js';
export { PostgresIdempotencyStore } from './idempotency-store-postgres.js';

export class PostgresNonceStore implements NonceStore {
  readonly #db: PostgresAccess;
  readonly #prune;

  constructor(options: PostgresStoreOptions) {
    this.#db = new PostgresAccess(options);
    this.#prune = this.#db.pruner('nonces');
  }

  // The row changes only when the count is greater than the last one seen: a replay updates nothing.
  async advanceCount(nonce: string, count: number, expiresAt: number): Promise<NonceCountResult> {
    if (!(count > 0)) return 'replayed';
    this.#prune.maybeRun(this.#db.now());
    const rows = await this.#db.query(
      `INSERT INTO ${this.#db.table('nonces')} AS n (nonce, last_count, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (nonce) DO UPDATE SET last_count = EXCLUDED.last_count WHERE n.last_count < EXCLUDED.last_count
       RETURNING 1`,
      [nonce, count, expiresAt],
    );
    return rows.length === 1 ? 'ok' : 'replayed';
  }
}

/** The rows of one token table; refresh and access tokens have the same shape. */
class PostgresTokenTable implements TokenTable {
  readonly #db: PostgresAccess;
  readonly #table: string;
  readonly #prune;

  constructor(options: PostgresStoreOptions, name: 'refresh_tokens' | 'access_tokens') {
    this.#db = new PostgresAccess(options);
    this.#table = this.#db.table(name);
    this.#prune = this.#db.pruner(name);
  }

  async save(record: RefreshTokenRecord): Promise<void> {
    this.#prune.maybeRun(this.#db.now());
    await this.#db.query(
      `INSERT INTO ${this.#table} (token_hash, family_id, subject, client_id, scopes, expires_at, revoked, credential)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (token_hash) DO UPDATE SET family_id = $2, subject = $3, client_id = $4, scopes = $5,
         expires_at = $6, revoked = $7, credential = $8`,
      [
        record.tokenHash,
        record.familyId,
        record.subject,
        record.clientId,
        JSON.stringify(record.scopes),
        record.expiresAt,
        record.revoked,
        record.credential ?? null,
      ],
    );
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const [row] = await this.#db.query(`SELECT * FROM ${this.#table} WHERE token_hash = $1`, [tokenHash]);
    if (row === undefined) return undefined;
    return {
      tokenHash: String(row['token_hash']),
      familyId: String(row['family_id']),
      subject: String(row['subject']),
      clientId: String(row['client_id']),
      scopes: row['scopes'] as string[],
      expiresAt: Number(row['expires_at']),
      revoked: row['revoked'] === true,
      ...(row['credential'] !== null ? { credential: String(row['credential']) } : {}),
    };
  }

  /** True only for the one call that revoked a live token. */
  async revoke(tokenHash: string): Promise<boolean> {
    const rows = await this.#db.query(
      `UPDATE ${this.#table} SET revoked = true WHERE token_hash = $1 AND NOT revoked RETURNING 1`,
      [tokenHash],
    );
    return rows.length === 1;
  }

  async revokeAll(by: 'familyId' | 'subject', id: string): Promise<void> {
    const column = by === 'familyId' ? 'family_id' : 'subject';
    await this.#db.query(`UPDATE ${this.#table} SET revoked = true WHERE ${column} = $1 AND NOT revoked`, [id]);
  }
}

export class PostgresRefreshTokenStore extends RefreshTokensOver {
  constructor(options: PostgresStoreOptions) {
    super(new PostgresTokenTable(options, 'refresh_tokens'));
  }
}

export class PostgresAccessTokenStore extends AccessTokensOver {
  constructor(options: PostgresStoreOptions) {
    super(new PostgresTokenTable(options, 'access_tokens'));
  }
}

/** Session data must be JSON (it is stored as jsonb). */
export class PostgresSessionStore<Data> implements SessionStore<Data> {
  readonly #db: PostgresAccess;
  readonly #table: string;
  readonly #prune;

  constructor(options: PostgresStoreOptions) {
    this.#db = new PostgresAccess(options);
    this.#table = this.#db.table('sessions');
    this.#prune = this.#db.pruner('sessions');
  }

  async get(token: string): Promise<SessionRecord<Data> | undefined> {
    const [row] = await this.#db.query(`SELECT data, expires_at FROM ${this.#table} WHERE token = $1`, [token]);
    return row === undefined ? undefined : { data: row['data'] as Data, expiresAt: Number(row['expires_at']) };
  }

  async set(token: string, data: Data, expiresAt: number): Promise<void> {
    this.#prune.maybeRun(this.#db.now());
    await this.#db.query(
      `INSERT INTO ${this.#table} (token, data, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (token) DO UPDATE SET data = $2, expires_at = $3`,
      [token, JSON.stringify(data), expiresAt],
    );
  }

  async delete(token: string): Promise<void> {
    await this.#db.query(`DELETE FROM ${this.#table} WHERE token = $1`, [token]);
  }

  // One statement renames the row: the old token names nothing afterwards, on every instance.
  async rotate(oldToken: string, newToken: string): Promise<boolean> {
    const rows = await this.#db.query(`UPDATE ${this.#table} SET token = $2 WHERE token = $1 RETURNING 1`, [
      oldToken,
      newToken,
    ]);
    return rows.length === 1;
  }
}
