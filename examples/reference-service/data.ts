// The one data layer of the reference service: the same SQL text runs through Kysely on SQLite (better-sqlite3,
// the embedded default) and on PostgreSQL (pg), Kysely compiling its parameters for each dialect. The few places
// where the two differ are named here (insertionOrder, like). Transactions are all or nothing on both.
import type Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type RawBuilder, type Transaction } from 'kysely';
import type pg from 'pg';
import { classifyPostgresError } from '../../generated/runtime/stores/postgres-store-base.js';
import { isStorageBusy, StoreUnreachable } from '../../generated/runtime/stores/storage-errors.js';

export type Dialect = 'sqlite' | 'postgres';

/** The tables are reached through raw SQL; the Kysely instance is typed loosely on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The waits between attempts of a SQLite write another process holds locked, off the event loop: about 1.5 s. */
const BUSY_RETRY_DELAYS_MS: readonly number[] = [50, 100, 200, 400, 800];

/** `?` placeholders of `text` bound to `params`, as one Kysely query (so each dialect numbers them its own way). */
function query<Row>(text: string, params: readonly unknown[]): RawBuilder<Row> {
  const parts = text.split('?');
  if (parts.length !== params.length + 1)
    throw new Error(`SQL has ${parts.length - 1} placeholders but ${params.length} values: ${text}`);
  const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
  return sql<Row>(strings, ...params);
}

/**
 * Turns of one SQLite connection. better-sqlite3 is one connection: a write the stores make while a transaction
 * of the data layer waits between its statements would join that transaction (and go with its rollback), so
 * the stores and the transactions take turns.
 */
export class Gate {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/** The store with every method taking its turn at the gate. */
export function gated<Store extends object>(store: Store, gate: Gate): Store {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => gate.run(async () => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}

export class Data {
  /**
   * The column that orders rows as they were inserted (the admin records have random ids): SQLite's rowid,
   * an identity column in PostgreSQL.
   */
  readonly insertionOrder: string;
  /** The operator of a case-insensitive LIKE for ASCII letters (SQLite's LIKE is one; PostgreSQL's is not). */
  readonly like: string;

  constructor(
    readonly dialect: Dialect,
    private readonly kysely: AnyDb | Transaction<unknown>,
    private readonly inTransaction = false,
    /** SQLite only: the turns its transactions take with the stores. */
    private readonly gate?: Gate,
  ) {
    this.insertionOrder = dialect === 'sqlite' ? 'rowid' : 'seq';
    this.like = dialect === 'sqlite' ? 'LIKE' : 'ILIKE';
  }

  async all<Row>(text: string, ...params: unknown[]): Promise<Row[]> {
    return this.#run(async () => (await query<Row>(text, params).execute(this.kysely)).rows);
  }

  async get<Row>(text: string, ...params: unknown[]): Promise<Row | undefined> {
    return (await this.all<Row>(text, ...params))[0];
  }

  /** A write; the number of rows it changed. */
  async run(text: string, ...params: unknown[]): Promise<number> {
    return this.#run(async () => Number((await query(text, params).execute(this.kysely)).numAffectedRows ?? 0));
  }

  /** A count as a number (PostgreSQL's COUNT is a bigint, which pg reads as text). */
  async count(text: string, ...params: unknown[]): Promise<number> {
    return Number((await this.get<{ n: number | string }>(text, ...params))?.n ?? 0);
  }

  /** An INSERT of one row with an integer id; the id. */
  async insert(text: string, ...params: unknown[]): Promise<number> {
    if (this.dialect === 'postgres')
      return Number((await this.get<{ id: number }>(`${text} RETURNING id`, ...params))?.id);
    // SQLite: a plain write, its rowid (a statement with RETURNING would be read as a query, not run as a write).
    return this.#run(async () => Number((await query(text, params).execute(this.kysely)).insertId));
  }

  /** Runs fn in one transaction: all of it or nothing. On SQLite, again while another process holds the lock. */
  async transaction<T>(fn: (tx: Data) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    // What fn throws (a Validation, a NotFound, or a query's error already read) passes as it is; only the
    // transaction's own begin and commit are read here.
    const thrown = new WeakSet<object>();
    const body = async (tx: Transaction<unknown>) => {
      try {
        return await fn(new Data(this.dialect, tx, true, this.gate));
      } catch (error) {
        if (typeof error === 'object' && error !== null) thrown.add(error);
        throw error;
      }
    };
    const run = () =>
      this.#run(
        () => (this.kysely as AnyDb).transaction().execute(body),
        (error) => typeof error === 'object' && error !== null && thrown.has(error),
      );
    return this.gate ? this.gate.run(run) : run();
  }

  /** Statements with no parameters, such as a migration (SQLite runs them as one script). */
  async script(text: string): Promise<void> {
    await this.#run(() => sql.raw(text).execute(this.kysely));
  }

  async close(): Promise<void> {
    await (this.kysely as AnyDb).destroy();
  }

  /**
   * SQLite: a locked write is tried again (outside a transaction, which is retried whole).
   * PostgreSQL: a server that cannot be reached is a StoreUnreachable (a 503).
   */
  async #run<T>(call: () => Promise<T>, passes: (error: unknown) => boolean = () => false): Promise<T> {
    if (this.dialect === 'postgres') {
      try {
        return await call();
      } catch (error) {
        if (passes(error) || classifyPostgresError(error) !== 'unreachable') throw error;
        throw new StoreUnreachable('PostgreSQL', error);
      }
    }
    if (this.inTransaction) return call();
    for (const delay of BUSY_RETRY_DELAYS_MS) {
      try {
        return await call();
      } catch (error) {
        if (!isStorageBusy(error)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    return call();
  }
}

export function sqliteData(db: Database.Database, gate: Gate): Data {
  return new Data('sqlite', new Kysely({ dialect: new SqliteDialect({ database: db }) }), false, gate);
}

export function postgresData(pool: pg.Pool): Data {
  return new Data('postgres', new Kysely({ dialect: new PostgresDialect({ pool }) }));
}
