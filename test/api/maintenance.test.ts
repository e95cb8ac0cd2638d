import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { createTestApp, type TestApp } from '../support/app';

// The hourly maintenance (app.ts): each step runs whatever the steps before it did. Before, a step that threw (the
// unpaid window's pass, on a deadlock) ended the run, and the steps after it (the photo sweep) waited an hour.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('runs the steps after one that fails, and then says which failed', async () => {
  // A stored rendition nothing names, past the hour an upload may take: the photo sweep, the last step, deletes it.
  const key = `${randomBytes(32).toString('hex')}.webp`;
  await t.database.db.execute(
    sql`insert into photo_objects (key, created_at) values (${key}, now() - interval '2 hours')`,
  );
  // The unpaid window's pass fails: the table it reads first is not there.
  await t.database.db.execute(sql`alter table payments rename to payments_elsewhere`);
  let failure: unknown;
  try {
    await t.maintenance().catch((err: unknown) => {
      failure = err;
    });
  } finally {
    await t.database.db.execute(sql`alter table payments_elsewhere rename to payments`);
  }
  const [left] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from photo_objects where key = ${key}`,
  );
  expect(left?.n).toBe(0);
  expect(failure).toBeInstanceOf(AggregateError);
  expect((failure as AggregateError).message).toBe('maintenance: the unpaid window failed');
  expect((failure as AggregateError).errors).toHaveLength(1);
  // And with the table back, a run fails nothing.
  await t.maintenance();
});
