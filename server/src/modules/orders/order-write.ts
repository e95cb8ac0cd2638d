/**
 * The one way an order is written (docs/decisions/0034-one-owner-for-money.md): checkout, the demo data's seed and the
 * bench's history all call writeOrder. One statement writes the order with its copy of the address, one shipment per
 * seller (with what the shipping rules asked of it), its lines, and its money, which the payments module words
 * (newOrderMoneySql: each shipment's settlement and the order's payment). Checkout adds its own parts to the same
 * statement (the units reserved, the cart emptied, the notices: checkout.ts).
 */
import type { ShipTo } from '@domain/orders/responses';
import type { ShipmentSplit } from '@domain/payments';
import type { ShipmentOutlook } from '@domain/shipping';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/connect';
import type { ColumnOf, RowOf } from '../../db/rows';
import type { orderItems, orders } from '../../db/schema';
import { type NewOrderMoney, newOrderMoneySql, splitNewOrder } from '../payments';
import { coverJoin } from '../photos';

/**
 * What one seller's parcel carries under the shipping rules (its origin, outside labels and certificates) and what it
 * costs the buyer to ship, in cents (its nursery's rates at checkout).
 */
export interface Parcel {
  shipFromState: string | null;
  labels: string[];
  certificates: Array<{ kind: string; number: string }>;
  shippingCents: number;
  /** What checkout told the buyer of it (domain/shipping/outlook.ts); left out by orders written without a cart. */
  outlook?: ShipmentOutlook;
}

/** An order line to write: a listing bought, at a price, from its seller. */
export interface NewOrderLine {
  productId: number;
  sellerId: number;
  title: string;
  quantity: number;
  priceCents: number;
}

/** An order to write. */
export interface NewOrder {
  buyerId: number;
  idempotencyKey: string | null;
  note: string | null;
  shipTo: ShipTo;
  /** Its lines, in the order they are written (their ids ascend with it). */
  lines: readonly NewOrderLine[];
  /**
   * Per seller, in the order its shipments are written (their ids ascend with it): what its parcel carries and costs
   * to ship. The order's shipping is their sum.
   */
  parcels: ReadonlyMap<number, Parcel>;
  /** Who takes the payment, the commission and the window to pay in. */
  money: NewOrderMoney;
  /** When it was placed: the transaction's time unless given (the demo data's orders, placed in the past). */
  placedAt?: Date;
}

/** An order as writeOrder wrote it: its id and time, its lines' rows, its payment's end and its money's split. */
export interface WrittenOrder {
  id: number;
  createdAt: Date;
  expiresAt: Date | string;
  /** One per line: the ids written, and the cover the line keeps (order_items.image_url, read after the locks). */
  items: Array<
    RowOf<typeof orderItems, 'productId' | 'shipmentId'> & {
      itemId: ColumnOf<typeof orderItems, 'id'>;
      coverUrl: ColumnOf<typeof orderItems, 'imageUrl'>;
    }
  >;
  /** What each seller's shipment is worth, in cents: its gross, by seller. */
  grossCents: ReadonlyMap<number, number>;
}

/** What an order's lines cost, its shipping (its parcels' own) and its total, in cents. */
export function orderTotals(order: Pick<NewOrder, 'lines' | 'parcels'>) {
  const subtotalCents = order.lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const shippingCents = [...order.parcels.values()].reduce((sum, p) => sum + p.shippingCents, 0);
  return { subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents };
}

/** Each seller's shipment's money (payments: splitNewOrder), in the parcels' order, the order its shipments are written. */
function splitsOf(order: Pick<NewOrder, 'lines' | 'parcels' | 'money'>): ShipmentSplit[] {
  return splitNewOrder(
    [...order.parcels].map(([sellerId, parcel]) => ({
      linesCents: order.lines
        .filter((l) => l.sellerId === sellerId)
        .reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
      shippingCents: parcel.shippingCents,
    })),
    order.money.commissionBp,
  );
}

/** What each seller's shipment is worth (its gross, in cents), as writeOrder writes it: for checkout's notices. */
export function grossBySeller(
  order: Pick<NewOrder, 'lines' | 'parcels' | 'money'>,
  splits: readonly ShipmentSplit[] = splitsOf(order),
): Map<number, number> {
  return new Map([...order.parcels.keys()].map((sellerId, n) => [sellerId, splits[n]?.grossCents ?? 0]));
}

/** The statement's `bought (n, product_id, seller_id, title, quantity, price_cents)` rows: the lines, numbered. */
function boughtValues(lines: readonly NewOrderLine[]): SQL {
  return sql.join(
    lines.map(
      (l, n) =>
        sql`(${n}::int, ${l.productId}::int, ${l.sellerId}::int, ${l.title}::text, ${l.quantity}::int, ${l.priceCents}::int)`,
    ),
    sql`, `,
  );
}

/**
 * The statement's `sellers (n, seller_id, ship_from_state, labels, certificates, ship_on, arrive_from, arrive_to,
 * held_until, heat_pack)` rows: the parcels, numbered.
 */
function sellerValues(parcels: ReadonlyMap<number, Parcel>): SQL {
  return sql.join(
    [...parcels].map(([sellerId, p], n) => {
      const kept = keptOutlook(p.outlook);
      return sql`(${n}::int, ${sellerId}::int, ${p.shipFromState}::text, ${sql.param(p.labels)}::text[], ${JSON.stringify(p.certificates)}::jsonb,
                  ${kept.shipOn}::date, ${kept.arriveFrom}::date, ${kept.arriveTo}::date, ${kept.heldUntil}::date,
                  ${kept.heatPack}::boolean)`;
    }),
    sql`, `,
  );
}

/** A parcel's outlook as its shipment keeps it (the shipments' columns ship_on … heat_pack). */
export function keptOutlook(outlook: ShipmentOutlook | undefined) {
  const dates = outlook?.dates ?? null;
  const hold = outlook?.hold ?? null;
  return {
    shipOn: dates?.shipOn ?? null,
    arriveFrom: dates?.arriveFrom ?? null,
    arriveTo: dates?.arriveTo ?? null,
    heldUntil: hold?.action === 'hold' ? hold.until : null,
    heatPack: hold?.action === 'heat-pack' || (hold?.action === 'hold' && hold.heatPack),
  };
}

/**
 * The order's own rows: the common table expressions `o` (the order: `id`, `created_at`), `s` (its shipments: `id`,
 * `seller_id`, in the parcels' order) and `items` (its lines, with the cover each keeps), over `bought` and `sellers`.
 */
function orderRowsSql(order: NewOrder, totals: ReturnType<typeof orderTotals>): SQL {
  const { subtotalCents, shippingCents, totalCents } = totals;
  const { shipTo } = order;
  const placedAt = order.placedAt ? sql`${order.placedAt.toISOString()}::timestamptz` : sql`now()`;
  return sql`o as (
          insert into orders (user_id, subtotal_cents, shipping_cents, total_cents, idempotency_key,
                              ship_to_name, ship_to_line1, ship_to_line2, ship_to_city, ship_to_state, ship_to_zip,
                              ship_to_phone, note, created_at)
          values (${order.buyerId}::int, ${subtotalCents}::int, ${shippingCents}::int, ${totalCents}::int,
                  ${order.idempotencyKey}::text, ${shipTo.name}::text, ${shipTo.line1}::text, ${shipTo.line2}::text,
                  ${shipTo.city}::text, ${shipTo.state}::text, ${shipTo.zip}::text, ${shipTo.phone}::text,
                  ${order.note}::text, ${placedAt})
          returning id, created_at
        ),
        s as (
          insert into shipments (order_id, seller_id, ship_from_state, labels, certificates, ship_on, arrive_from,
                                 arrive_to, held_until, heat_pack, created_at)
          select o.id, x.seller_id, x.ship_from_state, x.labels, x.certificates, x.ship_on, x.arrive_from,
                 x.arrive_to, x.held_until, x.heat_pack, o.created_at
          from o, sellers x order by x.n
          returning id, seller_id
        ),
        items as (
          insert into order_items (order_id, shipment_id, product_id, title, quantity, price_cents, image_url,
                                   cover_keys, created_at)
          select o.id, s.id, b.product_id, b.title, b.quantity, b.price_cents, cover.url, cover.keys, o.created_at
          from o, bought b join s on s.seller_id = b.seller_id ${coverJoin(sql`b.product_id`, 'cover')}
          order by b.n
          returning id, product_id, shipment_id, image_url
        )`;
}

/**
 * Writes an order in one statement: the order, its shipments, its lines and its money (each shipment's settlement
 * and the order's payment, the payments module's part). `more`, the parts only checkout adds, are common table
 * expressions (after a comma) that may read `bought`, `o`, `s` and `items`. Answers the order as written.
 */
export async function writeOrder(tx: Tx, order: NewOrder, more: SQL | null = null): Promise<WrittenOrder> {
  const totals = orderTotals(order);
  const splits = splitsOf(order);
  const written = await queryRows<
    RowOf<typeof orders, 'id' | 'createdAt'> &
      WrittenOrder['items'][number] & {
        expiresAt: Date | string;
      }
  >(
    tx,
    sql`with bought (n, product_id, seller_id, title, quantity, price_cents) as (values ${boughtValues(order.lines)}),
        sellers (n, seller_id, ship_from_state, labels, certificates, ship_on, arrive_from, arrive_to, held_until,
                 heat_pack) as (values ${sellerValues(order.parcels)}),
        ${orderRowsSql(order, totals)},
        ${newOrderMoneySql(order.money, splits, totals.totalCents)}
        ${more ? sql`, ${more}` : sql``}
        select o.id, o.created_at as "createdAt", items.id as "itemId", items.product_id as "productId",
               items.shipment_id as "shipmentId", items.image_url as "coverUrl", payment.expires_at as "expiresAt"
        from o, items, payment`,
  );
  const first = written[0];
  if (!first) throw new Error('The order was not written');
  return {
    id: first.id,
    createdAt: new Date(first.createdAt),
    expiresAt: first.expiresAt,
    items: written.map(({ itemId, productId, shipmentId, coverUrl }) => ({
      itemId,
      productId,
      shipmentId,
      coverUrl,
    })),
    grossCents: grossBySeller(order, splits),
  };
}
