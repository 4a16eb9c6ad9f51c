import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/**
 * The query layer both drivers share: PGlite and PostgreSQL speak the same SQL. A transaction's
 * `tx` (`db.transaction(async (tx) => …)`) is a Database too, so every repository function runs
 * inside a transaction when handed one.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The `tx` of `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /**
   * The team's and admin's reports (metrics, the admin's lists): on PostgreSQL a pool of their own
   * with a longer statement time-out, so a heavy report never takes the readers' connections. On
   * PGlite, `db` itself.
   */
  reportsDb: Database;
  kind: 'pglite' | 'postgres';
  /** The connection string, for PostgreSQL (pg-boss opens its own small pool there). */
  url?: string;
  /** Raw SQL with $n parameters, for pg-boss; several statements at once when there are no values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The committed SQL migrations, found from the source tree and from the bundled build alike. */
function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

const PGLITE_EXTENSIONS = { pg_trgm };

/** Called with each statement the query layer sends (tests count them per request). */
export type OnQuery = (sql: string) => void;
const loggerOf = (onQuery: OnQuery | undefined) => (onQuery ? { logger: { logQuery: onQuery } } : {});

/**
 * PGlite in `dataDir` (or in memory when undefined). A data folder is held by one open handle at a
 * time, the server's or `npm run user`'s: opening it again throws DataDirLockedError until the
 * first handle closes (db/data-dir-lock.ts).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; onQuery?: OnQuery } = {},
): Promise<DatabaseHandle & { client: PGlite }> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema, ...loggerOf(options.onQuery) }) as unknown as Database;
  return {
    db,
    reportsDb: db,
    client,
    kind: 'pglite',
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: findMigrationsFolder() }),
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** The advisory lock the instances take to migrate one at a time (any fixed number of our own). */
const MIGRATION_LOCK_KEY = 7_311_926;

/**
 * Readers' reads answer in milliseconds and a job's step in a second or two: a statement still
 * running after this is cancelled (SQLSTATE 57014, answered 503), so no request holds a connection
 * for long whatever the catalogue's size.
 */
const STATEMENT_TIMEOUT_MS = 5_000;
/** The reports' pool: a few connections, and statements allowed to run longer. */
const REPORTS_POOL_SIZE = 3;
const REPORTS_STATEMENT_TIMEOUT_MS = 30_000;

/** A database that is away is known in seconds, not after the kernel's minutes: connecting (and waiting for a pool's connection) gives up after this, answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool of node-postgres connections, each with its statement time-out and no JIT. A connection
 * that drops is discarded and the next query opens another, so the pool comes back by itself once
 * PostgreSQL does (decision 0023); a query while it is away fails at once (ECONNREFUSED, 503).
 */
/**
 * drizzle's transaction sends `begin` before its try/finally (drizzle-orm 0.45, node-postgres
 * session): when the connection drops between the checkout and `begin`, as PostgreSQL goes away
 * under a burst of writes, the client is never released and `pool.end()`, a deploy's drain, waits
 * for it for ever. A client checked out on its own (drizzle's transactions are the only ones that
 * do) is therefore released, and discarded, when its first statement fails.
 */
class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    // The pool's own query() checks out with a callback and releases on every outcome itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedIfFirstStatementFails);
  }
}

function releasedIfFirstStatementFails(client: pg.PoolClient): pg.PoolClient {
  const query = client.query;
  client.query = function firstStatement(this: pg.PoolClient, ...args: unknown[]) {
    client.query = query;
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : true);
      throw error;
    });
  } as typeof client.query;
  return client;
}

function openPool(url: string, max: number, statementTimeoutMs: number): pg.Pool {
  const pool = new TransactionSafePool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    statement_timeout: statementTimeoutMs,
    // No JIT: a reader's query that the planner over-estimates crossed jit_above_cost and spent
    // 13 ms compiling to run in 1.
    options: '-c jit=off',
  });
  // A connection that drops while idle, or while held between two statements of a transaction,
  // reports it as an 'error' event: without a listener that would end the process. The pool
  // discards such a connection (the held one when it is released); its next query fails, 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function openPostgres(
  url: string,
  options: { max?: number; statementTimeoutMs?: number; reportsMax?: number; onQuery?: OnQuery } = {},
): DatabaseHandle {
  // Connections open when first used: an instance that serves no report opens none of the reports'.
  const client = openPool(url, options.max ?? 10, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
  const reports = openPool(url, options.reportsMax ?? REPORTS_POOL_SIZE, REPORTS_STATEMENT_TIMEOUT_MS);
  const db = drizzlePostgres({ client, schema, ...loggerOf(options.onQuery) });
  return {
    db: db as unknown as Database,
    reportsDb: drizzlePostgres({ client: reports, schema, ...loggerOf(options.onQuery) }) as unknown as Database,
    kind: 'postgres',
    url,
    async executeSql(text: string, values?: unknown[]) {
      // Without values, several statements at once (the simple protocol answers one result each).
      const result: pg.QueryResult | pg.QueryResult[] = await client.query(
        text,
        values && values.length > 0 ? values : undefined,
      );
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    },
    async migrate() {
      // Several instances may start at once on an empty database: one migrates while the others
      // wait on this lock, then find every migration applied. The lock and the migrations share a
      // connection of their own, without the pools' time-out: an index built on a large table
      // may take minutes.
      const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      lock.on('error', () => {});
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client: lock, schema }), { migrationsFolder: findMigrationsFolder() });
      } finally {
        // Ending the connection releases the lock, whatever happened.
        await lock.end();
      }
    },
    async close() {
      await Promise.all([client.end(), reports.end()]);
    },
  };
}

export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: join(config.dataDir, 'db') });
}
