/**
 * Forcing an interleaving on PostgreSQL (docs/architecture.md#lock-order): a transaction of the test's own holds what a
 * concurrent write would hold; the app's calls start one by one, each once the ones before it wait for a lock, as
 * PostgreSQL says (pg_stat_activity: a state, polled; never a fixed time); then the transaction commits. So a test
 * reaches the order of events it means every time, not once in a while.
 */
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { type Db, queryRows } from '../../server/src/db/connect';

/** How many backends of the database `db` reaches wait for a lock now. */
export async function waitingForLocks(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}

/**
 * Holds what `hold` locks in a transaction of `holder`'s; starts each of `calls` in turn, each once every call before
 * it waits for a lock; then commits, and answers how each call settled.
 */
export async function raced<T extends unknown[]>(
  db: Db,
  holder: postgres.Sql,
  hold: (sql: postgres.TransactionSql) => Promise<unknown>,
  calls: { [K in keyof T]: () => Promise<T[K]> },
): Promise<{ [K in keyof T]: PromiseSettledResult<T[K]> }> {
  let release!: () => void;
  let held!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const holding = new Promise<void>((r) => {
    held = r;
  });
  const transaction = holder.begin(async (tx) => {
    await hold(tx);
    held();
    await released;
  });
  await holding;
  const started: Promise<unknown>[] = [];
  try {
    for (const call of calls) {
      started.push(call());
      while ((await waitingForLocks(db)) < started.length) await new Promise((r) => setImmediate(r));
    }
  } finally {
    release();
  }
  await transaction;
  return (await Promise.allSettled(started)) as { [K in keyof T]: PromiseSettledResult<T[K]> };
}

/** The answer of a call that settled; its error, thrown, if it failed. */
export function answerOf<T>(settled: PromiseSettledResult<T>): T {
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}
