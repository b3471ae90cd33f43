import { describe, expect, it } from 'vitest';
import {
  MemoryAccessTokenStore,
  MemoryNonceStore,
  MemoryRefreshTokenStore,
  MemorySessionStore,
  type RefreshTokenRecord,
} from '../../src/runtime/stores/stores.js';
import { MemoryIdempotencyStore } from '../../src/runtime/stores/idempotency.js';

const T0 = 1_700_000_000_000;

function refreshRecord(overrides: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord {
  return {
    tokenHash: 'h1',
    familyId: 'f1',
    subject: 'admin',
    clientId: 'administration',
    scopes: ['write'],
    expiresAt: T0 + 1000,
    revoked: false,
    ...overrides,
  };
}

describe('MemoryNonceStore', () => {
  it('advances counts strictly, starting at zero for a nonce not seen yet', async () => {
    const store = new MemoryNonceStore({ now: () => T0 });
    expect(await store.advanceCount('n', 0, T0 + 1000)).toBe('replayed');
    expect(await store.advanceCount('n', 1, T0 + 1000)).toBe('ok');
    expect(await store.advanceCount('n', 1, T0 + 1000)).toBe('replayed');
    expect(await store.advanceCount('n', 3, T0 + 1000)).toBe('ok');
    expect(await store.advanceCount('n', 2, T0 + 1000)).toBe('replayed');
    expect(await store.advanceCount('other', 1, T0 + 1000)).toBe('ok');
  });

  it('drops expired nonces on write', async () => {
    let now = T0;
    const store = new MemoryNonceStore({ now: () => now });
    await store.advanceCount('old', 5, T0 + 10);
    now = T0 + 10;
    await store.advanceCount('new', 1, T0 + 1000);
    // Forgotten: a signed nonce past its expiry never reaches the store again.
    expect(await store.advanceCount('old', 1, T0 + 1000)).toBe('ok');
  });
});

describe('MemoryRefreshTokenStore', () => {
  it('revokes a token only once, so one of two concurrent refreshes wins', async () => {
    const store = new MemoryRefreshTokenStore({ now: () => T0 });
    await store.save(refreshRecord());
    const results = await Promise.all([store.revoke('h1'), store.revoke('h1')]);
    expect(results.sort()).toEqual([false, true]);
    expect((await store.findByHash('h1'))?.revoked).toBe(true);
    expect(await store.revoke('unknown')).toBe(false);
  });

  it('revokes a whole family and nothing else', async () => {
    const store = new MemoryRefreshTokenStore({ now: () => T0 });
    await store.save(refreshRecord({ tokenHash: 'h1' }));
    await store.save(refreshRecord({ tokenHash: 'h2' }));
    await store.save(refreshRecord({ tokenHash: 'h3', familyId: 'f2' }));
    await store.revokeFamily('f1');
    expect((await store.findByHash('h1'))?.revoked).toBe(true);
    expect((await store.findByHash('h2'))?.revoked).toBe(true);
    expect((await store.findByHash('h3'))?.revoked).toBe(false);
  });

  it('hands out copies', async () => {
    const store = new MemoryRefreshTokenStore({ now: () => T0 });
    const record = refreshRecord();
    await store.save(record);
    record.scopes.push('admin');
    const found = await store.findByHash('h1');
    found!.revoked = true;
    expect(await store.findByHash('h1')).toEqual(refreshRecord());
  });
});

describe('MemoryAccessTokenStore', () => {
  it('revokes one token or a family', async () => {
    const store = new MemoryAccessTokenStore({ now: () => T0 });
    await store.save({ ...refreshRecord(), tokenHash: 'a1' });
    await store.save({ ...refreshRecord(), tokenHash: 'a2', familyId: 'f2' });
    await store.revoke('a2');
    expect((await store.findByHash('a2'))?.revoked).toBe(true);
    expect((await store.findByHash('a1'))?.revoked).toBe(false);
    await store.revokeFamily('f1');
    expect((await store.findByHash('a1'))?.revoked).toBe(true);
  });
});

describe('MemorySessionStore', () => {
  it('gets, sets, deletes and rotates', async () => {
    const store = new MemorySessionStore<{ cart: string[] }>({ now: () => T0 });
    await store.set('old', { cart: ['p1'] }, T0 + 1000);
    expect(await store.get('old')).toEqual({ data: { cart: ['p1'] }, expiresAt: T0 + 1000 });
    expect(await store.rotate('old', 'new')).toBe(true);
    expect(await store.get('old')).toBeUndefined();
    expect(await store.get('new')).toEqual({ data: { cart: ['p1'] }, expiresAt: T0 + 1000 });
    expect(await store.rotate('old', 'newer')).toBe(false);
    expect(await store.get('newer')).toBeUndefined();
    await store.delete('new');
    expect(await store.get('new')).toBeUndefined();
  });

  it('stores copies of the data', async () => {
    const store = new MemorySessionStore<{ cart: string[] }>({ now: () => T0 });
    const data = { cart: ['p1'] };
    await store.set('t', data, T0 + 1000);
    data.cart.push('p2');
    (await store.get('t'))?.data.cart.push('p3');
    expect((await store.get('t'))?.data).toEqual({ cart: ['p1'] });
  });
});

describe('MemoryIdempotencyStore', () => {
  it('sweeps its keys now and then, not at every claim, however many live keys a caller sends', async () => {
    // The clock is read once per key a sweep visits: the count is the work the sweeps did.
    let reads = 0;
    const store = new MemoryIdempotencyStore(() => {
      reads += 1;
      return T0;
    });
    for (let n = 0; n < 12_000; n += 1) expect(await store.claim(`key-${n}`, 'f', T0 + 1000)).toEqual({ state: 'new' });
    // One sweep of 10,000 keys; a sweep at each of the last 2,000 claims read about 22 million.
    expect(reads).toBeLessThan(12_000 * 4);
    expect(await store.claim('key-1', 'f', T0 + 1000)).toEqual({ state: 'running', fingerprint: 'f' });
  });

  it('frees a key once its time is over', async () => {
    let now = T0;
    const store = new MemoryIdempotencyStore(() => now);
    await store.claim('key', 'f', T0 + 10);
    now = T0 + 10;
    expect(await store.claim('key', 'g', T0 + 20)).toEqual({ state: 'new' });
  });
});
