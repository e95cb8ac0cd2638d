import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { cancelShipments, lockOrder, lockShipments } from './shipment-changes';

/** The reason a part cancelled for want of payment shows (docs/product.md#payments). */
export const NOT_PAID_IN_TIME = 'The payment did not arrive in time.';

/** How many orders one pass looks at; the next pass takes the rest. */
const BATCH = 100;

/**
 * The unpaid window (docs/decisions/0034-one-owner-for-money.md#the-moneys-way-told-once): a part of an order whose
 * money has not come in when its payment's window ends is cancelled by the marketplace (`cancelled_by = 'system'`),
 * its units put back on sale, and the buyer and the nursery told. A part paid meanwhile, even a moment before, is
 * left alone.
 */
export class PaymentWindow {
  constructor(
    private readonly db: Db,
    /** The time the window is measured against; a test may control it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * One pass: cancels the unpaid parts of the orders whose window ended by `now`, one order per transaction (its
   * order, then its shipments, then their listings locked, as a buyer's cancel locks them). Two instances running it
   * at once cancel each part once: the second waits on the order, then finds nothing unpaid left. Answers how many
   * parts it cancelled; rejects, once every order due was tried, when some could not be.
   */
  async expireUnpaid(now: Date = this.now()): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const due = await queryRows<{ orderId: number }>(
      this.db,
      sql`select distinct s.order_id as "orderId"
          from shipments s
          join payments p on p.order_id = s.order_id
          join shipment_settlements ss on ss.shipment_id = s.id
          where s.status = 'pending' and ss.paid_at is null and p.expires_at <= ${at}
          order by s.order_id
          limit ${BATCH}`,
    );
    // An order whose transaction fails does not keep the ones after it waiting for the next pass: the pass goes on,
    // then fails naming it (maintenance logs that), and the next pass tries it again.
    let cancelled = 0;
    const failed: Array<{ orderId: number; err: unknown }> = [];
    for (const { orderId } of due) {
      try {
        cancelled += await this.expireOrder(orderId, at, now);
      } catch (err) {
        failed.push({ orderId, err });
      }
    }
    if (failed.length > 0)
      throw new AggregateError(
        failed.map((f) => f.err),
        `the unpaid window could not cancel the unpaid parts of ${failed.map((f) => `order #${f.orderId}`).join(', ')}`,
      );
    return cancelled;
  }

  private expireOrder(orderId: number, at: SQL, now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, sql`id = ${orderId}`);
      if (!order) return 0;
      await lockShipments(tx, sql`order_id = ${orderId}`);
      return cancelUnpaid(tx, { id: orderId, buyerId: order.buyerId }, now, at);
    });
  }
}

/**
 * Cancels the parts of an order not paid yet (`cancelled_by = 'system'`, their units back on sale, the buyer and the
 * nurseries told), whose order and shipments the caller has locked (the order, then lockShipments). With `dueBy`,
 * only when the payment's window ended by then (the window's pass); without, now whatever the window (an expired
 * Stripe Checkout Session: PaymentEvents). Read after the locks, in a statement of its own: a part marked paid while
 * the caller waited is seen as paid and left alone. Answers how many parts it cancelled.
 */
export async function cancelUnpaid(
  tx: Tx,
  order: { id: number; buyerId: number },
  now: Date,
  dueBy: SQL | null = null,
): Promise<number> {
  const unpaid = await queryRows<{ id: number }>(
    tx,
    sql`select s.id from shipments s
        join payments p on p.order_id = s.order_id
        join shipment_settlements ss on ss.shipment_id = s.id
        where s.order_id = ${order.id} and s.status = 'pending' and ss.paid_at is null
          ${dueBy ? sql`and p.expires_at <= ${dueBy}` : sql``}
        order by s.id`,
  );
  if (unpaid.length === 0) return 0;
  // Unpaid, read so under the locks: no refund falls due (queueRefundsForCancelledShipments would find none).
  await cancelShipments(
    tx,
    order.buyerId,
    unpaid.map((u) => u.id),
    'system',
    NOT_PAID_IN_TIME,
    now,
  );
  return unpaid.length;
}
