import type { CancelledBy, Carrier, DeliveredBy } from '@domain/orders/shipments';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/connect';
import { shopName } from '../../db/names';
import type { RowOf } from '../../db/rows';
import { orderItems, products, shipments } from '../../db/schema';
import { cancelledNotice, deliveredNotice, notify, shippedNotice } from '../notifications';
import { hideUnbackedReviews } from '../reviews';

export const SHIPMENT_NOT_FOUND = 'Shipment not found';
export const ORDER_CANCELLED = 'This order is already cancelled';
export const ORDER_SHIPPED = 'This order has shipped and can no longer be cancelled';
export const SHIPMENT_CANCELLED = 'This shipment is already cancelled';
export const SHIPMENT_SHIPPED = 'This shipment has shipped and can no longer be cancelled';
export const NOT_SHIPPED_YET = 'This shipment has not shipped yet';
export const SHIPMENT_WAS_CANCELLED = 'This shipment was cancelled';

/**
 * Locks the order `where` picks (a condition on orders) and answers its id and buyer, or null when none matches.
 * Every change to an order or its shipments takes this lock first, whoever acts (the buyer, the seller, a payment
 * event, the unpaid window), then lockShipments: the lock order of docs/architecture.md#lock-order. FOR NO KEY UPDATE,
 * not FOR UPDATE: it keeps out every other change to the order as well, but not the FOR KEY SHARE that an insert
 * referencing the order takes (a notification, a ledger entry, of a transaction that does not lock the order), which
 * FOR UPDATE would make wait (docs/decisions/0026-lock-order-and-held-stock.md).
 */
export async function lockOrder(tx: Tx, where: SQL): Promise<{ id: number; buyerId: number } | null> {
  const [order] = await queryRows<{ id: number; buyerId: number }>(
    tx,
    sql`select id, user_id as "buyerId" from orders where ${where} for no key update`,
  );
  return order ?? null;
}

/**
 * Locks the shipments `where` picks (a condition on shipments), in id order, and answers their id, status and
 * order. Every change to a shipment takes this lock, after its order's (lockOrder), so a seller shipping and a buyer
 * cancelling the same shipment run one after the other and the second sees the first's result. FOR NO KEY UPDATE, as
 * lockOrder, so an insert referencing a shipment (a notification, a ledger entry) never waits for it.
 */
export async function lockShipments(
  tx: Tx,
  where: SQL,
): Promise<Array<RowOf<typeof shipments, 'id' | 'status' | 'orderId' | 'sellerId'>>> {
  return queryRows(
    tx,
    sql`select id, status, order_id as "orderId", seller_id as "sellerId" from shipments
        where ${where} order by id for no key update`,
  );
}

/**
 * Cancels pending shipments of one buyer's order whose rows the caller has locked (lockShipments): their units go
 * back in stock (the listings locked in id order, as checkout locks them), the buyer's reviews that no other
 * standing purchase backs are hidden, and the other side is told. No money moves here: a caller cancelling parts
 * that may be paid queues their refunds itself (queueRefundsForCancelledShipments, in the payments module).
 */
export async function cancelShipments(
  tx: Tx,
  buyerId: number,
  shipmentIds: number[],
  by: CancelledBy,
  reason: string | null,
  at: Date,
): Promise<void> {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.shipmentId, shipmentIds))
    .orderBy(asc(orderItems.productId));
  const productIds = [...new Set(lines.map((l) => l.productId))];
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
  for (const l of lines) await adjustStock(tx, l.productId, l.quantity);
  await tx
    .update(shipments)
    .set({ status: 'cancelled', cancelledAt: at, cancelledBy: by, cancelReason: reason })
    .where(inArray(shipments.id, shipmentIds));
  // A review needs a purchase that still stands: this cancel may have taken the buyer's last one.
  await hideUnbackedReviews(tx, buyerId, productIds);
  // The other side is told: the seller when the buyer cancelled, the buyer when the seller did; both when the
  // marketplace did (the part was not paid in time).
  const parties = await partiesOf(tx, shipmentIds);
  await notify(
    tx,
    parties.flatMap((p) => {
      const about = { orderId: p.orderId, shipmentId: p.id, by, reason };
      if (by === 'system')
        return [
          cancelledNotice({ ...about, to: p.buyerId, from: null, name: p.seller, toBuyer: true }),
          cancelledNotice({ ...about, to: p.sellerId, from: null, name: p.buyer, toBuyer: false }),
        ];
      return [
        cancelledNotice({
          ...about,
          to: by === 'buyer' ? p.sellerId : p.buyerId,
          from: by === 'buyer' ? p.buyerId : p.sellerId,
          name: by === 'buyer' ? p.buyer : p.seller,
        }),
      ];
    }),
  );
}

/** Who is on each side of these shipments, with their tracking: for the notifications of a change. */
export async function partiesOf(tx: Tx, shipmentIds: number[]) {
  return queryRows<{
    id: number;
    orderId: number;
    sellerId: number;
    seller: string;
    buyerId: number;
    buyer: string;
    carrier: Carrier | null;
    trackingNumber: string | null;
  }>(
    tx,
    sql`select s.id, s.order_id as "orderId", s.seller_id as "sellerId", ${shopName(sql`su`)} as seller,
               o.user_id as "buyerId", bu.username as buyer, s.carrier, s.tracking_number as "trackingNumber"
        from shipments s
        join orders o on o.id = s.order_id
        join users su on su.id = s.seller_id
        join users bu on bu.id = o.user_id
        where s.id in (${sql.join(
          shipmentIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
        order by s.id`,
  );
}

/** Tells the buyer that these shipments left, with their tracking. */
export async function notifyShipped(tx: Tx, shipmentIds: number[]): Promise<void> {
  const parties = await partiesOf(tx, shipmentIds);
  await notify(
    tx,
    parties.map((p) =>
      shippedNotice({
        buyerId: p.buyerId,
        sellerId: p.sellerId,
        orderId: p.orderId,
        shipmentId: p.id,
        seller: p.seller,
        carrier: p.carrier,
        trackingNumber: p.trackingNumber,
      }),
    ),
  );
}

/**
 * Tells each seller that these shipments arrived (the buyer said so, or the 14-day rule did). No money moves here:
 * the caller queues the transfers the nurseries are owed (queueTransfersForDeliveredShipments, in the payments module).
 */
export async function notifyDelivered(tx: Tx, shipmentIds: number[], by: DeliveredBy): Promise<void> {
  if (shipmentIds.length === 0) return;
  const parties = await partiesOf(tx, shipmentIds);
  await notify(
    tx,
    parties.map((p) =>
      deliveredNotice({
        sellerId: p.sellerId,
        buyerId: p.buyerId,
        orderId: p.orderId,
        shipmentId: p.id,
        buyer: p.buyer,
        by,
      }),
    ),
  );
}

/**
 * Moves a listing's stock by `delta` units (negative when sold) and its units sold the other way. A sale that
 * takes the last unit turns inStock off; units coming back to a sold-out listing turn it on again (a listing its
 * seller took off sale stays off). The caller holds the row lock.
 */
async function adjustStock(tx: Tx, productId: number, delta: number): Promise<void> {
  await tx
    .update(products)
    .set({
      quantity: sql`${products.quantity} + ${delta}`,
      inStock: sql`(${products.inStock} or ${products.quantity} = 0) and ${products.quantity} + ${delta} > 0`,
      unitsSold: sql`greatest(${products.unitsSold} - ${delta}, 0)`,
    })
    .where(eq(products.id, productId));
}
