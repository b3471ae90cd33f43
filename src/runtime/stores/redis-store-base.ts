// The connection side of the Redis stores: the client a service passes in (node-redis, or anything with its
// eval method), the key prefix, and how node-redis's errors read. Every operation is one Lua script, which
// Redis runs atomically, so it is atomic across instances. Imported only by outputs that keep their stores
// in Redis; `redis` is an optional peer dependency.
import { DEFAULT_STORE_TIMEOUT_MS, storeCall, type StoreCallOptions, type StoreErrorKind } from './shared-store.js';
import { noteSharedStore } from './store-locality.js';

/** What the stores use of a node-redis client: EVAL with keys and arguments. */
export interface RedisScripting {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export interface RedisStoreOptions {
  /**
   * A connected node-redis client (handle its 'error' event; create it with `disableOfflineQueue: true`, so that
   * calls fail at once while it reconnects instead of waiting for the time bound).
   */
  client: RedisScripting;
  /** Prefix of every key the stores write. Default "svcgen:". */
  prefix?: string;
  /** A call that has not returned by then counts as unreachable: 503 with Retry-After. Default 2000. */
  timeoutMs?: number;
  /** The service's clock: expiry, lockouts and counts go by it. */
  now?: () => number;
}

// Replies that mean the server cannot serve now (loading, busy, a replica, failing over) make the store
// unreachable; out of memory is full storage; other replies are bugs. Errors that are not replies come
// from the connection, except the ones JavaScript itself raises.
const UNAVAILABLE_REPLIES = new Set(['LOADING', 'BUSY', 'MASTERDOWN', 'READONLY', 'TRYAGAIN', 'CLUSTERDOWN']);

function classifyRedisError(error: unknown): StoreErrorKind {
  if (!(error instanceof Error)) return 'other';
  if (isReply(error)) {
    const word = error.message.split(' ', 1)[0] ?? '';
    if (word === 'OOM') return 'full';
    return UNAVAILABLE_REPLIES.has(word) ? 'unreachable' : 'other';
  }
  return error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError
    ? 'other'
    : 'unreachable';
}

/** node-redis's ErrorReply (a reply of the server), by its class name: the stores do not import redis. */
function isReply(error: Error): boolean {
  for (let proto: unknown = Object.getPrototypeOf(error); proto !== null; proto = Object.getPrototypeOf(proto)) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === 'ErrorReply') return true;
  }
  return false;
}

/** One store's access to Redis: its scripts, bounded in time, with node-redis's connection errors translated. */
export class RedisAccess {
  readonly now: () => number;
  readonly #client: RedisScripting;
  readonly #prefix: string;
  readonly #call: StoreCallOptions;

  constructor(options: RedisStoreOptions) {
    this.#client = options.client;
    this.#prefix = options.prefix ?? 'svcgen:';
    noteSharedStore('Redis');
    this.now = options.now ?? Date.now;
    this.#call = {
      store: 'Redis',
      timeoutMs: options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
      classify: classifyRedisError,
    };
  }

  key(...parts: string[]): string {
    return this.#prefix + parts.join(':');
  }

  run(script: string, keys: string[], args: (string | number)[] = []): Promise<unknown> {
    return storeCall(this.#call, () => this.#client.eval(script, { keys, arguments: args.map(String) }));
  }

  /** Milliseconds from now until `at` (at least 1): the PEXPIRE of a key that lives until then. */
  ttl(at: number): number {
    return Math.max(1, Math.ceil(at - this.now()));
  }
}
