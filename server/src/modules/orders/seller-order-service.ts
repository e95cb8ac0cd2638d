import { botanicalName } from '@domain/constants';
import { fromCents } from '@domain/money';
import type {
  SellerOrderLine,
  SellerShipment,
  SellerShipmentLine,
  SellerShipmentPage,
} from '@domain/orders/responses';
import { SELLER_SHIPMENTS_PAGE_SIZE } from '@domain/orders/schemas';
import {
  AUTO_DELIVER_DAYS,
  type Carrier,
  orderStatus,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from '@domain/orders/shipments';
import type { MoneyJobState, PaymentProviderId } from '@domain/payments';
import {
  CERTIFICATE_LABELS,
  type CertificateKind,
  firstShipDay,
  type IsoDate,
  monthDay,
  type ShipDay,
  shippingToday,
} from '@domain/shipping';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { shopName } from '../../db/names';
import type { ColumnOf, RowOf } from '../../db/rows';
import { orderItems, type orders, products, shipments, type users } from '../../db/schema';
import { Conflict, NotFound } from '../../errors';
import { holdReleasedNotices, notify, paymentReceivedNotice, reminderNotice } from '../notifications';
import {
  capabilitiesOf,
  isPaid,
  queueRefundsForCancelledShipments,
  queueTransfersForDeliveredShipments,
  recordPaymentReceived,
  shipmentPaymentView,
} from '../payments';
import { type ReturnAddressColumns, returnAddressOf, returnAddressSelect } from '../shipping';
import { SHIP_TO_SELECT, type ShipToColumns, shipmentFacts, shipToOf } from './order-read';
import {
  cancelShipments,
  lockOrder,
  lockShipments,
  notifyDelivered,
  notifyShipped,
  SHIPMENT_CANCELLED,
  SHIPMENT_NOT_FOUND,
  SHIPMENT_SHIPPED,
  SHIPMENT_WAS_CANCELLED,
} from './shipment-changes';

export const ORDER_LINE_NOT_FOUND = 'Order line not found';
/** The 409 of both ship calls for a shipment whose money has not come in. */
export const NOT_PAID_YET = 'This order is not paid yet';
/** The 409 of "Payment received" when the buyer pays the marketplace by card: the card processor says it, not the seller. */
export const PAID_BY_CARD =
  'This order is paid by card: the marketplace marks it paid when the payment goes through';

const DAY_MS = 24 * 60 * 60 * 1000;

type ShipmentReadRow = typeof shipments.$inferSelect &
  Pick<typeof orders.$inferSelect, 'note'> &
  ShipToColumns &
  ReturnAddressColumns & {
    buyer: string;
    licence: string | null;
    shipperName: string;
    provider: PaymentProviderId;
    grossCents: number;
    shippingCents: number;
    paidAt: Date | string | null;
    refundState: MoneyJobState;
    transferState: MoneyJobState;
    refundedAt: Date | string | null;
    refundNote: string | null;
    instructions: string | null;
  };

/**
 * A seller's side of the orders: its shipments (one per order it has lines in), shipping them with tracking,
 * cancelling them with a reason, and the spec's order lines. Another seller's shipment or line is 404 and stays
 * unchanged. Also the rule that marks a shipment delivered AUTO_DELIVER_DAYS after it shipped.
 */
export class SellerOrderService {
  constructor(
    private readonly db: Db,
    /** The time a shipment's step is stamped with; a test may control it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * One page of the seller's shipments in a status (to ship: oldest order first; the others newest first), and
   * how many shipments each status has.
   */
  async shipments(sellerId: number, status: ShipmentStatus, page: number): Promise<SellerShipmentPage> {
    const oldestFirst = status === 'pending';
    const [countRows, rows] = await Promise.all([
      queryRows<{ status: ShipmentStatus; n: number }>(
        this.db,
        sql`select status, count(*)::int as n from shipments where seller_id = ${sellerId} group by status`,
      ),
      this.readShipments(
        sql`s.seller_id = ${sellerId} and s.status = ${status}`,
        oldestFirst ? sql`s.created_at, s.id` : sql`s.created_at desc, s.id desc`,
        sql`limit ${SELLER_SHIPMENTS_PAGE_SIZE} offset ${(page - 1) * SELLER_SHIPMENTS_PAGE_SIZE}`,
      ),
    ]);
    const counts = Object.fromEntries(SHIPMENT_STATUSES.map((s) => [s, 0])) as Record<ShipmentStatus, number>;
    for (const c of countRows) counts[c.status] = c.n;
    return { status, counts, shipments: rows, page, total: counts[status] };
  }

  /** One of the seller's shipments, as its packing slip shows it; 404 for another seller's. */
  async shipment(sellerId: number, id: number): Promise<SellerShipment> {
    const [found] = await this.readShipments(
      sql`s.id = ${id} and s.seller_id = ${sellerId}`,
      sql`s.id`,
      sql``,
    );
    if (!found) throw new NotFound(SHIPMENT_NOT_FOUND);
    return found;
  }

  /**
   * Marks one of the seller's shipments shipped with its carrier and tracking number (checked by the route's
   * schema). Shipping it again corrects the carrier and number and keeps the time it shipped; a cancelled
   * shipment is 409, and so is a delivered one.
   */
  async ship(
    sellerId: number,
    id: number,
    tracking: { carrier: Carrier | null; trackingNumber: string | null },
  ): Promise<SellerShipment> {
    await this.db.transaction(async (tx) => {
      const part = await this.lockOwn(tx, sellerId, id);
      if (part.status === 'cancelled') throw new Conflict(SHIPMENT_WAS_CANCELLED);
      if (part.status === 'delivered') throw new Conflict('This shipment was delivered');
      const shipped = await tx
        .update(shipments)
        .set({
          status: 'shipped',
          carrier: tracking.carrier,
          trackingNumber: tracking.trackingNumber,
          shippedAt: part.status === 'pending' ? this.now() : undefined,
        })
        .where(and(eq(shipments.id, id), isPaid(sql`${shipments.id}`)))
        .returning({ id: shipments.id });
      if (shipped.length === 0) throw new Conflict(NOT_PAID_YET);
      // The buyer hears of it once; a corrected number shows on their order page.
      if (part.status === 'pending') await notifyShipped(tx, [id]);
    });
    return this.shipment(sellerId, id);
  }

  /**
   * Cancels one of the seller's shipments that has not shipped, with a reason the buyer sees: units back in stock
   * in the same transaction. 409 when it has shipped or is already cancelled.
   */
  async cancel(sellerId: number, id: number, reason: string | null): Promise<SellerShipment> {
    await this.db.transaction(async (tx) => {
      const part = await this.lockOwn(tx, sellerId, id);
      if (part.status === 'cancelled') throw new Conflict(SHIPMENT_CANCELLED);
      if (part.status !== 'pending') throw new Conflict(SHIPMENT_SHIPPED);
      await cancelShipments(tx, part.buyerId, [id], 'seller', reason, this.now());
      // What the buyer paid the marketplace for the part goes back: its refund falls due with the cancel.
      await queueRefundsForCancelledShipments(tx, [id]);
    });
    return this.shipment(sellerId, id);
  }

  /**
   * The seller says the buyer's payment for its shipment arrived (the buyer pays it directly under the default
   * provider): the shipment is paid from now, may ship, and the ledger records what the nursery received; the buyer
   * is told. Saying it again changes nothing. A cancelled shipment is 409, and so is one of an order paid by card
   * (Stripe's events mark those). The amount is the shipment's, fixed at checkout: the seller never sends one.
   */
  async paymentReceived(sellerId: number, id: number): Promise<SellerShipment> {
    await this.db.transaction(async (tx) => {
      const part = await this.lockOwn(tx, sellerId, id);
      if (part.status === 'cancelled') throw new Conflict(SHIPMENT_WAS_CANCELLED);
      // Read after the lock, in a statement of its own, so a stamp committed while this waited is seen.
      const stamp = await recordPaymentReceived(tx, id, this.now());
      if (!stamp) throw new NotFound(SHIPMENT_NOT_FOUND);
      if (!capabilitiesOf(stamp.provider).paysNurseryDirectly) throw new Conflict(PAID_BY_CARD);
      if (stamp.stampedCents === null) return;
      await notify(tx, [
        paymentReceivedNotice({
          buyerId: stamp.buyerId,
          sellerId,
          orderId: stamp.orderId,
          shipmentId: id,
          payee: stamp.payee,
          amount: fromCents(stamp.stampedCents),
        }),
      ]);
    });
    return this.shipment(sellerId, id);
  }

  /**
   * Marks delivered every shipment that shipped AUTO_DELIVER_DAYS or more before `now` and that the buyer has not
   * confirmed, and tells each seller, in one transaction. Run by two instances at once, each shipment is changed
   * (and its seller told) by one of them: the other's UPDATE waits on the row, re-checks it, finds it delivered and
   * skips it. Answers how many it marked.
   */
  async deliverUnconfirmed(now: Date = this.now()): Promise<number> {
    const due = new Date(now.getTime() - AUTO_DELIVER_DAYS * DAY_MS);
    return this.db.transaction(async (tx) => {
      const marked = await queryRows<{ id: number }>(
        tx,
        sql`update shipments set status = 'delivered', delivered_at = ${now.toISOString()}::timestamptz,
                   delivered_by = 'auto'
            where status = 'shipped' and shipped_at <= ${due.toISOString()}::timestamptz
            returning id`,
      );
      const delivered = marked.map((m) => m.id);
      // Each nursery paid through the marketplace is owed its part: its transfer falls due with the delivery.
      await queueTransfersForDeliveredShipments(tx, delivered);
      await notifyDelivered(tx, delivered, 'auto');
      return marked.length;
    });
  }

  /**
   * Reminds each seller of the shipments still to ship past their handling time (users.handling_days after the
   * order), once per shipment (reminded_at), in one transaction, once across instances as deliverUnconfirmed.
   */
  async remindLate(now: Date = this.now()): Promise<number> {
    return this.db.transaction(async (tx) => {
      const late = await queryRows<{
        id: number;
        orderId: number;
        sellerId: number;
        handlingDays: number;
        buyer: string;
      }>(
        tx,
        sql`update shipments s set reminded_at = ${now.toISOString()}::timestamptz
            from users u, orders o, users b
            where s.status = 'pending' and s.reminded_at is null
              and u.id = s.seller_id and o.id = s.order_id and b.id = o.user_id
              -- A shipment held for the cold waits its handling time from the hold's end.
              and greatest(s.created_at, s.held_until::timestamptz)
                  <= ${now.toISOString()}::timestamptz - make_interval(days => u.handling_days)
            returning s.id, s.order_id as "orderId", s.seller_id as "sellerId", u.handling_days as "handlingDays",
                      b.username as buyer`,
      );
      await notify(
        tx,
        late.map((l) =>
          reminderNotice({
            sellerId: l.sellerId,
            orderId: l.orderId,
            shipmentId: l.id,
            buyer: l.buyer,
            handlingDays: l.handlingDays,
          }),
        ),
      );
      return late.length;
    });
  }

  /**
   * Ends the weather holds whose day has come (the maintenance's step): each pending shipment held until today or
   * before is marked released, once, and its buyer told it ships on the nursery's next ship day (with the date), and
   * its nursery that it may ship it now. Answers how many were released.
   */
  async releaseHolds(now: Date = this.now()): Promise<number> {
    const today = shippingToday(now);
    return this.db.transaction(async (tx) => {
      const released = await queryRows<{
        id: number;
        orderId: number;
        sellerId: number;
        buyerId: number;
        buyer: string;
        nursery: string;
        shipDays: ShipDay[];
        holidayUntil: IsoDate | null;
      }>(
        tx,
        sql`update shipments s set hold_released_at = ${now.toISOString()}::timestamptz
            from users u, orders o, users b
            where s.status = 'pending' and s.held_until <= ${today}::date and s.hold_released_at is null
              and u.id = s.seller_id and o.id = s.order_id and b.id = o.user_id
            returning s.id, s.order_id as "orderId", s.seller_id as "sellerId", b.id as "buyerId",
                      b.username as buyer, ${shopName(sql`u`)} as nursery,
                      u.ship_days as "shipDays", u.holiday_until::text as "holidayUntil"`,
      );
      await notify(
        tx,
        released.flatMap((r) => {
          const shipOn = firstShipDay({
            orderedOn: today,
            handlingDays: 0,
            shipDays: r.shipDays,
            holidayUntil: r.holidayUntil,
          });
          return holdReleasedNotices({
            buyerId: r.buyerId,
            sellerId: r.sellerId,
            orderId: r.orderId,
            shipmentId: r.id,
            nursery: r.nursery,
            buyer: r.buyer,
            shipOn: monthDay(shipOn),
          });
        }),
      );
      return released.length;
    });
  }

  /** The order lines of this seller's listings, newest order first, with the buyer and the price paid. */
  async orderLines(sellerId: number, only?: { orderId: number; itemId: number }): Promise<SellerOrderLine[]> {
    const rows = await queryRows<
      RowOf<typeof orderItems, 'orderId' | 'productId' | 'title' | 'quantity' | 'priceCents' | 'shipmentId'> &
        RowOf<typeof orders, 'createdAt'> &
        ShipToColumns &
        RowOf<typeof products, 'imageUrl'> &
        RowOf<typeof shipments, 'status'> & {
          itemId: ColumnOf<typeof orderItems, 'id'>;
          buyer: ColumnOf<typeof users, 'username'>;
          orderStatuses: ShipmentStatus[];
        }
    >(
      this.db,
      sql`select oi.order_id as "orderId", oi.id as "itemId", o.created_at as "createdAt", u.username as buyer,
                 oi.product_id as "productId", oi.title, coalesce(oi.image_url, p.image_url) as "imageUrl", oi.quantity,
                 oi.price_cents as "priceCents", s.status, oi.shipment_id as "shipmentId",
                 (select array_agg(a.status) from shipments a where a.order_id = o.id) as "orderStatuses",
                 ${SHIP_TO_SELECT}
          from shipments s
          join order_items oi on oi.shipment_id = s.id
          join products p on p.id = oi.product_id
          join orders o on o.id = s.order_id
          join users u on u.id = o.user_id
          where s.seller_id = ${sellerId}
            ${only ? sql`and oi.id = ${only.itemId} and oi.order_id = ${only.orderId}` : sql``}
          order by o.created_at desc, oi.id`,
    );
    return rows.map((r) => ({
      orderId: r.orderId,
      itemId: r.itemId,
      createdAt: new Date(r.createdAt).toISOString(),
      buyer: { username: r.buyer },
      productId: r.productId,
      title: r.title,
      imageUrl: r.imageUrl,
      quantity: r.quantity,
      price: fromCents(r.priceCents),
      status: r.status,
      orderStatus: orderStatus(r.orderStatuses.map((status) => ({ status }))),
      shipTo: shipToOf(r),
      shipmentId: r.shipmentId,
    }));
  }

  /**
   * The spec's call: marks shipped the shipment this order line travels in (every line of the seller in that
   * order), without tracking. Shipping a shipped line again changes nothing; a cancelled one is 409.
   */
  async shipLine(sellerId: number, orderId: number, itemId: number): Promise<SellerOrderLine> {
    await this.db.transaction(async (tx) => {
      const [line] = await queryRows<RowOf<typeof orderItems, 'shipmentId'>>(
        tx,
        sql`select oi.shipment_id as "shipmentId" from order_items oi join shipments s on s.id = oi.shipment_id
            where oi.id = ${itemId} and oi.order_id = ${orderId} and s.seller_id = ${sellerId}`,
      );
      if (!line) throw new NotFound(ORDER_LINE_NOT_FOUND);
      const part = await this.lockOwn(tx, sellerId, line.shipmentId);
      if (part.status === 'cancelled') throw new Conflict('This order was cancelled');
      if (part.status !== 'pending') return;
      const shipped = await tx
        .update(shipments)
        .set({ status: 'shipped', shippedAt: this.now() })
        .where(and(eq(shipments.id, line.shipmentId), isPaid(sql`${shipments.id}`)))
        .returning({ id: shipments.id });
      if (shipped.length === 0) throw new Conflict(NOT_PAID_YET);
      await notifyShipped(tx, [line.shipmentId]);
    });
    const [shipped] = await this.orderLines(sellerId, { orderId, itemId });
    return shipped as SellerOrderLine;
  }

  /**
   * Locks one of the seller's shipments after its order, in the lock order of every change to an order
   * (docs/architecture.md#lock-order), and answers it with the order's buyer; 404 when it is another seller's or does
   * not exist. The order is found by a read without a lock: a shipment never moves to another order.
   */
  private async lockOwn(tx: Tx, sellerId: number, id: number) {
    const [own] = await queryRows<{ orderId: number }>(
      tx,
      sql`select order_id as "orderId" from shipments where id = ${id} and seller_id = ${sellerId}`,
    );
    const order = own && (await lockOrder(tx, sql`id = ${own.orderId}`));
    const [part] = order ? await lockShipments(tx, sql`id = ${id} and seller_id = ${sellerId}`) : [];
    if (!order || !part) throw new NotFound(SHIPMENT_NOT_FOUND);
    return { ...part, buyerId: order.buyerId };
  }

  /**
   * Shipments with their order's facts and their lines: `where` and `orderBy` over shipments `s`.
   *
   * The ship-from state, certificates and labels are the shipment's own, kept at checkout: the shipping rules were
   * decided from them, and the slip must show what they asked. The shipper's name, return address and licence are
   * read from the seller's profile as it is now, not kept with the shipment: they decide nothing, and a parcel
   * packed after the seller moved should come back to where the seller is, not where it was when the order came.
   */
  private async readShipments(where: SQL, orderBy: SQL, limit: SQL): Promise<SellerShipment[]> {
    const rows = await queryRows<ShipmentReadRow>(
      this.db,
      sql`select s.id, s.order_id as "orderId", s.seller_id as "sellerId", s.status,
                 s.ship_from_state as "shipFromState", s.labels, s.certificates, s.carrier,
                 s.tracking_number as "trackingNumber", s.shipped_at as "shippedAt",
                 s.delivered_at as "deliveredAt", s.delivered_by as "deliveredBy", s.cancelled_at as "cancelledAt",
                 s.cancelled_by as "cancelledBy", s.cancel_reason as "cancelReason", s.created_at as "createdAt",
                 s.ship_on::text as "shipOn", s.arrive_from::text as "arriveFrom", s.arrive_to::text as "arriveTo",
                 s.held_until::text as "heldUntil", s.heat_pack as "heatPack",
                 o.note, ${SHIP_TO_SELECT}, u.username as buyer, su.licence,
                 coalesce(su.business_name, su.username) as "shipperName", ${returnAddressSelect('su')},
                 pay.provider, ss.gross_cents as "grossCents", ss.shipping_cents as "shippingCents",
                 ss.paid_at as "paidAt",
                 ss.refund_state as "refundState", ss.transfer_state as "transferState",
                 ss.refunded_at as "refundedAt", ss.refund_note as "refundNote",
                 su.payment_instructions as instructions
          from shipments s
          join orders o on o.id = s.order_id
          join users u on u.id = o.user_id
          join users su on su.id = s.seller_id
          join shipment_settlements ss on ss.shipment_id = s.id
          join payments pay on pay.order_id = s.order_id
          where ${where}
          order by ${orderBy}
          ${limit}`,
    );
    if (rows.length === 0) return [];
    const lines = await this.db
      .select({
        shipmentId: orderItems.shipmentId,
        itemId: orderItems.id,
        productId: orderItems.productId,
        title: orderItems.title,
        imageUrl: sql<string>`coalesce(${orderItems.imageUrl}, ${products.imageUrl})`,
        variety: products.variety,
        quantity: orderItems.quantity,
        priceCents: orderItems.priceCents,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(
        inArray(
          orderItems.shipmentId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(orderItems.id);
    const linesOf = new Map<number, SellerShipmentLine[]>();
    const centsOf = new Map<number, number>();
    for (const l of lines) {
      linesOf.set(l.shipmentId, [
        ...(linesOf.get(l.shipmentId) ?? []),
        {
          itemId: l.itemId,
          productId: l.productId,
          title: l.title,
          imageUrl: l.imageUrl,
          variety: l.variety,
          botanicalName: botanicalName(l.variety),
          quantity: l.quantity,
          price: fromCents(l.priceCents),
        },
      ]);
      centsOf.set(l.shipmentId, (centsOf.get(l.shipmentId) ?? 0) + l.priceCents * l.quantity);
    }
    return rows.map((r) => ({
      ...shipmentFacts(r),
      createdAt: new Date(r.createdAt).toISOString(),
      buyer: { username: r.buyer },
      shipTo: shipToOf(r),
      note: r.note,
      shipFromState: r.shipFromState,
      licence: r.licence,
      shipper: { name: r.shipperName, returnAddress: returnAddressOf(r) },
      payment: shipmentPaymentView(r.provider, { ...r, payee: r.shipperName }),
      labels: r.labels,
      certificates: r.certificates.map((c) => ({
        kind: c.kind,
        label: CERTIFICATE_LABELS[c.kind as CertificateKind] ?? c.kind,
        number: c.number,
      })),
      subtotal: fromCents(centsOf.get(r.id) ?? 0),
      items: linesOf.get(r.id) ?? [],
    }));
  }
}
