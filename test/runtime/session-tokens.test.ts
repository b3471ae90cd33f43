import { describe, expect, it } from 'vitest';
import {
  CONTEXT_TOKEN_ALPHABET,
  ContextSessions,
  newContextToken,
  type ContextSessionsOptions,
} from '../../src/runtime/auth/session/session-tokens.js';
import { MemorySessionStore } from '../../src/runtime/stores/stores.js';

interface Cart {
  lineItems: string[];
}

const DAY = 86_400_000;

function setup(overrides: Partial<ContextSessionsOptions<Cart>> = {}) {
  const clock = { now: 1_700_000_000_000 };
  const now = (): number => clock.now;
  const store = new MemorySessionStore<Cart>({ now });
  const sessions = new ContextSessions<Cart>({ store, createData: () => ({ lineItems: [] }), now, ...overrides });
  return { clock, store, sessions };
}

describe('newContextToken', () => {
  it('makes 32 alphanumeric characters by default', () => {
    expect(CONTEXT_TOKEN_ALPHABET).toHaveLength(62);
    for (let i = 0; i < 100; i++) expect(newContextToken()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newContextToken(8)).toMatch(/^[A-Za-z0-9]{8}$/);
  });

  it('draws from the whole alphabet without repeating tokens', () => {
    const tokens = Array.from({ length: 500 }, () => newContextToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(new Set(tokens.join(''))).toEqual(new Set(CONTEXT_TOKEN_ALPHABET));
  });
});

describe('ContextSessions', () => {
  it('starts a new session without a token', async () => {
    const { sessions } = setup();
    const session = await sessions.resolve(undefined);
    expect(session).toMatchObject({ isNew: true, data: { lineItems: [] } });
    expect(session.token).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('continues a known session and keeps saved data', async () => {
    const { sessions } = setup();
    const { token } = await sessions.resolve(undefined);
    await sessions.save(token, { lineItems: ['p1'] });
    expect(await sessions.resolve(token)).toEqual({ token, data: { lineItems: ['p1'] }, isNew: false, stored: true });
  });

  it('stores nothing for an empty session, and continues it under its signed token in its scope only', async () => {
    const { sessions, store } = setup();
    const { token } = await sessions.resolve(undefined, 'channel-a');
    expect(await store.get(token)).toBeUndefined();
    expect(await sessions.resolve(token, 'channel-a')).toEqual({
      token,
      data: { lineItems: [] },
      isNew: false,
      stored: false,
    });
    const foreign = await sessions.resolve(token, 'channel-b');
    expect(foreign.isNew).toBe(true);
    expect(foreign.token).not.toBe(token);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await sessions.resolve(forged, 'channel-a')).isNew).toBe(true);
  });

  it('never adopts a token the client made up', async () => {
    const { sessions, store } = setup();
    for (const chosen of ['A'.repeat(32), 'short', '../../etc', '']) {
      const session = await sessions.resolve(chosen);
      expect(session.isNew).toBe(true);
      expect(session.token).not.toBe(chosen);
    }
    expect(await store.get('A'.repeat(32))).toBeUndefined();
  });

  it('replaces a session idle for more than a day with a new token', async () => {
    const { clock, sessions, store } = setup();
    const { token } = await sessions.resolve(undefined);
    await sessions.save(token, { lineItems: ['p1'] });
    clock.now += DAY;
    const next = await sessions.resolve(token);
    expect(next.isNew).toBe(true);
    expect(next.token).not.toBe(token);
    expect(next.data).toEqual({ lineItems: [] });
    expect((await store.get(token))?.expiresAt).toBeLessThanOrEqual(clock.now);
  });

  it('restarts the idle timer on use', async () => {
    const { clock, sessions } = setup();
    const { token } = await sessions.resolve(undefined);
    await sessions.save(token, { lineItems: ['p1'] });
    clock.now += DAY - 1000;
    expect((await sessions.resolve(token)).isNew).toBe(false);
    clock.now += DAY - 1000;
    expect((await sessions.resolve(token)).isNew).toBe(false);
    clock.now += DAY;
    expect((await sessions.resolve(token)).isNew).toBe(true);
  });

  it('keeps answering reads when the store is full, without restarting the timer', async () => {
    const { clock, sessions, store } = setup();
    const { token } = await sessions.resolve(undefined);
    await sessions.save(token, { lineItems: ['p1'] });
    clock.now += 3_600_000;
    store.set = async () => {
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    };
    expect(await sessions.resolve(token)).toMatchObject({ isNew: false, data: { lineItems: ['p1'] } });
  });

  it('rotates on login: data moves, the old token names nothing', async () => {
    const { sessions } = setup();
    const { token: oldToken } = await sessions.resolve(undefined);
    await sessions.save(oldToken, { lineItems: ['p1'] });
    const newToken = await sessions.rotate(oldToken, { lineItems: ['p1'] });
    expect(newToken).not.toBe(oldToken);
    expect(await sessions.resolve(newToken)).toEqual({
      token: newToken,
      data: { lineItems: ['p1'] },
      isNew: false,
      stored: true,
    });
    const again = await sessions.resolve(oldToken);
    expect(again.isNew).toBe(true);
    expect(again.token).not.toBe(oldToken);
    expect(again.data).toEqual({ lineItems: [] });
  });

  it('never adopts the old token of a rotated empty session', async () => {
    const { sessions } = setup();
    const { token: oldToken } = await sessions.resolve(undefined);
    const newToken = await sessions.rotate(oldToken, { lineItems: [] });
    expect(await sessions.resolve(newToken)).toMatchObject({ isNew: false, stored: true });
    expect((await sessions.resolve(oldToken)).token).not.toBe(oldToken);
  });

  it('ends a session', async () => {
    const { sessions } = setup();
    const { token } = await sessions.resolve(undefined);
    await sessions.destroy(token);
    expect((await sessions.resolve(token)).isNew).toBe(true);
  });

  it('honours a custom idle timeout and token length', async () => {
    const { clock, sessions } = setup({ idleTimeoutSeconds: 60, tokenLength: 40 });
    const { token } = await sessions.resolve(undefined);
    expect(token).toHaveLength(40);
    clock.now += 60_000;
    expect((await sessions.resolve(token)).isNew).toBe(true);
  });
});
