// Context tokens: signed session names and the sessions behind them (apiKey schemes with sessions).
// A session is stored only once it holds something: an empty one lives in its token alone, which is
// signed (HMAC over the scope, e.g. the key holder, the issue time and random characters), so
// anonymous traffic grows no store. A token the server did not issue, one idle too long, or one whose
// session has moved on (login) or ended is never adopted: the caller gets a new token instead, which
// prevents session fixation.

import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { isStorageBusy, isStorageFull } from '../../stores/storage-errors.js';
import type { SessionStore } from '../../stores/stores.js';

export const CONTEXT_TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const CONTEXT_TOKEN_LENGTH = 32;
/** Issue time (seconds, 6 base-62 digits) and signature characters of a signed token. */
const TIME_LENGTH = 6;
const SIGNATURE_LENGTH = 10;
/** Shortest token length that leaves 12 random characters (71 bits) beside time and signature. */
export const MIN_SIGNED_TOKEN_LENGTH = TIME_LENGTH + SIGNATURE_LENGTH + 12;

/** A random alphanumeric token. randomInt draws without modulo bias. */
export function newContextToken(length: number = CONTEXT_TOKEN_LENGTH): string {
  let token = '';
  for (let i = 0; i < length; i++) {
    token += CONTEXT_TOKEN_ALPHABET.charAt(randomInt(CONTEXT_TOKEN_ALPHABET.length));
  }
  return token;
}

function toBase62(value: number, digits: number): string {
  let text = '';
  for (let rest = value, i = 0; i < digits; i++, rest = Math.floor(rest / 62)) {
    text = CONTEXT_TOKEN_ALPHABET.charAt(rest % 62) + text;
  }
  return text;
}

function fromBase62(text: string): number {
  let value = 0;
  for (const char of text) value = value * 62 + CONTEXT_TOKEN_ALPHABET.indexOf(char);
  return value;
}

/**
 * What a session store holds per token: the session's data, or null for a token whose session
 * moved to another token or ended (kept until the token would have expired, so it is never adopted).
 */
export type StoredContext<Data> = Data | null;

export interface ContextSessionsOptions<Data> {
  store: SessionStore<StoredContext<Data>>;
  /** Data of a new session, e.g. an empty cart. */
  createData: () => Data;
  /** Key that signs tokens (at least 32 bytes); the same on every instance. Default: random per process. */
  secret?: string | Buffer;
  /** A session idle for longer is gone; an empty one lasts this long from its issue. Default one day. */
  idleTimeoutSeconds?: number;
  tokenLength?: number;
  now?: () => number;
}

export interface ResolvedSession<Data> {
  token: string;
  data: Data;
  /** True when a new session was started (no token, or an unknown, expired or foreign one). */
  isNew: boolean;
  /** True when the session is in the store (it has held something). */
  stored: boolean;
}

export class ContextSessions<Data> {
  readonly #store: SessionStore<StoredContext<Data>>;
  readonly #createData: () => Data;
  readonly #secret: string | Buffer;
  readonly #idleMs: number;
  readonly #tokenLength: number;
  readonly #now: () => number;

  constructor(options: ContextSessionsOptions<Data>) {
    this.#store = options.store;
    this.#createData = options.createData;
    this.#secret = options.secret ?? randomBytes(32);
    this.#idleMs = (options.idleTimeoutSeconds ?? 86_400) * 1000;
    this.#tokenLength = options.tokenLength ?? CONTEXT_TOKEN_LENGTH;
    this.#now = options.now ?? Date.now;
    if (this.#tokenLength < MIN_SIGNED_TOKEN_LENGTH) {
      throw new Error(`context tokens need at least ${MIN_SIGNED_TOKEN_LENGTH} characters, got ${this.#tokenLength}`);
    }
  }

  /**
   * Continues the session the token names, or starts a new one under a new token. `scope` (e.g. the
   * key holder's subject) is signed into tokens: an empty session's token is adopted only in its scope.
   */
  async resolve(token: string | undefined, scope = ''): Promise<ResolvedSession<Data>> {
    if (token !== undefined && this.#isWellFormed(token)) {
      const record = await this.#store.get(token);
      const now = this.#now();
      if (record !== undefined && record.data !== null && record.expiresAt > now) {
        await this.#restartIdleTimer(token, record.data, record.expiresAt);
        return { token, data: record.data, isNew: false, stored: true };
      }
      if (record === undefined && this.#signedAndLive(token, scope, now)) {
        return { token, data: this.#createData(), isNew: false, stored: false };
      }
    }
    return { token: this.#newToken(scope), data: this.#createData(), isNew: true, stored: false };
  }

  /** Stores changed session data and restarts the idle timer. */
  async save(token: string, data: Data): Promise<void> {
    await this.#store.set(token, data, this.#expiry());
  }

  /**
   * Moves the session's data to a new token (on login) and returns it; the old token then names
   * nothing and is never adopted again.
   */
  async rotate(oldToken: string, data: Data, scope = ''): Promise<string> {
    const fresh = this.#newToken(scope);
    await this.#store.set(fresh, data, this.#expiry());
    await this.#store.set(oldToken, null, this.#expiry());
    return fresh;
  }

  /** Ends a session (logout); its token is never adopted again. */
  async destroy(token: string): Promise<void> {
    await this.#store.set(token, null, this.#expiry());
  }

  // A read does not write on every request: the timer restarts once a minute at most, and a full
  // disk or a locked database only leaves it where it was, so reads keep working.
  async #restartIdleTimer(token: string, data: Data, expiresAt: number): Promise<void> {
    if (this.#expiry() - expiresAt < 60_000) return;
    try {
      await this.#store.set(token, data, this.#expiry());
    } catch (error) {
      if (!isStorageFull(error) && !isStorageBusy(error)) throw error;
    }
  }

  #expiry(): number {
    return this.#now() + this.#idleMs;
  }

  #newToken(scope: string): string {
    const random = newContextToken(this.#tokenLength - TIME_LENGTH - SIGNATURE_LENGTH);
    const issued = toBase62(Math.floor(this.#now() / 1000), TIME_LENGTH);
    return random + issued + this.#sign(scope, random + issued);
  }

  #signedAndLive(token: string, scope: string, now: number): boolean {
    const body = token.slice(0, -SIGNATURE_LENGTH);
    // Compared as HMACs of both, so the time does not depend on where they differ.
    const expected = this.#sign(scope, body);
    const given = token.slice(-SIGNATURE_LENGTH);
    if (this.#sign('compare', expected) !== this.#sign('compare', given)) return false;
    const issuedMs = fromBase62(body.slice(-TIME_LENGTH)) * 1000;
    return issuedMs <= now + 60_000 && now - issuedMs < this.#idleMs;
  }

  #sign(scope: string, body: string): string {
    const mac = createHmac('sha256', this.#secret).update(`${scope}\u0000${body}`).digest();
    let text = '';
    for (let i = 0; i < SIGNATURE_LENGTH; i++) text += CONTEXT_TOKEN_ALPHABET.charAt((mac[i] ?? 0) % 62);
    return text;
  }

  // Only tokens of the shape we issue reach the store.
  #isWellFormed(token: string): boolean {
    return token.length === this.#tokenLength && /^[A-Za-z0-9]+$/.test(token);
  }
}
