// The runtime's store interfaces over SQLite, so sessions, Digest nonces and OAuth tokens
// survive a restart and several service processes can share one database file.
// better-sqlite3 is synchronous, so every method below is one atomic step; a write meeting a lock another
// process holds is tried again asynchronously (retryWhileBusy) before it fails with SQLITE_BUSY (a 503).
import type {
  AccessTokenRecord,
  AccessTokenStore,
  NonceCountResult,
  NonceStore,
  RefreshTokenRecord,
  RefreshTokenStore,
  SessionRecord,
  SessionStore,
} from '../../generated/runtime/stores/stores.js';
import { MemoryNonceStore } from '../../generated/runtime/stores/stores.js';
import { isStorageBusy, isStorageFull } from '../../generated/runtime/stores/storage-errors.js';
import { retryWhileBusy, type Db } from './db.js';

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
    const row = this.db.prepare('SELECT data, expires_at FROM session WHERE token = ?').get(token) as
      SessionRow | undefined;
    if (!row) return undefined;
    const wrapped = JSON.parse(row.data) as { value?: Data };
    return { data: wrapped.value as Data, expiresAt: row.expires_at };
  }

  async set(token: string, data: Data, expiresAt: number): Promise<void> {
    await retryWhileBusy(() =>
      this.db
        .prepare(
          'INSERT INTO session (token, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(token) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at',
        )
        .run(token, JSON.stringify({ value: data }), expiresAt),
    );
    this.#pruner.tick();
  }

  async delete(token: string): Promise<void> {
    await retryWhileBusy(() => this.db.prepare('DELETE FROM session WHERE token = ?').run(token));
  }

  async rotate(oldToken: string, newToken: string): Promise<boolean> {
    const rotated = await retryWhileBusy(() =>
      this.db.prepare('UPDATE session SET token = ? WHERE token = ?').run(newToken, oldToken),
    );
    return rotated.changes === 1;
  }
}

/** Ends the Store sessions a customer is logged in to (their tokens are never adopted again). */
export function endCustomerSessions(db: Db, customerId: string): number {
  return db
    .prepare(`UPDATE session SET data = '{"value":null}' WHERE json_extract(data, '$.value.data.customerId') = ?`)
    .run(customerId).changes;
}

/**
 * Nonce counts of authenticated Digest requests (nonces are signed, so issuing one stores nothing).
 * When the disk is full or the database stays locked the counts go on in memory, so reads keep working
 * and replays stay refused.
 */
export class SqliteNonceStore implements NonceStore {
  readonly #pruner: Pruner;
  readonly #overflow: MemoryNonceStore;

  constructor(
    private readonly db: Db,
    now: () => number = Date.now,
  ) {
    this.#pruner = new Pruner(db, 'digest_nonce', now);
    this.#overflow = new MemoryNonceStore({ now });
  }

  async advanceCount(nonce: string, count: number, expiresAt: number): Promise<NonceCountResult> {
    try {
      // One statement does the check and the write, so two processes cannot both accept one count.
      const advanced = await retryWhileBusy(() =>
        this.db
          .prepare(
            `INSERT INTO digest_nonce (nonce, expires_at, last_count) VALUES (?, ?, ?)
           ON CONFLICT(nonce) DO UPDATE SET last_count = excluded.last_count WHERE last_count < excluded.last_count`,
          )
          .run(nonce, expiresAt, count),
      );
      if (advanced.changes === 1) this.#pruner.tick();
      return advanced.changes === 1 ? 'ok' : 'replayed';
    } catch (error) {
      if (!isStorageFull(error) && !isStorageBusy(error)) throw error;
      const row = this.db.prepare('SELECT last_count FROM digest_nonce WHERE nonce = ?').get(nonce) as
        { last_count: number } | undefined;
      if (row && row.last_count >= count) return 'replayed';
      return this.#overflow.advanceCount(nonce, count, expiresAt);
    }
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
  credential: string | null;
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
        `INSERT OR REPLACE INTO oauth_token (kind, token_hash, family_id, subject, client_id, scopes, expires_at, revoked, credential)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        this.kind,
        record.tokenHash,
        record.familyId,
        record.subject,
        record.clientId,
        JSON.stringify(record.scopes),
        record.expiresAt,
        record.revoked ? 1 : 0,
        record.credential ?? null,
      );
    this.#pruner.tick();
  }

  find(tokenHash: string): RefreshTokenRecord | undefined {
    const row = this.db
      .prepare('SELECT * FROM oauth_token WHERE kind = ? AND token_hash = ?')
      .get(this.kind, tokenHash) as TokenRow | undefined;
    if (!row) return undefined;
    return {
      tokenHash: row.token_hash,
      familyId: row.family_id,
      subject: row.subject,
      clientId: row.client_id,
      scopes: JSON.parse(row.scopes) as string[],
      expiresAt: row.expires_at,
      revoked: row.revoked === 1,
      ...(row.credential !== null ? { credential: row.credential } : {}),
    };
  }

  revoke(tokenHash: string): boolean {
    return (
      this.db
        .prepare('UPDATE oauth_token SET revoked = 1 WHERE kind = ? AND token_hash = ? AND revoked = 0')
        .run(this.kind, tokenHash).changes === 1
    );
  }

  revokeFamily(familyId: string): void {
    this.db.prepare('UPDATE oauth_token SET revoked = 1 WHERE kind = ? AND family_id = ?').run(this.kind, familyId);
  }

  revokeSubject(subject: string): void {
    this.db.prepare('UPDATE oauth_token SET revoked = 1 WHERE kind = ? AND subject = ?').run(this.kind, subject);
  }
}

export class SqliteRefreshTokenStore implements RefreshTokenStore {
  readonly #table: SqliteTokenTable;

  constructor(db: Db, now: () => number = Date.now) {
    this.#table = new SqliteTokenTable(db, 'refresh', now);
  }

  async save(record: RefreshTokenRecord): Promise<void> {
    await retryWhileBusy(() => this.#table.save(record));
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    return this.#table.find(tokenHash);
  }

  async revoke(tokenHash: string): Promise<boolean> {
    return retryWhileBusy(() => this.#table.revoke(tokenHash));
  }

  async revokeFamily(familyId: string): Promise<void> {
    await retryWhileBusy(() => this.#table.revokeFamily(familyId));
  }

  async revokeSubject(subject: string): Promise<void> {
    await retryWhileBusy(() => this.#table.revokeSubject(subject));
  }
}

export class SqliteAccessTokenStore implements AccessTokenStore {
  readonly #table: SqliteTokenTable;

  constructor(db: Db, now: () => number = Date.now) {
    this.#table = new SqliteTokenTable(db, 'access', now);
  }

  async save(record: AccessTokenRecord): Promise<void> {
    await retryWhileBusy(() => this.#table.save(record));
  }

  async findByHash(tokenHash: string): Promise<AccessTokenRecord | undefined> {
    return this.#table.find(tokenHash);
  }

  async revoke(tokenHash: string): Promise<void> {
    await retryWhileBusy(() => this.#table.revoke(tokenHash));
  }

  async revokeFamily(familyId: string): Promise<void> {
    await retryWhileBusy(() => this.#table.revokeFamily(familyId));
  }

  async revokeSubject(subject: string): Promise<void> {
    await retryWhileBusy(() => this.#table.revokeSubject(subject));
  }
}
