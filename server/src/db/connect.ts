import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
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
  /** PostgreSQL pool size. */
  maxConnections?: number;
  /** Called with every query Drizzle sends (the bench uses it to EXPLAIN what the API runs). */
  logQuery?: (query: string, params: unknown[]) => void;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.maxConnections ?? 10, logger);
  return connectPglite(options.dataDir, options.loadDataDir, logger);
}

// Each driver is loaded only when used: start-up time matters (DESIGN section 7).
type Logger = { logQuery(query: string, params: unknown[]): void } | undefined;

async function connectPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  logger: Logger,
): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm }, loadDataDir });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

async function connectPostgres(url: string, max: number, logger: Logger): Promise<Database> {
  const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] =
    await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/migrator'),
    ]);
  const client = postgres(url, {
    max,
    onnotice: () => {},
  });
  const db = drizzlePostgres(client, { schema, logger }) as unknown as Db;
  return {
    db,
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
    close: () => client.end({ timeout: 5 }),
  };
}

/** Runs a raw query and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
