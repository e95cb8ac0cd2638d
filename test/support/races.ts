/**
 * Forcing an interleaving on PostgreSQL (docs/architecture.md#lock-order): a transaction of the test's own holds what a
 * concurrent write would hold; the app's calls start one by one, each once the ones before it wait for a lock, as
 * PostgreSQL says (pg_stat_activity: a state, polled; never a fixed time); then the transaction commits. So a test
 * reaches the order of events it means every time, not once in a while.
 */
import { inspect } from 'node:util';
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
 * it waits for a lock; runs `meanwhile` (if any) once they all wait; then commits, and answers how each call settled.
 * A call that settles before it waits for a lock fails the race with what it answered: the test did not reach the
 * interleaving it is about.
 */
export async function raced<T extends unknown[]>(
  db: Db,
  holder: postgres.Sql,
  hold: (sql: postgres.TransactionSql) => Promise<unknown>,
  calls: { [K in keyof T]: () => Promise<T[K]> },
  { meanwhile }: { meanwhile?: () => Promise<unknown> } = {},
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
      const answer = call();
      let settled = false;
      answer.then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
      started.push(answer);
      while ((await waitingForLocks(db)) < started.length) {
        if (settled) {
          const [outcome] = await Promise.allSettled([answer]);
          throw new Error(
            `call ${started.length} of ${calls.length} settled without waiting for a lock: ${inspect(outcome)}`,
          );
        }
        await new Promise((r) => setImmediate(r));
      }
    }
    await meanwhile?.();
  } finally {
    release();
  }
  await transaction;
  return (await Promise.allSettled(started)) as { [K in keyof T]: PromiseSettledResult<T[K]> };
}

/**
 * `raced` with one call: holds what `hold` locks until `call` waits for it (and `meanwhile`, if any, has run), then
 * commits, and answers what the call answered (its error, thrown, if it failed).
 */
export async function whileHeld<T>(
  db: Db,
  holder: postgres.Sql,
  hold: (sql: postgres.TransactionSql) => Promise<unknown>,
  call: () => Promise<T>,
  options: { meanwhile?: () => Promise<unknown> } = {},
): Promise<T> {
  const [answer] = await raced<[T]>(db, holder, hold, [call], options);
  return answerOf(answer);
}

/** The answer of a call that settled; its error, thrown, if it failed. */
export function answerOf<T>(settled: PromiseSettledResult<T>): T {
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}
