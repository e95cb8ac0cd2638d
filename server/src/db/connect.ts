import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Options, Sql } from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * The catalog's list and facet reads (CatalogService): on PostgreSQL a pool of its own whose statements are
   * planned for their parameters on every execution (see connectPostgres); on PGlite the same as `db`.
   */
  catalogDb: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /**
   * Listens for the notifications (NOTIFY) sent on `channel` by any connection of any instance, each delivered once
   * its transaction has committed. Resolves once the first attempt to listen has ended, either way; the returned
   * function stops listening. See ListenEvents.
   */
  listen(channel: string, events: ListenEvents): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * What a listener hears. `listening(true)` when the LISTEN is in place (at first, and again after every
 * reconnection: notifications sent while it was lost are lost with it); `listening(false)` when the listening
 * connection is lost or cannot be opened (it is tried again, from 100 ms to every 5 s); `notified(payload)` per
 * notification, in the order their transactions committed.
 */
export interface ListenEvents {
  notified(payload: string): void;
  listening(on: boolean): void;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming this app's advisory lock for migrations. */
const MIGRATION_LOCK_ID = 724_310_551;

export interface ConnectOptions {
  /** PostgreSQL URL; without it the embedded database in dataDir is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; undefined means in memory. */
  dataDir?: string;
  /** Embedded only: start from a data dir dump (a tarball made by PGlite.dumpDataDir). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: connections shared by the statement pool and the transaction pool (see connectPostgres); at
   * least 2. The catalog read pool has as many as the statement pool on top.
   */
  maxConnections?: number;
  /**
   * Called with every query Drizzle sends and the pool it goes to: `catalog` for Database.catalogDb on PostgreSQL
   * (planned for its values, CATALOG_READS), `statements` for the rest (the bench uses it to EXPLAIN what the API
   * runs, as each pool plans it).
   */
  logQuery?: (query: string, params: unknown[], pool: 'statements' | 'catalog') => void;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  const log = options.logQuery;
  const logger = log ? { logQuery: (q: string, p: unknown[]) => log(q, p, 'statements') } : undefined;
  const catalogLogger = log ? { logQuery: (q: string, p: unknown[]) => log(q, p, 'catalog') } : undefined;
  if (options.databaseUrl)
    return connectPostgres(options.databaseUrl, options.maxConnections ?? 10, logger, catalogLogger);
  return connectPglite(options.dataDir, options.loadDataDir, logger);
}

// Each driver is loaded only when used: start-up time matters (docs/quality.md#performance-budgets).
type Logger = { logQuery(query: string, params: unknown[]): void } | undefined;

async function connectPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  logger: Logger,
): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { fuzzystrmatch }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/fuzzystrmatch'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm, fuzzystrmatch },
    loadDataDir,
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    // PGlite never uses a generic plan: drizzle-orm/pglite sends every statement as PGlite's query(), which parses
    // it as the unnamed statement each time, so PostgreSQL plans it with its parameters.
    catalogDb: db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    // One connection in this process: it never drops, and its own transactions' notifications reach it at commit.
    async listen(channel, events) {
      const unlisten = await client.listen(channel, (payload) => events.notified(payload));
      events.listening(true);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/**
 * The share of the PostgreSQL connections that runs transactions (7 of 10). A transaction holds its connection
 * from BEGIN to COMMIT, through every wait for the event loop in between, while the statement pool pipelines.
 * 200-buyer soak, one run each on the shared 2-core machine: 4, 5 and 6 of 10 gave 1,826, 1,978 and 2,102 req/s
 * (p99 1,215, 944 and 756 ms: checkouts waiting for a connection); 7 and 8 of 10, in a quieter spell, 2,855 and
 * 2,789 req/s (p99 182 and 150 ms). Cart add and update, on the other 3, stay at 70% of pgbench or more.
 */
const TRANSACTION_SHARE = 0.7;

/**
 * Startup parameters of the catalog read pool. A prepared statement is planned for its parameters five times,
 * then PostgreSQL may switch to a generic plan, made without them, when it looks no dearer; for the catalog's
 * filters it often is. The price-range count (variety=Sugar Dragon,Yellow Dragon&inStock=true&minPrice=10&
 * maxPrice=200, 100,000 listings) runs 3 ms as an index-only scan of products_filters_idx when planned for its
 * values, and 20 ms (50 ms on the first run) on its generic plan, a bitmap scan of products_price_idx that visits
 * 64,000 rows: without the values the planner takes any price range to be narrow (0.5% of the rows) and the
 * capped LIMIT to be unknown. Planning every execution costs the catalog's statements 0.1 to 0.8 ms against
 * milliseconds of execution; it would cost the hot single-row statements (session lookup, the detail, the cart)
 * more than they spend running (pgbench -M prepared on the detail's SQL: 42,000 tx/s with generic plans, 14,000
 * planned every time), so the setting is scoped to this pool.
 *
 * Sequential scans are off on this pool too: no catalog read may read the products table whole
 * (docs/quality.md#performance-budgets). With them on, a broad search's capped count at a million listings
 * ("sugar": 110,000 matches, LIMIT 10,001) was planned as a sequential scan that stops once it has found 10,001
 * matches, reading about 90,000 rows: cheap while the matches are spread evenly, a read of the whole table when
 * they are not (a rare word's matches all near the end). With them off it takes the full-text index. A table
 * with no other path (catalog_facet_counts, a few thousand rows) is still read whole.
 *
 * And JIT compilation is off on this pool. With sequential scans off, the one such read (the facets over
 * catalog_facet_counts) is costed above 10,000,000,000, far past jit_above_cost, so a PostgreSQL built with LLVM
 * compiled it on every request: about 45 ms of compiling for a sub-millisecond aggregate, 20 facet requests a second
 * instead of 2,400 at 100,000 listings (bench, 2026-11-24). These reads are all short; none gains from JIT.
 */
export const CATALOG_READS = { plan_cache_mode: 'force_custom_plan', enable_seqscan: 'off', jit: 'off' };

/**
 * PostgreSQL through postgres.js, as three pools, the first two sharing the `max` connections:
 * - statements outside a transaction go to the statement pool, which pipelines them (a busy connection takes more
 *   statements behind the ones it is running);
 * - transactions (Drizzle's db.transaction, which calls postgres.js's sql.begin) go to a pool that runs nothing
 *   else;
 * - and the catalog's list and facet reads (catalogDb) go to a pool of their own, the size of the statement pool,
 *   where statements are planned for their parameters every time (CATALOG_READS).
 * And every statement is a named prepared statement (see alwaysPrepare). Which code uses which pool:
 * docs/architecture.md#where-sql-lives.
 *
 * Why two pools: postgres.js 3.4.9 reserves a connection for sql.begin() in the BEGIN's `onexecute` hook, which
 * Connection.execute() calls only as the last term of the && chain telling the pool whether the connection can
 * take more statements (node_modules/postgres/src/connection.js, execute(), lines 173-177). When the pool pipelines
 * the BEGIN onto a busy connection and it is the statement that fills that connection's pipeline (max_pipeline,
 * 100), or the socket reports backpressure, the chain stops before the hook: PostgreSQL runs the BEGIN but the
 * connection is not reserved. CommandComplete then fails the transaction with UNSAFE_TRANSACTION (connection.js
 * line 605), and the connection goes back to the pool with the transaction still open on the server, so unrelated
 * statements run inside it (porsager/postgres#823, #1189; unfixed in 3.4.9). Prepared statements made this
 * reachable: a connection running one is `busy` and takes pipelined statements, while an unprepared statement
 * with parameters (Parse first, then Bind) leaves its connection `full`, out of the pool's reach.
 * In a pool that runs only transactions no connection is ever `busy`: the pool itself only sends BEGINs, for which
 * execute() answers false (the hook returns nothing), and a transaction's other statements go straight to its
 * connection. So a BEGIN always goes to an idle connection (an open one, a new one, or the next to finish a
 * transaction): nothing pipelined on it, and its few bytes are buffered (connection.js write(): the socket is
 * written from 1 KiB), so the hook always runs. test/api/transactions.test.ts checks it under load.
 */
async function connectPostgres(
  url: string,
  max: number,
  logger: Logger,
  catalogLogger: Logger,
): Promise<Database> {
  const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] =
    await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
  const inTransactions = Math.max(1, Math.round(max * TRANSACTION_SHARE));
  const statements = postgres(url, { max: Math.max(1, max - inTransactions), onnotice: () => {} });
  const transactions = postgres(url, { max: inTransactions, onnotice: () => {} });
  // As many connections as the statement pool, so catalog traffic neither waits behind nor delays the rest.
  const catalogReads = postgres(url, {
    max: Math.max(1, max - inTransactions),
    onnotice: () => {},
    connection: CATALOG_READS,
  });
  const client = alwaysPrepare(statements, transactions);
  const db = drizzlePostgres(client, { schema, logger }) as unknown as Db;
  const catalogDb = drizzlePostgres(alwaysPrepare(catalogReads, transactions), {
    schema,
    logger: catalogLogger,
  }) as unknown as Db;
  // Drizzle has turned off postgres.js's parsing of the types it maps itself (dates, times, JSON) on the pool it
  // was given; the transaction pool reads and writes them the same way.
  Object.assign(transactions.options.parsers, statements.options.parsers);
  Object.assign(transactions.options.serializers, statements.options.serializers);
  return {
    db,
    catalogDb,
    kind: 'postgres',
    async migrate() {
      // One connection holds the lock while the pool migrates, so concurrent start-ups take turns.
      const lock = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      } finally {
        await lock.end();
      }
    },
    listen: (channel, events) => listenPostgres((options) => postgres(url, options), channel, events),
    close: async () => {
      await Promise.all([
        statements.end({ timeout: 5 }),
        transactions.end({ timeout: 5 }),
        catalogReads.end({ timeout: 5 }),
      ]);
    },
  };
}

/** Delay before the next attempt to listen again: 100 ms, doubling, at most 5 s. */
const relistenDelayMs = (attempt: number) => Math.min(5000, 100 * 2 ** attempt);

/**
 * LISTEN on a connection of its own, kept open (postgres.js closes no idle connection by default, and this one has no
 * lifetime), and opened and listened again whenever it is lost. postgres.js's own sql.listen re-listens once when its connection closes and, should that
 * attempt fail (PostgreSQL still restarting), gives up without a word; and it never says that it lost the
 * connection, while a listener that missed notifications must know (the page cache stops serving).
 */
async function listenPostgres(
  open: (options: Options<Record<string, never>>) => Sql,
  channel: string,
  events: ListenEvents,
): Promise<() => Promise<void>> {
  let state: 'listening' | 'subscribing' | 'waiting' | 'stopped' = 'subscribing';
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  // onnotify and onclose are postgres.js options its types leave out (sql.listen uses them itself).
  const sql = open({
    max: 1,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    onnotify: (name: string, payload: string) => {
      if (name === channel) events.notified(payload);
    },
    onclose: () => {
      // While subscribing, the LISTEN fails too, and subscribe() waits and tries again.
      if (state !== 'listening') return;
      events.listening(false);
      retry();
    },
  } as Options<Record<string, never>>);
  const retry = () => {
    state = 'waiting';
    timer = setTimeout(() => void subscribe(), relistenDelayMs(attempt++));
  };
  const subscribe = async () => {
    state = 'subscribing';
    try {
      await sql.unsafe(`listen "${channel.replace(/"/g, '""')}"`);
    } catch {
      if (state !== 'subscribing') return;
      events.listening(false);
      retry();
      return;
    }
    if (state !== 'subscribing') return;
    state = 'listening';
    attempt = 0;
    events.listening(true);
  };
  await subscribe();
  return async () => {
    state = 'stopped';
    clearTimeout(timer);
    await sql.end({ timeout: 1 });
  };
}

/** A postgres.js `sql` as these wrappers see it: statements through `unsafe`, savepoints in a transaction. */
type Client = { unsafe: (...args: never[]) => unknown; savepoint?: unknown };
type Unsafe = (query: string, params?: unknown[], options?: object) => unknown;
type Scoped = (...args: unknown[]) => unknown;

/**
 * Makes postgres.js send every statement as a named prepared statement, cached per connection by its text: after
 * the first use, a statement is one round trip (Bind, Execute) instead of two (Parse and Describe, then Bind and
 * Execute). Drizzle asks for that only for queries given a name with .prepare(name); this covers raw `sql`
 * statements and transactions too. The statement texts are parameterised, so their number stays bounded (and a
 * connection forgets them when it is recycled, after 30 to 60 minutes). Behind PgBouncer in transaction mode,
 * named statements need its max_prepared_statements setting.
 *
 * `sql` also gets the `begin` of `transactions` (see connectPostgres), with the same treatment for the statements
 * of a transaction and of its savepoints.
 */
function alwaysPrepare<T extends Client>(sql: T, transactions: Sql): T {
  prepareAll(sql);
  Object.assign(sql, { begin: inScope(transactions.begin as unknown as Scoped) });
  return sql;
}

/** Prepares every statement `sql` sends, and those of the savepoints taken from it. */
function prepareAll<T extends Client>(sql: T): T {
  const unsafe = sql.unsafe as unknown as Unsafe;
  Object.assign(sql, {
    unsafe: (query: string, params?: unknown[], options?: object) =>
      unsafe(query, params, { ...options, prepare: true }),
  });
  if (sql.savepoint) Object.assign(sql, { savepoint: inScope(sql.savepoint as Scoped) });
  return sql;
}

/**
 * `begin` or `savepoint` (options first, the callback last) with the callback's `sql` prepared by prepareAll, and
 * kept from answering postgres.js once its connection is lost.
 *
 * When the connection of a transaction is lost (PostgreSQL restarted, the backend terminated, the network cut),
 * postgres.js 3.4.9 rejects the transaction at once (begin races the work against the connection's close) and
 * its statement in flight. If the callback then rejects too, postgres.js sends ROLLBACK on the closed connection:
 * connection.js schedules the write with setImmediate and calls write() on a socket that is now null, a
 * TypeError thrown from a timer, which ends the whole process. So a callback that fails because its connection
 * is gone never settles: no ROLLBACK is sent (PostgreSQL has already rolled the transaction back), the caller
 * has its rejection from begin, and the pending callback is left to the garbage collector.
 */
function inScope(open: Scoped): Scoped {
  return (...args: unknown[]) => {
    const fn = args.pop() as (sql: Client) => unknown;
    return open(...args, async (sql: Client) => {
      try {
        return await fn(prepareAll(sql));
      } catch (error) {
        if (isConnectionLost(error)) return new Promise(() => {});
        throw error;
      }
    });
  };
}

/**
 * The connection under the statement is gone: postgres.js's own connection errors, a socket error, or PostgreSQL
 * ending the session (class 57P: administrator command, crash or shutdown; class 08: connection exception). Also
 * through Drizzle's wrapping error (its cause).
 */
export function isConnectionLost(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (cause && cause !== error && isConnectionLost(cause)) return true;
  if (typeof code !== 'string') return false;
  return (
    ['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'ECONNRESET', 'EPIPE'].includes(code) ||
    code.startsWith('57P') ||
    code.startsWith('08')
  );
}

/** Runs a raw query and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
