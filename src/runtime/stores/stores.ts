// The stores behind authentication and sessions. Several service instances share
// state by implementing these interfaces over one database or cache; the Memory*
// classes are single-process defaults. Times are epoch milliseconds. Tokens are
// stored by their SHA-256 hash, so a leaked store does not leak usable tokens.
import { noteMemoryStoreWrite } from './store-locality.js';

export type MaybePromise<T> = T | Promise<T>;

/** Outcome of NonceStore.advanceCount. */
export type NonceCountResult = 'ok' | 'replayed';

/**
 * Nonce counts of Digest nonces in use. Nonces themselves are signed and carry their expiry
 * (digest-server.ts), so issuing one stores nothing: an entry appears only when an authenticated
 * request first uses a nonce, and may be forgotten once the nonce has expired.
 */
export interface NonceStore {
  /**
   * In one atomic step: records `count` as the nonce's last count if it is greater than the last
   * one seen (a nonce not seen yet has seen 0), else returns 'replayed'.
   */
  advanceCount(nonce: string, count: number, expiresAt: number): Promise<NonceCountResult>;
}

export interface RefreshTokenRecord {
  /** SHA-256 hex of the token; the raw token is never stored. */
  tokenHash: string;
  /** Every token rotated from the same grant shares the family. */
  familyId: string;
  /** User name or client id the token was issued to. */
  subject: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  /** Set once the token has been used (rotated) or its family revoked. */
  revoked: boolean;
  /** Version of the owner's credential at issue (an HMAC or hash, never the secret), when tracked. */
  credential?: string;
}

export interface RefreshTokenStore {
  save(record: RefreshTokenRecord): Promise<void>;
  findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined>;
  /**
   * Atomically revokes one token. Resolves true only for the call that revoked a
   * live token, so two concurrent refreshes with one token cannot both succeed.
   */
  revoke(tokenHash: string): Promise<boolean>;
  revokeFamily(familyId: string): Promise<void>;
  /** Revokes every token issued to the subject (user name or client id), e.g. when its credential changed. */
  revokeSubject(subject: string): Promise<void>;
}

export interface AccessTokenRecord {
  /** SHA-256 hex of the token. */
  tokenHash: string;
  familyId: string;
  subject: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
  /** Version of the owner's credential at issue (an HMAC or hash, never the secret), when tracked. */
  credential?: string;
}

export interface AccessTokenStore {
  save(record: AccessTokenRecord): Promise<void>;
  findByHash(tokenHash: string): Promise<AccessTokenRecord | undefined>;
  revoke(tokenHash: string): Promise<void>;
  revokeFamily(familyId: string): Promise<void>;
  /** Revokes every token issued to the subject (user name or client id), e.g. when its credential changed. */
  revokeSubject(subject: string): Promise<void>;
}

export interface SessionRecord<Data> {
  data: Data;
  expiresAt: number;
}

export interface SessionStore<Data> {
  get(token: string): Promise<SessionRecord<Data> | undefined>;
  set(token: string, data: Data, expiresAt: number): Promise<void>;
  delete(token: string): Promise<void>;
  /**
   * Moves the session from oldToken to newToken in one step; oldToken names nothing
   * afterwards. Resolves false (and changes nothing) when oldToken is unknown.
   */
  rotate(oldToken: string, newToken: string): Promise<boolean>;
}

export interface MemoryStoreOptions {
  /** Clock used only to drop expired entries: pass the same clock as the code using the store. */
  now?: () => number;
  /** Upper bound on entries, oldest dropped first, so unauthenticated traffic cannot exhaust memory. */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 100_000;

/** A Map that drops expired entries, and the oldest beyond a size cap, on every write. */
class ExpiringMap<Value extends { expiresAt: number }> {
  readonly #entries = new Map<string, Value>();
  readonly #now: () => number;
  readonly #maxEntries: number;
  /** The store over this map and what it holds, named in the warning of a process that shares its other stores. */
  readonly #owner: readonly [store: string, holds: string];

  constructor(options: MemoryStoreOptions, owner: readonly [store: string, holds: string]) {
    this.#now = options.now ?? Date.now;
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.#owner = owner;
  }

  get(key: string): Value | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: Value): void {
    // Re-inserting keeps the map in write order; with one lifetime per store that
    // is also expiry order, so pruning can stop at the first live entry.
    noteMemoryStoreWrite(...this.#owner);
    this.#entries.delete(key);
    this.#entries.set(key, value);
    const now = this.#now();
    for (const [oldKey, oldValue] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && oldValue.expiresAt > now) break;
      this.#entries.delete(oldKey);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  values(): IterableIterator<Value> {
    return this.#entries.values();
  }
}

interface NonceEntry {
  expiresAt: number;
  lastCount: number;
}

export class MemoryNonceStore implements NonceStore {
  readonly #nonces: ExpiringMap<NonceEntry>;

  constructor(options: MemoryStoreOptions = {}) {
    this.#nonces = new ExpiringMap(options, ['MemoryNonceStore', 'Digest nonce counts']);
  }

  // No await between the read and the write, so this is atomic within one process.
  async advanceCount(nonce: string, count: number, expiresAt: number): Promise<NonceCountResult> {
    const entry = this.#nonces.get(nonce);
    if (count <= (entry?.lastCount ?? 0)) return 'replayed';
    if (entry === undefined) this.#nonces.set(nonce, { expiresAt, lastCount: count });
    else entry.lastCount = count;
    return 'ok';
  }
}

// Records are copied in and out so callers cannot change stored state by mutating
// what they passed or got back, as with a real shared store.
export class MemoryRefreshTokenStore implements RefreshTokenStore {
  readonly #tokens: ExpiringMap<RefreshTokenRecord>;

  constructor(options: MemoryStoreOptions = {}) {
    this.#tokens = new ExpiringMap(options, ['MemoryRefreshTokenStore', 'refresh tokens']);
  }

  async save(record: RefreshTokenRecord): Promise<void> {
    this.#tokens.set(record.tokenHash, structuredClone(record));
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const record = this.#tokens.get(tokenHash);
    return record === undefined ? undefined : structuredClone(record);
  }

  async revoke(tokenHash: string): Promise<boolean> {
    const record = this.#tokens.get(tokenHash);
    if (record === undefined || record.revoked) return false;
    record.revoked = true;
    return true;
  }

  async revokeFamily(familyId: string): Promise<void> {
    for (const record of this.#tokens.values()) {
      if (record.familyId === familyId) record.revoked = true;
    }
  }

  async revokeSubject(subject: string): Promise<void> {
    for (const record of this.#tokens.values()) {
      if (record.subject === subject) record.revoked = true;
    }
  }
}

export class MemoryAccessTokenStore implements AccessTokenStore {
  readonly #tokens: ExpiringMap<AccessTokenRecord>;

  constructor(options: MemoryStoreOptions = {}) {
    this.#tokens = new ExpiringMap(options, ['MemoryAccessTokenStore', 'access tokens']);
  }

  async save(record: AccessTokenRecord): Promise<void> {
    this.#tokens.set(record.tokenHash, structuredClone(record));
  }

  async findByHash(tokenHash: string): Promise<AccessTokenRecord | undefined> {
    const record = this.#tokens.get(tokenHash);
    // A copy the caller cannot change the store through; every member is a value but the scopes (read per request,
    // so not structuredClone, which costs several times as much).
    return record === undefined ? undefined : { ...record, scopes: [...record.scopes] };
  }

  async revoke(tokenHash: string): Promise<void> {
    const record = this.#tokens.get(tokenHash);
    if (record !== undefined) record.revoked = true;
  }

  async revokeFamily(familyId: string): Promise<void> {
    for (const record of this.#tokens.values()) {
      if (record.familyId === familyId) record.revoked = true;
    }
  }

  async revokeSubject(subject: string): Promise<void> {
    for (const record of this.#tokens.values()) {
      if (record.subject === subject) record.revoked = true;
    }
  }
}

/** Session data must be structured-cloneable (plain JSON-like values). */
export class MemorySessionStore<Data> implements SessionStore<Data> {
  readonly #sessions: ExpiringMap<SessionRecord<Data>>;

  constructor(options: MemoryStoreOptions = {}) {
    this.#sessions = new ExpiringMap(options, ['MemorySessionStore', 'sessions']);
  }

  async get(token: string): Promise<SessionRecord<Data> | undefined> {
    const record = this.#sessions.get(token);
    return record === undefined ? undefined : structuredClone(record);
  }

  async set(token: string, data: Data, expiresAt: number): Promise<void> {
    this.#sessions.set(token, { data: structuredClone(data), expiresAt });
  }

  async delete(token: string): Promise<void> {
    this.#sessions.delete(token);
  }

  async rotate(oldToken: string, newToken: string): Promise<boolean> {
    const record = this.#sessions.get(oldToken);
    if (record === undefined) return false;
    this.#sessions.delete(oldToken);
    this.#sessions.set(newToken, record);
    return true;
  }
}
