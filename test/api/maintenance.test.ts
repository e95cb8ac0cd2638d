import { randomBytes } from 'node:crypto';
import type { Order } from '@domain/orders/responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { PaymentWindow } from '../../server/src/modules/orders/payment-window';
import { createTestApp, type TestApp } from '../support/app';
import { addToCart, checkOut, signUpBuyer, signUpNursery } from '../support/fixtures';

// The hourly maintenance (app.ts): each step runs whatever the steps before it did, and the unpaid window's pass each
// order whatever the orders before it did. Before, a step that threw (the unpaid window's pass, on a deadlock) ended
// the run, and the steps after it (the photo sweep) and the orders after it waited an hour.
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

it('cancels the unpaid orders after one whose cancel fails, and then says which failed', async () => {
  const { listing } = await signUpNursery(t, { listing: { title: 'Window cutting' } });
  const { client: buyer } = await signUpBuyer(t);
  const placed: Order[] = [];
  for (let n = 0; n < 2; n++) {
    await addToCart(buyer, [listing]);
    placed.push(await checkOut(buyer));
  }
  const [first, second] = placed as [Order, Order];
  const firstShipment = first.shipments[0]?.id as number;
  // The first order's cancel fails (a trigger refuses its shipment's change); the second's must still go through.
  await t.database.db.execute(
    sql.raw(`create function refuse_shipment_change() returns trigger language plpgsql as $$
             begin raise exception 'refused for the test'; end $$`),
  );
  await t.database.db.execute(
    sql.raw(`create trigger refuse_shipment_change before update on shipments
             for each row when (old.id = ${firstShipment}) execute function refuse_shipment_change()`),
  );
  const later = new Date(Date.now() + (t.config.payments.windowHours + 1) * 60 * 60 * 1000);
  let failure: unknown;
  try {
    await new PaymentWindow(t.database.db, () => later).expireUnpaid().catch((err: unknown) => {
      failure = err;
    });
  } finally {
    await t.database.db.execute(sql.raw('drop trigger refuse_shipment_change on shipments'));
    await t.database.db.execute(sql.raw('drop function refuse_shipment_change()'));
  }
  const statuses = await queryRows<{ id: number; status: string }>(
    t.database.db,
    sql`select order_id as id, status from shipments where order_id in (${first.id}, ${second.id}) order by order_id`,
  );
  expect(statuses).toEqual([
    { id: first.id, status: 'pending' },
    { id: second.id, status: 'cancelled' },
  ]);
  expect((failure as Error).message).toBe(
    `the unpaid window could not cancel the unpaid parts of order #${first.id}`,
  );
  // The next pass, the refusal gone, cancels it.
  expect(await new PaymentWindow(t.database.db, () => later).expireUnpaid()).toBe(1);
});
