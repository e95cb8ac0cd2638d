import { fromCents } from '@domain/money';
import type { Order, OrderLine, Shipment, ShipTo } from '@domain/orders/responses';
import {
  type CancelledBy,
  type Carrier,
  type DeliveredBy,
  orderStatus,
  orderStatusLabel,
  trackingUrl,
} from '@domain/orders/shipments';
import { DEFAULT_PAYMENT_PROVIDER, type MoneyJobState, type PaymentProviderId } from '@domain/payments';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { shopName } from '../../db/names';
import {
  orderItems,
  type orders,
  payments,
  products,
  shipmentSettlements,
  shipments,
  users,
} from '../../db/schema';
import { isHeld, orderPaymentView, type ShipmentMoney, shipmentPaymentView } from '../payments';

export type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/** The order's copy of its address, as its row holds it. */
export type ShipToColumns = Pick<
  OrderRow,
  'shipToName' | 'shipToLine1' | 'shipToLine2' | 'shipToCity' | 'shipToState' | 'shipToZip' | 'shipToPhone'
>;

/** The SQL that selects an order's (`o`) copy of its address under its names in ShipToColumns. */
export const SHIP_TO_SELECT = sql.raw(
  `o.ship_to_name as "shipToName", o.ship_to_line1 as "shipToLine1", o.ship_to_line2 as "shipToLine2",
   o.ship_to_city as "shipToCity", o.ship_to_state as "shipToState", o.ship_to_zip as "shipToZip",
   o.ship_to_phone as "shipToPhone"`,
);

/** An order's copy of its address, or null for an order placed before orders had one. */
export function shipToOf(r: ShipToColumns): ShipTo | null {
  if (r.shipToName === null) return null;
  return {
    name: r.shipToName,
    line1: r.shipToLine1 ?? '',
    line2: r.shipToLine2,
    city: r.shipToCity ?? '',
    state: r.shipToState ?? '',
    zip: r.shipToZip ?? '',
    phone: r.shipToPhone,
  };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A shipment's status, tracking and times as the API shows them (its lines and seller are the caller's). */
export function shipmentFacts(
  s: Pick<
    ShipmentRow,
    | 'id'
    | 'orderId'
    | 'status'
    | 'carrier'
    | 'trackingNumber'
    | 'shippedAt'
    | 'deliveredAt'
    | 'deliveredBy'
    | 'cancelledAt'
    | 'cancelledBy'
    | 'cancelReason'
    | 'shipOn'
    | 'arriveFrom'
    | 'arriveTo'
    | 'heldUntil'
    | 'heatPack'
  >,
): Omit<Shipment, 'items' | 'seller' | 'payment'> {
  const carrier = s.carrier as Carrier | null;
  return {
    id: s.id,
    orderId: s.orderId,
    status: s.status,
    carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: carrier ? trackingUrl(carrier, s.trackingNumber) : null,
    shippedAt: iso(s.shippedAt),
    estimate:
      s.shipOn !== null && s.arriveFrom !== null && s.arriveTo !== null
        ? { shipOn: s.shipOn, arriveFrom: s.arriveFrom, arriveTo: s.arriveTo }
        : null,
    heldUntil: s.heldUntil,
    heatPack: s.heatPack,
    deliveredAt: iso(s.deliveredAt),
    deliveredBy: s.deliveredBy as DeliveredBy | null,
    cancelledAt: iso(s.cancelledAt),
    cancelledBy: s.cancelledBy as CancelledBy | null,
    cancelReason: s.cancelReason,
  };
}

/**
 * The orders with their shipments and lines (one query for the shipments with their orders' payments, one for the
 * lines, whatever the number of orders), money in dollars, status derived from the shipments.
 */
export async function readOrders(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [shipmentRows, lines] = await Promise.all([
    // Each shipment with its order's payment (one per order, repeated on each of its shipments).
    db
      .select({
        shipment: shipments,
        payment: {
          orderId: payments.orderId,
          provider: payments.provider,
          expiresAt: payments.expiresAt,
          redirectUrl: payments.redirectUrl,
          held: isHeld(sql`${payments}`),
        },
        sellerUsername: users.username,
        payee: shopName(sql`${users}`),
        instructions: users.paymentInstructions,
        grossCents: shipmentSettlements.grossCents,
        shippingCents: shipmentSettlements.shippingCents,
        paidAt: shipmentSettlements.paidAt,
        refundState: shipmentSettlements.refundState,
        transferState: shipmentSettlements.transferState,
        refundedAt: shipmentSettlements.refundedAt,
        refundNote: shipmentSettlements.refundNote,
      })
      .from(shipments)
      .innerJoin(users, eq(users.id, shipments.sellerId))
      .innerJoin(shipmentSettlements, eq(shipmentSettlements.shipmentId, shipments.id))
      .leftJoin(payments, eq(payments.orderId, shipments.orderId))
      .where(inArray(shipments.orderId, ids))
      .orderBy(asc(shipments.id)),
    db
      .select({
        orderId: orderItems.orderId,
        id: orderItems.id,
        productId: orderItems.productId,
        title: orderItems.title,
        // The cover it was bought with, else the listing's image.
        imageUrl: sql<string>`coalesce(${orderItems.imageUrl}, ${products.imageUrl})`,
        variety: products.variety,
        quantity: orderItems.quantity,
        priceCents: orderItems.priceCents,
        shipmentId: orderItems.shipmentId,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
  ]);
  const paymentOf = new Map(
    shipmentRows.flatMap(({ payment }) => (payment ? [[payment.orderId, payment] as const] : [])),
  );
  const shipmentsById = new Map<number, Shipment>();
  const shipmentsOf = new Map<number, Shipment[]>();
  const moneyOf = new Map<number, ShipmentMoney[]>();
  for (const { shipment, payment: _payment, sellerUsername, payee, instructions, ...money } of shipmentRows) {
    // Checkout writes every order's payment row; an order without one would be read as placed under the default.
    const provider = paymentOf.get(shipment.orderId)?.provider ?? DEFAULT_PAYMENT_PROVIDER;
    const parts: ShipmentMoney = {
      status: shipment.status,
      grossCents: money.grossCents,
      shippingCents: money.shippingCents,
      paidAt: money.paidAt,
      refundState: money.refundState as MoneyJobState,
      transferState: money.transferState as MoneyJobState,
      refundedAt: money.refundedAt,
      refundNote: money.refundNote,
    };
    const s: Shipment = {
      ...shipmentFacts(shipment),
      seller: { id: shipment.sellerId, username: sellerUsername, name: payee },
      payment: shipmentPaymentView(provider, { ...parts, payee, instructions }),
      items: [],
    };
    shipmentsById.set(s.id, s);
    shipmentsOf.set(s.orderId, [...(shipmentsOf.get(s.orderId) ?? []), s]);
    moneyOf.set(s.orderId, [...(moneyOf.get(s.orderId) ?? []), parts]);
  }
  const linesOf = new Map<number, OrderLine[]>();
  for (const l of lines) {
    const shipment = shipmentsById.get(l.shipmentId) as Shipment;
    const line = lineIn(shipment, l);
    shipment.items.push(line);
    linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), line]);
  }
  return rows.map((r) => {
    const payment = paymentOf.get(r.id);
    if (!payment) throw new Error(`Order ${r.id} has no payment row`);
    return toOrder(
      r,
      linesOf.get(r.id) ?? [],
      shipmentsOf.get(r.id) ?? [],
      orderPaymentView(
        { ...payment, provider: payment.provider as PaymentProviderId },
        moneyOf.get(r.id) ?? [],
      ),
    );
  });
}

/** An order line as the API shows it, in its shipment (whose status and seller it has), the price in dollars. */
export function lineIn(
  shipment: Pick<Shipment, 'id' | 'status' | 'seller'>,
  l: {
    id: number;
    productId: number;
    title: string;
    imageUrl: string;
    variety: string;
    quantity: number;
    priceCents: number;
  },
): OrderLine {
  return {
    id: l.id,
    productId: l.productId,
    title: l.title,
    imageUrl: l.imageUrl,
    variety: l.variety,
    quantity: l.quantity,
    price: fromCents(l.priceCents),
    status: shipment.status,
    seller: shipment.seller,
    shipmentId: shipment.id,
  };
}

/** An order as the API shows it (money in dollars, status from the shipments), from its row, lines and shipments. */
export function toOrder(
  r: Pick<
    OrderRow,
    'id' | 'userId' | 'subtotalCents' | 'shippingCents' | 'totalCents' | 'createdAt' | 'note'
  > &
    ShipToColumns,
  items: OrderLine[],
  shipmentList: Shipment[],
  payment: Order['payment'],
): Order {
  return {
    id: r.id,
    userId: r.userId,
    status: orderStatus(shipmentList),
    statusLabel: orderStatusLabel(shipmentList),
    subtotal: fromCents(r.subtotalCents),
    shipping: fromCents(r.shippingCents),
    total: fromCents(r.totalCents),
    createdAt: new Date(r.createdAt).toISOString(),
    shipTo: shipToOf(r),
    note: r.note,
    items,
    shipments: shipmentList,
    payment,
  };
}
