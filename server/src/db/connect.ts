import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
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
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.maxConnections ?? 10);
  return connectPglite(options.dataDir, options.loadDataDir);
}

async function connectPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm }, loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

async function connectPostgres(url: string, max: number): Promise<Database> {
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
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
