// Storage that cannot take a request: a disk that is full, a database locked by another process (past the
// store's own retries), or a shared store (PostgreSQL, Redis) that cannot be reached. Such a request gets a
// 503 with Retry-After in the interface's error shape, never passes through unchecked; reads that would only
// refresh a timer go on without the write.

/** Retry-After of the 503 a write gets while the storage is full. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 30;
/** Retry-After of the 503 a write gets while the database is locked (locks are held for moments, not minutes). */
export const STORAGE_BUSY_RETRY_AFTER_SECONDS = 2;
/** Retry-After of the 503 a request gets while a shared store cannot be reached. */
export const STORE_UNREACHABLE_RETRY_AFTER_SECONDS = 5;

/**
 * True for the errors a full disk raises: SQLite's SQLITE_FULL, Node's ENOSPC and EDQUOT, or any
 * error a store marks with `storageFull: true`.
 */
export function isStorageFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, storageFull } = error as { code?: unknown; storageFull?: unknown };
  return storageFull === true || code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * True for the errors a locked database raises: SQLite's SQLITE_BUSY and SQLITE_LOCKED (better-sqlite3 also
 * gives extended codes such as SQLITE_BUSY_SNAPSHOT), or any error a store marks with `storageBusy: true`.
 */
export function isStorageBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, storageBusy } = error as { code?: unknown; storageBusy?: unknown };
  return storageBusy === true || (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code));
}

/** What a shared store throws when it cannot reach its server, or the server does not respond in time. */
export class StoreUnreachable extends Error {
  readonly storeUnreachable = true;
  constructor(store: string, cause: unknown) {
    super(`${store} cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnreachable';
  }
}

/** True for a StoreUnreachable, or any error a store marks with `storeUnreachable: true`. */
export function isStoreUnreachable(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { storeUnreachable?: unknown }).storeUnreachable === true
  );
}

/** The 503 of a storage error (detail and Retry-After seconds), or undefined for any other error. */
export function storageUnavailable(error: unknown): { detail: string; retryAfterSeconds: number } | undefined {
  if (isStorageFull(error)) {
    return {
      detail: 'The service cannot store data right now; try again later.',
      retryAfterSeconds: STORAGE_FULL_RETRY_AFTER_SECONDS,
    };
  }
  if (isStorageBusy(error))
    return {
      detail: 'The service storage is busy; try again later.',
      retryAfterSeconds: STORAGE_BUSY_RETRY_AFTER_SECONDS,
    };
  if (isStoreUnreachable(error)) {
    return {
      detail: 'The service cannot reach its storage right now; try again later.',
      retryAfterSeconds: STORE_UNREACHABLE_RETRY_AFTER_SECONDS,
    };
  }
  return undefined;
}
