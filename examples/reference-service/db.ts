// The SQLite database of the reference service: opened in WAL mode, migrated on start. A lock another
// process holds is waited for briefly in SQLite and then asynchronously (retryWhileBusy), so the event loop
// never stands still for it; a write still locked out after that answers 503 (storage-errors.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { isStorageBusy } from '../../generated/runtime/stores/storage-errors.js';

export type Db = Database.Database;

/** Each entry moves the schema one version up; PRAGMA user_version records how far a file is. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE tax (
    id TEXT PRIMARY KEY,
    tax_rate REAL NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE manufacturer (
    id TEXT PRIMARY KEY,
    catalog_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE product (
    id TEXT PRIMARY KEY,
    parent_id TEXT REFERENCES product(id) ON DELETE RESTRICT,
    name TEXT NOT NULL,
    tax_id TEXT NOT NULL REFERENCES tax(id) ON DELETE RESTRICT,
    manufacturer_id TEXT REFERENCES manufacturer(id) ON DELETE RESTRICT,
    stock INTEGER NOT NULL,
    active INTEGER NOT NULL,
    price_net REAL NOT NULL,
    price_gross REAL NOT NULL,
    price_linked INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX product_parent ON product(parent_id);
  CREATE INDEX product_tax ON product(tax_id);
  CREATE INDEX product_manufacturer ON product(manufacturer_id);

  CREATE TABLE country (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    iso TEXT NOT NULL,
    iso3 TEXT NOT NULL,
    active INTEGER NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE TABLE sales_channel (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    access_key TEXT NOT NULL UNIQUE,
    currency TEXT NOT NULL,
    language_id TEXT NOT NULL,
    locale TEXT NOT NULL,
    country_id TEXT NOT NULL REFERENCES country(id)
  );
  CREATE TABLE customer (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    password_hash TEXT NOT NULL
  );

  CREATE TABLE price_list (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    priority INTEGER NOT NULL
  );
  CREATE TABLE price_list_condition (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    price_list_id INTEGER NOT NULL REFERENCES price_list(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    value TEXT NOT NULL
  );
  CREATE TABLE price_list_price (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    price_list_id INTEGER NOT NULL REFERENCES price_list(id) ON DELETE CASCADE,
    order_number TEXT NOT NULL,
    price REAL NOT NULL,
    pseudo_price REAL NOT NULL,
    qty_from INTEGER NOT NULL,
    qty_to INTEGER NOT NULL,
    valid_from TEXT,
    valid_to TEXT,
    calculation TEXT,
    gross INTEGER NOT NULL
  );

  CREATE TABLE banner (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    description TEXT NOT NULL,
    valid_from TEXT,
    valid_to TEXT,
    image TEXT NOT NULL,
    link TEXT NOT NULL,
    link_target TEXT NOT NULL,
    category_id INTEGER NOT NULL,
    extension TEXT NOT NULL
  );

  CREATE TABLE session (
    token TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX session_expiry ON session(expires_at);
  CREATE TABLE digest_nonce (
    nonce TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL,
    last_count INTEGER NOT NULL
  );
  CREATE INDEX digest_nonce_expiry ON digest_nonce(expires_at);
  CREATE TABLE oauth_token (
    kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
    token_hash TEXT NOT NULL,
    family_id TEXT NOT NULL,
    subject TEXT NOT NULL,
    client_id TEXT NOT NULL,
    scopes TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked INTEGER NOT NULL,
    PRIMARY KEY (kind, token_hash)
  );
  CREATE INDEX oauth_token_family ON oauth_token(kind, family_id);
  CREATE INDEX oauth_token_expiry ON oauth_token(expires_at);
  `,
  // Credential binding: tokens and customers carry the version of the credential they were issued
  // under; settings keep the service's own secret and the versions of the configured credentials.
  // Digest nonces are signed now: the table only tracks nonce counts of authenticated requests.
  `
  ALTER TABLE oauth_token ADD COLUMN credential TEXT;
  CREATE INDEX oauth_token_subject ON oauth_token(kind, subject);
  ALTER TABLE customer ADD COLUMN credential TEXT NOT NULL DEFAULT '';
  CREATE TABLE service_setting (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  DELETE FROM digest_nonce;
  `,
];

/**
 * How long one statement waits for a lock another process holds. better-sqlite3 waits synchronously, which
 * stops the whole service (a 5 s wait held an unrelated request 4.4 s): keep it short and wait asynchronously.
 */
const BUSY_TIMEOUT_MS = 25;
/** The waits between attempts of a locked write, off the event loop: about 1.5 s in all, then it fails. */
const BUSY_RETRY_DELAYS_MS: readonly number[] = [50, 100, 200, 400, 800];

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] as string);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** A new record id: 32 lowercase hex characters. */
export function newHexId(): string {
  return randomBytes(16).toString('hex');
}

/** Runs fn in a transaction (all or nothing), again while another process holds the database locked. */
export function inTransaction<T>(db: Db, fn: () => T): Promise<T> {
  return retryWhileBusy(() => db.transaction(fn)());
}

/**
 * Runs a write (one statement or one transaction, so a failed attempt left nothing behind), and while the
 * database is locked runs it again after each of the BUSY_RETRY_DELAYS_MS; the last SQLITE_BUSY is thrown.
 */
export async function retryWhileBusy<T>(write: () => T): Promise<T> {
  for (const delay of BUSY_RETRY_DELAYS_MS) {
    try {
      return write();
    } catch (error) {
      if (!isStorageBusy(error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  return write();
}
