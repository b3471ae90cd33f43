// The runtime's store interfaces over SQLite, so sessions, Digest nonces and OAuth tokens
// survive a restart and several service processes can share one database file.
// better-sqlite3 is synchronous, so every method below is one atomic step.
import type {
  AccessTokenRecord,
  AccessTokenStore,
  NonceCountResult,
  NonceStore,
  RefreshTokenRecord,
  RefreshTokenStore,
  SessionRecord,
  SessionStore,
} from '../../generated/runtime/stores.js';
import type { Db } from './db.js';

/** Drops expired rows of a table every so many writes. */
class Pruner {
  #writes = 0;
  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly now: () => number,
    private readonly every = 500,
  ) {}

  tick(): void {
    if (++this.#writes % this.every !== 0) return;
    this.db.prepare(`DELETE FROM ${this.table} WHERE expires_at <= ?`).run(this.now());
  }
}

interface SessionRow {
  data: string;
  expires_at: number;
}

/** Session data is kept as JSON: it must be plain JSON-like values (undefined is kept as undefined). */
export class SqliteSessionStore<Data> implements SessionStore<Data> {
  readonly #pruner: Pruner;

  constructor(
    private readonly db: Db,
    now: () => number = Date.now,
  ) {
    this.#pruner = new Pruner(db, 'session', now);
  }

  async get(token: string): Promise<SessionRecord<Data> | undefined> {
    const row = this.db.prepare('SELECT data, expires_at FROM session WHERE token = ?').get(token) as SessionRow | undefined;
    if (!row) return undefined;
    const wrapped = JSON.parse(row.data) as { value?: Data };
    return { data: wrapped.value as Data, expiresAt: row.expires_at };
  }

  async set(token: string, data: Data, expiresAt: number): Promise<void> {
    this.db
      .prepare('INSERT INTO session (token, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(token) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at')
      .run(token, JSON.stringify({ value: data }), expiresAt);
    this.#pruner.tick();
  }

  async delete(token: string): Promise<void> {
    this.db.prepare('DELETE FROM session WHERE token = ?').run(token);
  }

  async rotate(oldToken: string, newToken: string): Promise<boolean> {
    return this.db.prepare('UPDATE session SET token = ? WHERE token = ?').run(newToken, oldToken).changes === 1;
  }
}

export class SqliteNonceStore implements NonceStore {
  readonly #pruner: Pruner;

  constructor(
    private readonly db: Db,
    now: () => number = Date.now,
  ) {
    this.#pruner = new Pruner(db, 'digest_nonce', now);
  }

  async create(nonce: string, expiresAt: number): Promise<void> {
    this.db.prepare('INSERT OR REPLACE INTO digest_nonce (nonce, expires_at, last_count) VALUES (?, ?, 0)').run(nonce, expiresAt);
    this.#pruner.tick();
  }

  async advanceCount(nonce: string, count: number, now: number): Promise<NonceCountResult> {
    // One statement does the check and the write, so two processes cannot both accept one count.
    const advanced = this.db
      .prepare('UPDATE digest_nonce SET last_count = ? WHERE nonce = ? AND expires_at > ? AND last_count < ?')
      .run(count, nonce, now, count);
    if (advanced.changes === 1) return 'ok';
    const row = this.db.prepare('SELECT expires_at FROM digest_nonce WHERE nonce = ?').get(nonce) as { expires_at: number } | undefined;
    if (!row) return 'unknown';
    return row.expires_at <= now ? 'expired' : 'replayed';
  }
}

interface TokenRow {
  token_hash: string;
  family_id: string;
  subject: string;
  client_id: string;
  scopes: string;
  expires_at: number;
  revoked: number;
}

type TokenKind = 'access' | 'refresh';

/** Access and refresh tokens share one table, told apart by kind; only hashes are stored. */
class SqliteTokenTable {
  readonly #pruner: Pruner;

  constructor(
    private readonly db: Db,
    private readonly kind: TokenKind,
    now: () => number,
  ) {
    this.#pruner = new Pruner(db, 'oauth_token', now);
  }

  save(record: RefreshTokenRecord | AccessTokenRecord): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO oauth_token (kind, token_hash, family_id, subject, client_id, scopes, expires_at, revoked)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(this.kind, record.tokenHash, record.familyId, record.subject, record.clientId, JSON.stringify(record.scopes), record.expiresAt, record.revoked ? 1 : 0);
    this.#pruner.tick();
  }

  find(tokenHash: string): RefreshTokenRecord | undefined {
    const row = this.db.prepare('SELECT * FROM oauth_token WHERE kind = ? AND token_hash = ?').get(this.kind, tokenHash) as TokenRow | undefined;
    if (!row) return undefined;
    return {
      tokenHash: row.token_hash,
      familyId: row.family_id,
      subject: row.subject,
      clientId: row.client_id,
      scopes: JSON.parse(row.scopes) as string[],
      expiresAt: row.expires_at,
      revoked: row.revoked === 1,
    };
  }

  revoke(tokenHash: string): boolean {
    return this.db.prepare('UPDATE oauth_token SET revoked = 1 WHERE kind = ? AND token_hash = ? AND revoked = 0').run(this.kind, tokenHash).changes === 1;
  }

  revokeFamily(familyId: string): void {
    this.db.prepare('UPDATE oauth_token SET revoked = 1 WHERE kind = ? AND family_id = ?').run(this.kind, familyId);
  }
}

export class SqliteRefreshTokenStore implements RefreshTokenStore {
  readonly #table: SqliteTokenTable;

  constructor(db: Db, now: () => number = Date.now) {
    this.#table = new SqliteTokenTable(db, 'refresh', now);
  }

  async save(record: RefreshTokenRecord): Promise<void> {
    this.#table.save(record);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    return this.#table.find(tokenHash);
  }

  async revoke(tokenHash: string): Promise<boolean> {
    return this.#table.revoke(tokenHash);
  }

  async revokeFamily(familyId: string): Promise<void> {
    this.#table.revokeFamily(familyId);
  }
}

export class SqliteAccessTokenStore implements AccessTokenStore {
  readonly #table: SqliteTokenTable;

  constructor(db: Db, now: () => number = Date.now) {
    this.#table = new SqliteTokenTable(db, 'access', now);
  }

  async save(record: AccessTokenRecord): Promise<void> {
    this.#table.save(record);
  }

  async findByHash(tokenHash: string): Promise<AccessTokenRecord | undefined> {
    return this.#table.find(tokenHash);
  }

  async revoke(tokenHash: string): Promise<void> {
    this.#table.revoke(tokenHash);
  }

  async revokeFamily(familyId: string): Promise<void> {
    this.#table.revokeFamily(familyId);
  }
}
