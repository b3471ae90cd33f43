// Store API context tokens: random session names and the sessions behind them.
// A token the server did not issue, or one idle too long, is never adopted: the
// caller gets a new token instead, which prevents session fixation.

import { randomInt } from 'node:crypto';
import type { SessionStore } from './stores.js';

export const CONTEXT_TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const CONTEXT_TOKEN_LENGTH = 32;

/** A random alphanumeric token. randomInt draws without modulo bias. */
export function newContextToken(length: number = CONTEXT_TOKEN_LENGTH): string {
  let token = '';
  for (let i = 0; i < length; i++) {
    token += CONTEXT_TOKEN_ALPHABET.charAt(randomInt(CONTEXT_TOKEN_ALPHABET.length));
  }
  return token;
}

export interface ContextSessionsOptions<Data> {
  store: SessionStore<Data>;
  /** Data of a new session, e.g. an empty cart. */
  createData: () => Data;
  /** A session idle for longer is gone. Default one day. */
  idleTimeoutSeconds?: number;
  tokenLength?: number;
  now?: () => number;
}

export interface ResolvedSession<Data> {
  token: string;
  data: Data;
  /** True when a new session was started (no token, or an unknown or expired one). */
  isNew: boolean;
}

export class ContextSessions<Data> {
  readonly #store: SessionStore<Data>;
  readonly #createData: () => Data;
  readonly #idleMs: number;
  readonly #tokenLength: number;
  readonly #now: () => number;

  constructor(options: ContextSessionsOptions<Data>) {
    this.#store = options.store;
    this.#createData = options.createData;
    this.#idleMs = (options.idleTimeoutSeconds ?? 86_400) * 1000;
    this.#tokenLength = options.tokenLength ?? CONTEXT_TOKEN_LENGTH;
    this.#now = options.now ?? Date.now;
  }

  /** Continues the session the token names, or starts a new one under a new token. */
  async resolve(token: string | undefined): Promise<ResolvedSession<Data>> {
    if (token !== undefined && this.#isWellFormed(token)) {
      const record = await this.#store.get(token);
      if (record !== undefined && record.expiresAt > this.#now()) {
        await this.#store.set(token, record.data, this.#expiry()); // restart the idle timer
        return { token, data: record.data, isNew: false };
      }
      if (record !== undefined) await this.#store.delete(token);
    }
    const fresh = newContextToken(this.#tokenLength);
    const data = this.#createData();
    await this.#store.set(fresh, data, this.#expiry());
    return { token: fresh, data, isNew: true };
  }

  /** Stores changed session data and restarts the idle timer. */
  async save(token: string, data: Data): Promise<void> {
    await this.#store.set(token, data, this.#expiry());
  }

  /** Restarts the idle timer; false when the session is gone. */
  async touch(token: string): Promise<boolean> {
    const record = await this.#store.get(token);
    if (record === undefined || record.expiresAt <= this.#now()) return false;
    await this.#store.set(token, record.data, this.#expiry());
    return true;
  }

  /**
   * Moves the session to a new token (on login) and returns it; the old token then
   * names nothing. An unknown old token yields a new, empty session.
   */
  async rotate(oldToken: string): Promise<string> {
    const fresh = newContextToken(this.#tokenLength);
    const moved = await this.#store.rotate(oldToken, fresh);
    if (!moved) await this.#store.set(fresh, this.#createData(), this.#expiry());
    return fresh;
  }

  /** Ends a session (logout). */
  async destroy(token: string): Promise<void> {
    await this.#store.delete(token);
  }

  #expiry(): number {
    return this.#now() + this.#idleMs;
  }

  // Only tokens of the shape we issue reach the store.
  #isWellFormed(token: string): boolean {
    return token.length === this.#tokenLength && /^[A-Za-z0-9]+$/.test(token);
  }
}
