// Where the reference service keeps its data and its stores. By default one SQLite file (embedded, one machine);
// with SVC_DATABASE_URL=postgres://… the data, the sessions, tokens, nonces, login throttles and answers to
// idempotency keys live in PostgreSQL, and with SVC_REDIS_URL the throttles, nonces and idempotency keys move to
// Redis, so that several instances behind a load balancer share them: one budget of login failures, one count
// per nonce, one token that rotates, one run per idempotency key.
import pg from 'pg';
import { createClient } from 'redis';
import type { IdempotencyStore } from '../../generated/runtime/stores/idempotency.js';
import type { ThrottleStore } from '../../generated/runtime/stores/throttle-store.js';
import type {
  AccessTokenStore,
  NonceStore,
  RefreshTokenStore,
  SessionStore,
} from '../../generated/runtime/stores/stores.js';
import {
  PostgresAccessTokenStore,
  PostgresIdempotencyStore,
  PostgresNonceStore,
  PostgresRefreshTokenStore,
  PostgresSessionStore,
  PostgresThrottleStore,
  type PostgresStoreOptions,
} from '../../generated/runtime/stores/stores-postgres.js';
import {
  RedisIdempotencyStore,
  RedisNonceStore,
  RedisThrottleStore,
  type RedisStoreOptions,
} from '../../generated/runtime/stores/stores-redis.js';
import type { ServiceConfig } from './config.js';
import { Gate, gated, postgresData, sqliteData, type Data } from './data.js';
import { openDatabase, type Db } from './db.js';
import { migratePostgres } from './postgres-schema.js';
import {
  SqliteAccessTokenStore,
  SqliteNonceStore,
  SqliteRefreshTokenStore,
  SqliteSessionStore,
} from './sqlite-stores.js';

export interface Backend {
  readonly data: Data;
  /** The SQLite database, when the service runs on one (maintenance and tests read it directly). */
  readonly sqlite: Db | undefined;
  readonly accessTokens: AccessTokenStore;
  readonly refreshTokens: RefreshTokenStore;
  readonly nonces: NonceStore;
  sessions<Data>(): SessionStore<Data>;
  /** Where the login throttles count; undefined: in this process's memory (one instance). */
  readonly throttleStore: ThrottleStore | undefined;
  /** Where answers to idempotency keys are kept; undefined: in this process's memory (one instance). */
  readonly idempotencyStore: IdempotencyStore | undefined;
  /** Ends the Store sessions a customer is logged in to. */
  endCustomerSessions(tx: Data, customerId: string): Promise<void>;
  /**
   * Makes the tables when they are missing and runs `seed` in the same transaction; on PostgreSQL under a lock,
   * so instances starting together seed once.
   */
  prepare<T>(seed: (tx: Data) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openBackend(config: ServiceConfig): Promise<Backend> {
  const redis = config.redisUrl === undefined ? undefined : await redisStores(config, config.redisUrl);
  const base = config.databaseUrl === undefined ? sqliteBackend(config) : postgresBackend(config, config.databaseUrl);
  if (!redis) return base;
  return {
    ...base,
    nonces: redis.nonces,
    throttleStore: redis.throttle,
    idempotencyStore: redis.idempotency,
    close: async () => {
      await base.close();
      redis.close();
    },
  };
}

function sqliteBackend(config: ServiceConfig): Backend {
  const db = openDatabase(config.dataFile);
  const now = config.now ?? Date.now;
  const gate = new Gate();
  const data = sqliteData(db, gate);
  return {
    data,
    sqlite: db,
    accessTokens: gated(new SqliteAccessTokenStore(db, now), gate),
    refreshTokens: gated(new SqliteRefreshTokenStore(db, now), gate),
    nonces: gated(new SqliteNonceStore(db, now), gate),
    sessions: () => gated(new SqliteSessionStore(db, now), gate),
    throttleStore: undefined,
    idempotencyStore: undefined,
    endCustomerSessions: async (tx, customerId) => {
      await tx.run(
        `UPDATE session SET data = '{"value":null}' WHERE json_extract(data, '$.value.data.customerId') = ?`,
        customerId,
      );
    },
    prepare: (seed) => data.transaction(seed),
    // Closes the database file too.
    close: () => data.close(),
  };
}

function postgresBackend(config: ServiceConfig, url: string): Backend {
  const schema = config.databaseSchema;
  const pool = new pg.Pool({
    connectionString: url,
    // The service's tables are found in its schema; the stores name theirs in full.
    options: `-c search_path="${schema}"`,
    max: config.databasePoolSize,
    // A server that does not answer is unreachable (a 503 with Retry-After), not a request that hangs.
    connectionTimeoutMillis: 2000,
    query_timeout: 10_000,
  });
  // An idle connection dropped by a stopped server is reported here; the next query connects again.
  pool.on('error', () => undefined);
  const options: PostgresStoreOptions = { pool, schema, ...(config.now ? { now: config.now } : {}) };
  const data = postgresData(pool);
  return {
    data,
    sqlite: undefined,
    accessTokens: new PostgresAccessTokenStore(options),
    refreshTokens: new PostgresRefreshTokenStore(options),
    nonces: new PostgresNonceStore(options),
    sessions: () => new PostgresSessionStore(options),
    throttleStore: new PostgresThrottleStore(options),
    idempotencyStore: new PostgresIdempotencyStore(options),
    endCustomerSessions: async (tx, customerId) => {
      await tx.run(
        `UPDATE "${schema}".svcgen_sessions SET data = 'null' WHERE data->'data'->>'customerId' = ?`,
        customerId,
      );
    },
    prepare: (seed) => migratePostgres(data, schema, seed),
    // Ends the pool the stores share as well.
    close: () => data.close(),
  };
}

async function redisStores(config: ServiceConfig, url: string) {
  const client = createClient({
    url,
    // Calls fail at once while the connection is down (a 503), rather than wait in a queue.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
  });
  client.on('error', () => undefined);
  await client.connect();
  const options: RedisStoreOptions = {
    client,
    prefix: config.redisPrefix,
    ...(config.now ? { now: config.now } : {}),
  };
  return {
    nonces: new RedisNonceStore(options),
    throttle: new RedisThrottleStore(options),
    idempotency: new RedisIdempotencyStore(options),
    close: () => client.destroy(),
  };
}
