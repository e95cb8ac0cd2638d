/**
 * Transactions on PostgreSQL while the statement pool pipelines (docs/decisions/2026-11-22-prepared-statements.md):
 * postgres.js 3.4.9 loses the reservation of a transaction's connection when its BEGIN is pipelined onto a busy
 * connection and fills that connection's pipeline (100 statements); the transaction then fails with
 * UNSAFE_TRANSACTION and its connection goes back to the pool still inside it. Here hundreds of statements wait
 * for 4 connections the whole time, with transactions among them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows, type Tx } from '../../server/src/db/connect';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/database';

/** The server's id for the transaction a statement runs in (txid_current gives any transaction one). */
async function txid(run: Db | Tx, n: number): Promise<string> {
  const [row] = await queryRows<{ txid: string }>(
    run,
    sql`select txid_current()::text as txid, ${n}::int as n`,
  );
  return row?.txid as string;
}

describe.skipIf(testDatabaseKind() !== 'postgres')('transactions under a pipelined load', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 4 });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('run each in a transaction of its own, never shared with other statements, and leave none open', async () => {
    const { db } = database;
    const until = Date.now() + 2000;
    const alone: string[] = [];
    const together: [string, string][] = [];
    const failures: unknown[] = [];
    const statements = async (n: number) => {
      while (Date.now() < until) alone.push(await txid(db, n));
    };
    const transactions = async (n: number) => {
      while (Date.now() < until) {
        await db
          .transaction(async (tx) => [await txid(tx, n), await txid(tx, n)] as [string, string])
          .then(
            (ids) => together.push(ids),
            (err) => failures.push(err),
          );
      }
    };
    await Promise.all([
      ...Array.from({ length: 800 }, (_, n) => statements(n)),
      ...Array.from({ length: 50 }, (_, n) => transactions(n)),
    ]);
    expect(failures).toEqual([]);
    expect(together.length).toBeGreaterThan(100);
    for (const [first, second] of together) expect(second).toBe(first);
    const all = [...alone, ...together.map(([first]) => first)];
    expect(new Set(all).size).toBe(all.length);
    const [open] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(open?.n).toBe(0);
  });
});
