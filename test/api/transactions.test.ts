/**
 * Transactions on PostgreSQL while the statement pool pipelines (docs/decisions/0007-prepared-statements.md):
 * postgres.js 3.4.9 loses the reservation of a transaction's connection when its BEGIN is pipelined onto a busy
 * connection and fills that connection's pipeline (100 statements); the transaction then fails with
 * UNSAFE_TRANSACTION and its connection goes back to the pool still inside it. Here hundreds of statements wait
 * for 4 connections the whole time, with transactions among them.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, isConnectionLost, queryRows, type Tx } from '../../server/src/db/connect';
import { adminUrl, createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/database';

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
    // Until 150 transactions have run (not for a fixed time, so a busy machine changes only how long it takes).
    const TRANSACTIONS = 150;
    let done = false;
    const alone: string[] = [];
    const together: [string, string][] = [];
    const failures: unknown[] = [];
    const statements = async (n: number) => {
      while (!done) alone.push(await txid(db, n));
    };
    const transactions = async (n: number) => {
      while (together.length + failures.length < TRANSACTIONS) {
        await db
          .transaction(async (tx) => [await txid(tx, n), await txid(tx, n)] as [string, string])
          .then(
            (ids) => together.push(ids),
            (err) => failures.push(err),
          );
      }
    };
    const load = Array.from({ length: 800 }, (_, n) => statements(n));
    await Promise.all(Array.from({ length: 50 }, (_, n) => transactions(n)));
    done = true;
    await Promise.all(load);
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

  it('fail, and leave the process running, when PostgreSQL drops their connections mid-transaction', async () => {
    const { db } = database;
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      db,
      sql`select current_database() as name`,
    );
    const until = Date.now() + 2500;
    let committed = 0;
    const lost: unknown[] = [];
    const other: unknown[] = [];
    const transactions = async (n: number) => {
      while (Date.now() < until) {
        await db
          .transaction(async (tx) => {
            await txid(tx, n);
            await tx.execute(sql`select pg_sleep(0.01)`);
            return txid(tx, n);
          })
          .then(
            () => committed++,
            (err) => (isConnectionLost(err) ? lost : other).push(err),
          );
      }
    };
    // The backends are terminated until half a second before the end, so the last check below does not race a
    // termination still under way (which would fail it, correctly, as a lost connection).
    const terminate = async () => {
      while (Date.now() < until - 500) {
        await new Promise((r) => setTimeout(r, 300));
        await admin`select pg_terminate_backend(pid) from pg_stat_activity
                    where datname = ${name} and pid <> pg_backend_pid()`;
      }
    };
    try {
      await Promise.all([...Array.from({ length: 10 }, (_, n) => transactions(n)), terminate()]);
    } finally {
      await admin.end();
    }
    // Had postgres.js sent its ROLLBACK to a closed socket, this worker would have died of an uncaught TypeError.
    expect(other).toEqual([]);
    expect(lost.length).toBeGreaterThan(0);
    expect(committed).toBeGreaterThan(0);
    // And the pool serves again: a new transaction commits.
    expect(await db.transaction((tx) => txid(tx, 0))).toMatch(/^\d+$/);
  });
});
