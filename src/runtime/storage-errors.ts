// A store that cannot write right now: its disk is full, or its database is locked (by another process,
// past the store's own retries). Writes answer 503 with Retry-After in the interface's error shape, and
// reads that would only refresh a timer go on without the write.

/** Retry-After of the 503 a write gets while the storage is full. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 30;
/** Retry-After of the 503 a write gets while the database is locked (locks are held for moments, not minutes). */
export const STORAGE_BUSY_RETRY_AFTER_SECONDS = 2;

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
