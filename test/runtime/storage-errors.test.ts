// Which errors count as a locked database (503 with Retry-After 2) and which do not.
import { describe, expect, it } from 'vitest';
import { isStorageBusy } from '../../src/runtime/stores/storage-errors.js';

describe('isStorageBusy', () => {
  it.each([
    [{ code: 'SQLITE_BUSY' }, true],
    [{ code: 'SQLITE_BUSY_SNAPSHOT' }, true],
    [{ code: 'SQLITE_LOCKED' }, true],
    [{ code: 'SQLITE_LOCKED_SHAREDCACHE' }, true],
    [{ storageBusy: true }, true],
    [{ code: 'SQLITE_BUSYNESS' }, false],
    [{ code: 'SQLITE_FULL' }, false],
    [{ code: 'SQLITE_CONSTRAINT' }, false],
    [new Error('SQLITE_BUSY'), false],
    [null, false],
    ['SQLITE_BUSY', false],
  ])('%j: %s', (error, busy) => {
    expect(isStorageBusy(error)).toBe(busy);
  });
});
