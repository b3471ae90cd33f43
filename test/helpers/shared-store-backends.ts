// The shared stores of issue 35 on real servers: PostgreSQL and Redis on this machine (127.0.0.1:5432 and
// :6379, or SVC_TEST_PG_PORT / SVC_TEST_REDIS_PORT), each test run in its own schema or key prefix, cleaned
// up afterwards. Every instance of a service gets its own client, through a TcpProxy the test can cut.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { createClient } from 'redis';
import type { ThrottleStore } from '../../src/runtime/stores/throttle-store.js';
import type { AccessTokenStore, NonceStore, RefreshTokenStore, SessionStore } from '../../src/runtime/stores/stores.js';
import {
  createPostgresTables,
  PostgresAccessTokenStore,
  PostgresNonceStore,
  PostgresRefreshTokenStore,
  PostgresSessionStore,
  PostgresThrottleStore,
} from '../../src/runtime/stores/stores-postgres.js';
import {
  RedisAccessTokenStore,
  RedisNonceStore,
  RedisRefreshTokenStore,
  RedisSessionStore,
  RedisThrottleStore,
} from '../../src/runtime/stores/stores-redis.js';

/** The stores of one instance, over its own connection. */
export interface InstanceStores {
  readonly accessTokens: AccessTokenStore;
  readonly refreshTokens: RefreshTokenStore;
  readonly nonces: NonceStore;
  /** A session store for the data of one interface. */
  sessions<Data>(): SessionStore<Data>;
  readonly throttle: ThrottleStore;
  close(): Promise<void>;
}

export interface Backend {
  readonly name: string;
  readonly port: number;
  /** Creates the tables or nothing; called once. */
  prepare(): Promise<void>;
  /** Stores of one instance, connected through the given port (the server's, or a proxy's). */
  connect(port: number, now: () => number): Promise<InstanceStores>;
  /** What this run holds that would outlive its expiry: PostgreSQL rows expired at `now`, Redis keys without one. */
  leftovers(now: number): Promise<number>;
  /** Deletes what this run wrote. */
  cleanUp(): Promise<void>;
}

const RUN = `${process.pid}_${randomBytes(4).toString('hex')}`;

/** Whether something listens on the port (to report a missing server by name rather than fail). */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export function postgresBackend(port = Number(process.env['SVC_TEST_PG_PORT'] ?? 5432)): Backend {
  const schema = `svcgen_test_${RUN}`;
  const pool = (atPort: number) => {
    const created = new pg.Pool({
      host: '127.0.0.1',
      port: atPort,
      user: 'postgres',
      database: 'test',
      max: 4,
      connectionTimeoutMillis: 1000,
    });
    // An idle connection dropped by a stopped server is reported here; the next query reconnects.
    created.on('error', () => undefined);
    return created;
  };
  return {
    name: 'PostgreSQL',
    port,
    async prepare() {
      const admin = pool(port);
      await createPostgresTables({ pool: admin, schema });
      await admin.end();
    },
    async connect(atPort, now) {
      const client = pool(atPort);
      const options = { pool: client, schema, now, timeoutMs: 1500 };
      return {
        accessTokens: new PostgresAccessTokenStore(options),
        refreshTokens: new PostgresRefreshTokenStore(options),
        nonces: new PostgresNonceStore(options),
        sessions: () => new PostgresSessionStore(options),
        throttle: new PostgresThrottleStore(options),
        close: () => client.end(),
      };
    },
    async leftovers(now) {
      const admin = pool(port);
      const tables = ['nonces', 'refresh_tokens', 'access_tokens', 'sessions', 'throttle', 'throttle_trust'];
      const counts = tables.map(
        (table) => `(SELECT count(*) FROM "${schema}"."svcgen_${table}" WHERE expires_at <= $1)`,
      );
      const [row] = (await admin.query(`SELECT ${counts.join(' + ')} AS n`, [now])).rows;
      await admin.end();
      return Number(row?.n);
    },
    async cleanUp() {
      const admin = pool(port);
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

export function redisBackend(port = Number(process.env['SVC_TEST_REDIS_PORT'] ?? 6379)): Backend {
  const prefix = `svcgen-test:${RUN}:`;
  const client = async (atPort: number) => {
    const created = createClient({
      socket: { host: '127.0.0.1', port: atPort, connectTimeout: 1000, reconnectStrategy: () => 100 },
      // Calls fail at once while the connection is down, rather than wait in a queue.
      disableOfflineQueue: true,
    });
    created.on('error', () => undefined);
    await created.connect();
    return created;
  };
  return {
    name: 'Redis',
    port,
    async prepare() {},
    async connect(atPort, now) {
      const connected = await client(atPort);
      const options = { client: connected, prefix, now, timeoutMs: 1500 };
      return {
        accessTokens: new RedisAccessTokenStore(options),
        refreshTokens: new RedisRefreshTokenStore(options),
        nonces: new RedisNonceStore(options),
        sessions: () => new RedisSessionStore(options),
        throttle: new RedisThrottleStore(options),
        close: async () => void connected.destroy(),
      };
    },
    async leftovers() {
      const admin = await client(port);
      let forever = 0;
      for await (const keys of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
        for (const key of keys) if ((await admin.pTTL(key)) < 0) forever++;
      }
      admin.destroy();
      return forever;
    },
    async cleanUp() {
      const admin = await client(port);
      for await (const keys of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
        if (keys.length > 0) await admin.del(keys);
      }
      admin.destroy();
    },
  };
}
