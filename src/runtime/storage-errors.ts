// A store that cannot write because its disk is full: writes answer 503 with Retry-After in the
// interface's error shape, and reads that would only refresh a timer go on without the write.

/** Retry-After of the 503 a write gets while the storage is full. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 30;

/**
 * True for the errors a full disk raises: SQLite's SQLITE_FULL, Node's ENOSPC and EDQUOT, or any
 * error a store marks with `storageFull: true`.
 */
export function isStorageFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, storageFull } = error as { code?: unknown; storageFull?: unknown };
  return storageFull === true || code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}
