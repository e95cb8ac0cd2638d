/**
 * Test databases: one migrated template per test run, cloned for each test file.
 * - PGlite (default): the template is a data-dir dump loaded into a new in-memory PGlite (under 1 s, not 4-5 s).
 * - PostgreSQL (TEST_DB=postgres, TEST_DATABASE_URL=postgres://…): the template is a database that each
 *   test file copies with CREATE DATABASE … TEMPLATE, then drops.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { connect, type Database } from '../../server/src/db/connect';

export const TEMPLATE_DUMP_ENV = 'DFM_TEST_PGLITE_TEMPLATE';
export const TEMPLATE_DB_ENV = 'DFM_TEST_PG_TEMPLATE';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase extends Database {
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
  /** PostgreSQL only: the database's URL, for a second connection to it (a second app instance). */
  url?: string;
}

/** A fresh, migrated, empty database for one test file. */
export async function createTestDatabase(options: { maxConnections?: number } = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') {
    const template = process.env[TEMPLATE_DB_ENV];
    if (!template)
      throw new Error('The PostgreSQL template was not created: run through vitest (globalSetup).');
    const name = uniqueName('dfm_test');
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database "${name}" template "${template}"`);
    } finally {
      await admin.end();
    }
    const database = await connect({
      databaseUrl: databaseUrl(name),
      maxConnections: options.maxConnections ?? 10,
    });
    return {
      ...database,
      url: databaseUrl(name),
      async destroy() {
        await database.close();
        const a = postgres(adminUrl(), { max: 1, onnotice: () => {} });
        try {
          await a.unsafe(`drop database if exists "${name}" with (force)`);
        } finally {
          await a.end();
        }
      },
    };
  }

  const dumpPath = process.env[TEMPLATE_DUMP_ENV];
  const database = dumpPath
    ? await connect({ loadDataDir: new Blob([await readFile(dumpPath)]) })
    : await connect({});
  if (!dumpPath) await database.migrate();
  return { ...database, destroy: () => database.close() };
}
