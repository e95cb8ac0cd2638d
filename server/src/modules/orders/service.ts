import { ORDER_TOTAL_MAX_CENTS, SHIPPING_CENTS, type ShipsAs } from '@domain/constants';
import { formatUSD, fromCents, toCents } from '@domain/money';
import type { Order, OrderLine, OrderStatus, ShipTo } from '@domain/orders/types';
import {
  decideShipping,
  type IsoDate,
  type SellerCertificate,
  type StateCode,
  shippingDecisionText,
  shippingToday,
} from '@domain/shipping';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import type { ColumnOf, RowOf } from '../../db/rows';
import { type addresses, type cartItems, orderItems, orders, products, users } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import { hideUnbackedReviews } from '../reviews';
import { certificatesOf } from '../shipping';

export const CART_IS_EMPTY = 'Cart is empty';
export const PRICES_CHANGED = 'Prices changed since you last looked';
export const ORDER_NOT_FOUND = 'Order not found';
export const ADDRESS_NOT_FOUND = 'Address not found';
export const ADD_AN_ADDRESS = 'Add a shipping address';
/** The start of the 409 when some lines may not go to the address's state. */
export const cantShipMessage = (state: string) => `Some items can't ship to ${state}`;
export const ORDER_TOO_LARGE = `An order can total at most ${formatUSD(ORDER_TOTAL_MAX_CENTS / 100)}: please remove some items from your cart`;

type OrderRow = typeof orders.$inferSelect;

/**
 * Checkout, order history and cancellation (docs/quality.md#reliability). Each state change is one transaction that locks
 * the products it touches in id order, so concurrent checkouts never oversell and never deadlock.
 */
export class OrderService {
  constructor(
    private readonly db: Db,
    /** Today's date for the shipping rules' certificates (shippingToday); a test may fix it. */
    private readonly today: () => IsoDate = () => shippingToday(),
  ) {}

  /**
   * Places the user's cart as an order: all or nothing. With an idempotency key, a retry (even one racing the
   * first attempt) answers the order the key already made, and `replayed` is true. `shown` holds the unit prices
   * the buyer was shown, if the request carried them (listing id to dollars).
   */
  async checkout(
    userId: number,
    idempotencyKey: string | null,
    shown: ReadonlyMap<number, number> = new Map(),
    /** One of the buyer's addresses; null for the default one. */
    addressId: number | null = null,
  ): Promise<{ order: Order; replayed: boolean }> {
    if (idempotencyKey) {
      const existing = await this.byKey(userId, idempotencyKey);
      if (existing) return { order: existing, replayed: true };
    }
    try {
      const order = await this.db.transaction((tx) =>
        this.placeOrder(tx, userId, idempotencyKey, shown, addressId),
      );
      return { order, replayed: false };
    } catch (err) {
      // A request with the same key committed while this one ran (it then found the cart empty, or the key
      // taken): answer that request's order.
      if (idempotencyKey) {
        const existing = await this.byKey(userId, idempotencyKey);
        if (existing) return { order: existing, replayed: true };
      }
      throw err;
    }
  }

  /**
   * The checkout transaction: read the ship-to address; lock the cart lines and their listings (in listing id
   * order, as every checkout and cancel does) and check the prices and the stock; then write the order with its
   * copy of the address, its lines, the stock and the empty cart in one statement. Answers the order as written.
   */
  private async placeOrder(
    tx: Tx,
    userId: number,
    idempotencyKey: string | null,
    shown: ReadonlyMap<number, number>,
    addressId: number | null,
  ): Promise<Order> {
    const shipTo = await shipToAddress(tx, userId, addressId);
    const lines = await queryRows<
      RowOf<typeof cartItems, 'productId' | 'quantity' | 'agreedPriceCents'> &
        RowOf<
          typeof products,
          'title' | 'priceCents' | 'inStock' | 'imageUrl' | 'variety' | 'sellerId' | 'shipsAs'
        > &
        RowOf<typeof users, 'shipFromState' | 'blockedStates'> & {
          stock: ColumnOf<typeof products, 'quantity'>;
          sellerUsername: ColumnOf<typeof users, 'username'>;
          certificates: SellerCertificate[];
        }
    >(
      tx,
      // Locking the cart lines makes a second checkout of the same cart wait, then find it empty. Each line comes
      // with its seller's shipping profile, for the shipping rules.
      sql`select c.product_id as "productId", c.quantity, p.title, p.price_cents as "priceCents",
                 c.agreed_price_cents as "agreedPriceCents", p.quantity as stock, p.in_stock as "inStock", p.image_url as "imageUrl", p.variety,
                 p.seller_id as "sellerId", u.username as "sellerUsername", p.ships_as as "shipsAs",
                 u.ship_from_state as "shipFromState", u.blocked_states as "blockedStates",
                 ${certificatesOf(sql`p.seller_id`)} as certificates
          from cart_items c
          join products p on p.id = c.product_id and p.archived_at is null
          join users u on u.id = p.seller_id
          where c.user_id = ${userId}
          order by p.id
          for update of c, p`,
    );
    if (lines.length === 0) throw new InvalidInput(CART_IS_EMPTY);
    const blocked = shippingBlocks(lines, shipTo.state as StateCode, this.today());
    if (blocked) throw blocked;
    const changed = priceChanges(lines, shown);
    if (changed) throw changed;
    for (const l of lines) {
      if (!l.inStock || l.stock === 0) throw new Conflict(`${l.title} is out of stock`);
      if (l.stock < l.quantity) throw new Conflict(`Not enough stock for ${l.title}: only ${l.stock} left`);
    }

    const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
    const shippingCents = subtotalCents > 0 ? SHIPPING_CENTS : 0;
    const totalCents = subtotalCents + shippingCents;
    if (totalCents > ORDER_TOTAL_MAX_CENTS) throw new InvalidInput(ORDER_TOO_LARGE);
    const bought = sql.join(
      lines.map(
        (l, n) =>
          sql`(${n}::int, ${l.productId}::int, ${l.title}::text, ${l.quantity}::int, ${l.priceCents}::int)`,
      ),
      sql`, `,
    );
    const written = await queryRows<
      RowOf<typeof orders, 'id' | 'createdAt'> &
        RowOf<typeof orderItems, 'productId'> & { itemId: ColumnOf<typeof orderItems, 'id'> }
    >(
      tx,
      sql`with bought (n, product_id, title, quantity, price_cents) as (values ${bought}),
          o as (
            insert into orders (user_id, subtotal_cents, shipping_cents, total_cents, idempotency_key,
                                ship_to_name, ship_to_line1, ship_to_line2, ship_to_city, ship_to_state, ship_to_zip,
                                ship_to_phone)
            values (${userId}::int, ${subtotalCents}::int, ${shippingCents}::int, ${totalCents}::int,
                    ${idempotencyKey}::text, ${shipTo.name}::text, ${shipTo.line1}::text, ${shipTo.line2}::text,
                    ${shipTo.city}::text, ${shipTo.state}::text, ${shipTo.zip}::text, ${shipTo.phone}::text)
            returning id, created_at
          ),
          items as (
            insert into order_items (order_id, product_id, title, quantity, price_cents)
            select o.id, b.product_id, b.title, b.quantity, b.price_cents from o, bought b order by b.n
            returning id, product_id
          ),
          stock as (
            update products p
            set quantity = p.quantity - b.quantity,
                in_stock = p.in_stock and p.quantity - b.quantity > 0,
                units_sold = p.units_sold + b.quantity
            from bought b where p.id = b.product_id
            returning p.id
          ),
          emptied as (delete from cart_items where user_id = ${userId} returning id)
          select o.id, o.created_at as "createdAt", items.id as "itemId", items.product_id as "productId"
          from o, items`,
    );
    const first = written[0];
    if (!first) throw new Error('The order was not written');
    const itemIds = new Map(written.map((w) => [w.productId, w.itemId]));
    return toOrder(
      {
        id: first.id,
        userId,
        status: 'pending',
        subtotalCents,
        shippingCents,
        totalCents,
        createdAt: new Date(first.createdAt),
        shipTo,
      },
      lines.map((l) => toOrderLine({ ...l, id: itemIds.get(l.productId) as number, status: 'pending' })),
    );
  }

  /** The user's orders, newest first, with their lines. */
  async list(userId: number): Promise<Order[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return this.withLines(rows);
  }

  /** One of the user's orders; 404 when it does not exist or is someone else's. */
  async get(userId: number, id: number): Promise<Order> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    if (!row) throw new NotFound(ORDER_NOT_FOUND);
    const [order] = await this.withLines([row]);
    return order as Order;
  }

  /**
   * Cancels a pending order whose lines have not shipped, putting the units back in stock and hiding the buyer's
   * reviews that no other standing purchase backs: one transaction, the order locked first, then its listings in
   * id order. 404 for someone else's order, 409 when it is too late.
   */
  async cancel(userId: number, id: number): Promise<Order> {
    await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)))
        .for('update');
      if (!order) throw new NotFound(ORDER_NOT_FOUND);
      if (order.status === 'cancelled') throw new Conflict('This order is already cancelled');
      const lines = await tx
        .select({ productId: orderItems.productId, quantity: orderItems.quantity, status: orderItems.status })
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(asc(orderItems.productId));
      if (order.status !== 'pending' || lines.some((l) => l.status !== 'pending')) {
        throw new Conflict('This order has shipped and can no longer be cancelled');
      }
      await tx
        .select({ id: products.id })
        .from(products)
        .where(
          inArray(
            products.id,
            lines.map((l) => l.productId),
          ),
        )
        .orderBy(asc(products.id))
        .for('update');
      for (const l of lines) await adjustStock(tx, l.productId, l.quantity);
      await tx.update(orderItems).set({ status: 'cancelled' }).where(eq(orderItems.orderId, id));
      await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
      // A review needs a purchase that still stands: this cancel may have taken the buyer's last one.
      await hideUnbackedReviews(
        tx,
        userId,
        lines.map((l) => l.productId),
      );
    });
    return this.get(userId, id);
  }

  private async byKey(userId: number, key: string): Promise<Order | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row ? ((await this.withLines([row]))[0] as Order) : null;
  }

  /** The orders with their lines (one query for all the lines), money in dollars. */
  private async withLines(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const lines = await this.db
      .select({
        orderId: orderItems.orderId,
        id: orderItems.id,
        productId: orderItems.productId,
        title: orderItems.title,
        imageUrl: products.imageUrl,
        variety: products.variety,
        quantity: orderItems.quantity,
        priceCents: orderItems.priceCents,
        status: orderItems.status,
        sellerId: users.id,
        sellerUsername: users.username,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    const byOrder = new Map<number, OrderLine[]>();
    for (const l of lines) {
      byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), toOrderLine(l)]);
    }
    return rows.map((r) => toOrder({ ...r, shipTo: shipToOf(r) }, byOrder.get(r.id) ?? []));
  }
}

/**
 * The 409 for cart lines that may not go to the destination under the shipping rules (docs/product.md#shipping-rules),
 * or null when every line may: the message names each line and its reason; `errors` has one entry per blocked
 * listing, keyed by its id.
 */
function shippingBlocks(
  lines: ReadonlyArray<
    { productId: number; title: string; shipsAs: string } & {
      shipFromState: string | null;
      blockedStates: readonly string[];
      certificates: SellerCertificate[];
    }
  >,
  destination: StateCode,
  today: IsoDate,
) {
  const reasons: string[] = [];
  const errors: Record<string, string> = {};
  for (const l of lines) {
    const decision = decideShipping(
      {
        shipFromState: l.shipFromState as StateCode | null,
        blockedStates: l.blockedStates as StateCode[],
        certificates: l.certificates,
      },
      { shipsAs: l.shipsAs as ShipsAs },
      destination,
      today,
    );
    if (decision.status === 'allowed') continue;
    reasons.push(`${l.title}: ${decision.reason}`);
    errors[String(l.productId)] = shippingDecisionText(decision, destination);
  }
  if (reasons.length === 0) return null;
  return new Conflict(`${cantShipMessage(destination)}: ${reasons.join('; ')}`, errors);
}

/**
 * The 409 for cart lines whose listing's price is not the one the buyer agreed to (the line's agreed price) or
 * was shown (the request's price for that listing, if it carried one), or null when every price stands. The
 * message names each change; `errors` has one entry per changed listing, keyed by its id.
 */
function priceChanges(
  lines: ReadonlyArray<{ productId: number; title: string; priceCents: number; agreedPriceCents: number }>,
  shown: ReadonlyMap<number, number>,
) {
  const changes: string[] = [];
  const errors: Record<string, string> = {};
  for (const l of lines) {
    const shownPrice = shown.get(l.productId);
    const agreedCents =
      shownPrice !== undefined && toCents(shownPrice) !== l.priceCents
        ? toCents(shownPrice)
        : l.agreedPriceCents;
    if (agreedCents === l.priceCents) continue;
    const change = `from ${formatUSD(fromCents(agreedCents))} to ${formatUSD(fromCents(l.priceCents))}`;
    changes.push(`${l.title} ${change}`);
    errors[String(l.productId)] = `The price of ${l.title} changed ${change}`;
  }
  if (changes.length === 0) return null;
  return new Conflict(
    `${PRICES_CHANGED}: ${changes.join('; ')}. Review your cart and accept the new prices to check out.`,
    errors,
  );
}

/** An order's copy of its address, or null for an order placed before orders had one. */
export function shipToOf(
  r: Pick<
    OrderRow,
    'shipToName' | 'shipToLine1' | 'shipToLine2' | 'shipToCity' | 'shipToState' | 'shipToZip' | 'shipToPhone'
  >,
): ShipTo | null {
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

/**
 * The address an order goes to: the buyer's address `addressId`, or their default one. NotFound for an address
 * that is not theirs (or no longer exists); InvalidInput when they have none.
 */
async function shipToAddress(tx: Tx, userId: number, addressId: number | null): Promise<ShipTo> {
  const [address] = await queryRows<
    RowOf<typeof addresses, 'name' | 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'phone'>
  >(
    tx,
    sql`select name, line1, line2, city, state, zip, phone from addresses
        where user_id = ${userId} and ${addressId === null ? sql`is_default` : sql`id = ${addressId}`}`,
  );
  if (address) return address;
  throw addressId === null
    ? new InvalidInput(ADD_AN_ADDRESS, { addressId: ADD_AN_ADDRESS })
    : new NotFound(ADDRESS_NOT_FOUND);
}

/** An order as the API shows it (money in dollars), from its row and its lines. */
function toOrder(
  r: Pick<
    OrderRow,
    'id' | 'userId' | 'status' | 'subtotalCents' | 'shippingCents' | 'totalCents' | 'createdAt'
  > & { shipTo: ShipTo | null },
  items: OrderLine[],
): Order {
  return {
    id: r.id,
    userId: r.userId,
    status: r.status,
    subtotal: fromCents(r.subtotalCents),
    shipping: fromCents(r.shippingCents),
    total: fromCents(r.totalCents),
    createdAt: r.createdAt.toISOString(),
    shipTo: r.shipTo,
    items,
  };
}

/** An order line as the API shows it: the unit price paid in dollars, with the listing's seller. */
function toOrderLine(l: {
  id: number;
  productId: number;
  title: string;
  imageUrl: string;
  variety: string;
  quantity: number;
  priceCents: number;
  status: string;
  sellerId: number;
  sellerUsername: string;
}): OrderLine {
  return {
    id: l.id,
    productId: l.productId,
    title: l.title,
    imageUrl: l.imageUrl,
    variety: l.variety,
    quantity: l.quantity,
    price: fromCents(l.priceCents),
    status: l.status as OrderStatus,
    seller: { id: l.sellerId, username: l.sellerUsername },
  };
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
