// What the PostgreSQL and Redis stores share: every call to the server is bounded in time, and an error that
// means "the store is not there" (refused or dropped connection, timeout, a server shutting down or loading)
// becomes a StoreUnreachable, which a generated server turns into a 503 with Retry-After. Errors that mean a bug
// (a missing table, a wrong type) stay what they are and become a 500 through onInternalError. Also the token
// stores both keep over a table of tokens.
import { StoreUnreachable } from './storage-errors.js';
import type { AccessTokenStore, RefreshTokenRecord, RefreshTokenStore } from './stores.js';

/** Default bound of one store call: a store that has not responded by then is taken as unreachable. */
export const DEFAULT_STORE_TIMEOUT_MS = 2000;

/** Decides what a client's error means; 'other' is rethrown as it is. */
export type StoreErrorKind = 'unreachable' | 'full' | 'other';

export interface StoreCallOptions {
  /** Names the store in messages, e.g. "PostgreSQL". */
  readonly store: string;
  readonly timeoutMs: number;
  readonly classify: (error: unknown) => StoreErrorKind;
}

/** Runs one call to the store's server under the time bound, translating the errors that say it is not there. */
export async function storeCall<T>(options: StoreCallOptions, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Error(`no response within ${options.timeoutMs} ms`);
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timedOut), options.timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    const kind = error === timedOut ? 'unreachable' : options.classify(error);
    if (kind === 'unreachable') throw new StoreUnreachable(options.store, error);
    if (kind === 'full') {
      throw Object.assign(new Error(`${options.store} is out of space`, { cause: error }), { storageFull: true });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** At most one run of `task` per interval, in the background: expired rows are deleted as writes come. */
export class Pruner {
  #lastRun = -Infinity;
  readonly #intervalMs: number;
  readonly #task: (now: number) => Promise<unknown>;

  constructor(intervalMs: number, task: (now: number) => Promise<unknown>) {
    this.#intervalMs = intervalMs;
    this.#task = task;
  }

  maybeRun(now: number): void {
    if (now - this.#lastRun < this.#intervalMs) return;
    this.#lastRun = now;
    // A failed prune is retried at the next interval; the request that triggered it does not wait for it.
    this.#task(now).catch(() => undefined);
  }
}

/** The tokens of one kind (refresh or access) in a shared store; both kinds have the same shape. */
export interface TokenTable {
  save(record: RefreshTokenRecord): Promise<void>;
  findByHash(tokenHash: string): Promise<RefreshTokenRecord | undefined>;
  /** True only for the one call that revoked a live token. */
  revoke(tokenHash: string): Promise<boolean>;
  revokeAll(by: 'familyId' | 'subject', id: string): Promise<void>;
}

/** What the refresh and the access token store over a token table share. */
abstract class TokensOver {
  protected readonly tokens: TokenTable;

  constructor(tokens: TokenTable) {
    this.tokens = tokens;
  }

  save = (record: RefreshTokenRecord) => this.tokens.save(record);
  findByHash = (tokenHash: string) => this.tokens.findByHash(tokenHash);
  revokeFamily = (familyId: string) => this.tokens.revokeAll('familyId', familyId);
  revokeSubject = (subject: string) => this.tokens.revokeAll('subject', subject);
}

export class RefreshTokensOver extends TokensOver implements RefreshTokenStore {
  revoke = (tokenHash: string) => this.tokens.revoke(tokenHash);
}

export class AccessTokensOver extends TokensOver implements AccessTokenStore {
  revoke = async (tokenHash: string): Promise<void> => void (await this.tokens.revoke(tokenHash));
}
