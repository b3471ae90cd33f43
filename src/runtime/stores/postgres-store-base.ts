// The connection side of the PostgreSQL stores: the pool a service passes in (pg's Pool, or anything with
// its query method), the schema the tables live in, how pg's errors read, and the tables themselves.
// Imported only by outputs that keep their stores in PostgreSQL; `pg` is an optional peer dependency.
import {
  DEFAULT_STORE_TIMEOUT_MS,
  Pruner,
  storeCall,
  type StoreCallOptions,
  type StoreErrorKind,
} from './shared-store.js';
import { noteSharedStore } from './store-locality.js';

/** What the stores use of pg's Pool (or Client): parameterised queries. */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
}

export interface PostgresStoreOptions {
  /** A pg Pool shared by the service's stores (handle its 'error' event: an idle connection can drop). */
  pool: PostgresQueryable;
  /** Schema of the tables (createPostgresTables makes them). Default public. */
  schema?: string;
  /** A call that has not returned by then counts as unreachable: 503 with Retry-After. Default 2000. */
  timeoutMs?: number;
  /** The service's clock: expiry, lockouts and counts go by it. */
  now?: () => number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

// Connection exceptions, too many connections, shutdowns and a server not yet accepting: the store is not there.
// A disk the server cannot write (53100) is full storage. Anything else with a SQLSTATE is a bug.
export function classifyPostgresError(error: unknown): StoreErrorKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return 'unreachable';
  if (code === '53100') return 'full';
  if (code.startsWith('08') || code === '53300' || /^57P0[1-3]$/.test(code)) return 'unreachable';
  return 'other';
}

/** One store's access to PostgreSQL: its queries, bounded in time, with pg's connection errors translated. */
export class PostgresAccess {
  readonly schema: string;
  readonly now: () => number;
  readonly #pool: PostgresQueryable;
  readonly #call: StoreCallOptions;

  constructor(options: PostgresStoreOptions) {
    this.schema = checkedSchema(options.schema);
    this.now = options.now ?? Date.now;
    this.#pool = options.pool;
    noteSharedStore('PostgreSQL');
    this.#call = {
      store: 'PostgreSQL',
      timeoutMs: options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
      classify: classifyPostgresError,
    };
  }

  /** The qualified name of one of the stores' tables. */
  table(name: string): string {
    return `"${this.schema}"."svcgen_${name}"`;
  }

  async query(text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
    return (await storeCall(this.#call, () => this.#pool.query(text, values))).rows;
  }

  /** Deletes the table's rows whose expires_at has passed, at most once a minute, beside the writes. */
  pruner(table: string): Pruner {
    return new Pruner(60_000, (now) => this.query(`DELETE FROM ${this.table(table)} WHERE expires_at <= $1`, [now]));
  }
}

function checkedSchema(schema: string | undefined): string {
  if (schema === undefined) return 'public';
  if (!IDENTIFIER.test(schema)) {
    throw new Error(`PostgreSQL stores: schema ${JSON.stringify(schema)} must be a lower-case SQL identifier`);
  }
  return schema;
}

/** The tables of every PostgreSQL store, for a migration tool; createPostgresTables runs it. Times are epoch ms. */
export function postgresTablesSql(schema?: string): string {
  const s = `"${checkedSchema(schema)}"`;
  const tokens = (name: string) => `CREATE TABLE IF NOT EXISTS ${s}."svcgen_${name}" (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL,
  subject text NOT NULL,
  client_id text NOT NULL,
  scopes jsonb NOT NULL,
  expires_at bigint NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  credential text
);
CREATE INDEX IF NOT EXISTS "svcgen_${name}_family" ON ${s}."svcgen_${name}" (family_id);
CREATE INDEX IF NOT EXISTS "svcgen_${name}_subject" ON ${s}."svcgen_${name}" (subject);
CREATE INDEX IF NOT EXISTS "svcgen_${name}_expiry" ON ${s}."svcgen_${name}" (expires_at);`;
  return `CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE IF NOT EXISTS ${s}."svcgen_nonces" (
  nonce text PRIMARY KEY,
  last_count bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS "svcgen_nonces_expiry" ON ${s}."svcgen_nonces" (expires_at);
${tokens('refresh_tokens')}
${tokens('access_tokens')}
CREATE TABLE IF NOT EXISTS ${s}."svcgen_sessions" (
  token text PRIMARY KEY,
  data jsonb NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS "svcgen_sessions_expiry" ON ${s}."svcgen_sessions" (expires_at);
CREATE TABLE IF NOT EXISTS ${s}."svcgen_throttle" (
  budget text NOT NULL,
  key text NOT NULL,
  count integer NOT NULL,
  window_start bigint NOT NULL,
  blocked_until bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (budget, key)
);
CREATE INDEX IF NOT EXISTS "svcgen_throttle_expiry" ON ${s}."svcgen_throttle" (expires_at);
CREATE TABLE IF NOT EXISTS ${s}."svcgen_throttle_trust" (
  pair text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS "svcgen_throttle_trust_expiry" ON ${s}."svcgen_throttle_trust" (expires_at);
CREATE TABLE IF NOT EXISTS ${s}."svcgen_idempotency" (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  status integer,
  headers jsonb,
  body bytea,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS "svcgen_idempotency_expiry" ON ${s}."svcgen_idempotency" (expires_at);
`;
}

/** Key of the advisory lock under which instances create the tables, one at a time. */
const TABLES_LOCK = 0x5356_4347; // "SVCG"

/**
 * Creates the stores' tables (and the schema) when they do not exist yet. Instances that start together each
 * call it: concurrent CREATE … IF NOT EXISTS of one name collide in PostgreSQL's catalog, so the statements run
 * as one transaction (a query string of several statements is one) behind an advisory lock.
 */
export async function createPostgresTables(options: Pick<PostgresStoreOptions, 'pool' | 'schema'>): Promise<void> {
  await options.pool.query(`SELECT pg_advisory_xact_lock(${TABLES_LOCK});\n${postgresTablesSql(options.schema)}`);
}
