import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SHIPPING_CENTS } from '../../../../domain/constants';
import { fromCents } from '../../../../domain/money';
import type { Order, OrderLine, OrderStatus } from '../../../../domain/schemas/orders';
import type { Db, Tx } from '../../db/connect';
import { cartItems, orderItems, orders, products, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../plugins/errors';

export const CART_IS_EMPTY = 'Cart is empty';
export const ORDER_NOT_FOUND = 'Order not found';

type OrderRow = typeof orders.$inferSelect;

/**
 * Checkout, order history and cancellation (DESIGN section 6). Each state change is one transaction that locks
 * the products it touches in id order, so concurrent checkouts never oversell and never deadlock.
 */
export class OrderService {
  constructor(private readonly db: Db) {}

  /**
   * Places the user's cart as an order: all or nothing. With an idempotency key, a retry (even one racing the
   * first attempt) answers the order the key already made, and `replayed` is true.
   */
  async checkout(
    userId: number,
    idempotencyKey: string | null,
  ): Promise<{ order: Order; replayed: boolean }> {
    if (idempotencyKey) {
      const existing = await this.byKey(userId, idempotencyKey);
      if (existing) return { order: existing, replayed: true };
    }
    try {
      const id = await this.db.transaction((tx) => this.placeOrder(tx, userId, idempotencyKey));
      return { order: await this.get(userId, id), replayed: false };
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

  private async placeOrder(tx: Tx, userId: number, idempotencyKey: string | null): Promise<number> {
    const lines = await tx
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(products, and(eq(products.id, cartItems.productId), isNull(products.archivedAt)))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.productId))
      // Locking the lines makes a second checkout of the same cart wait, then find it empty.
      .for('update', { of: cartItems });
    if (lines.length === 0) throw badRequest(CART_IS_EMPTY);

    // Lock the listings in id order (every checkout and cancel does), then check stock under the lock.
    const locked = await tx
      .select({
        id: products.id,
        title: products.title,
        priceCents: products.priceCents,
        quantity: products.quantity,
        inStock: products.inStock,
      })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      )
      .orderBy(asc(products.id))
      .for('update');
    const byId = new Map(locked.map((p) => [p.id, p]));
    const bought = lines.map((line) => {
      const product = byId.get(line.productId);
      if (!product) throw conflict('A listing in your cart is no longer available');
      if (!product.inStock || product.quantity < line.quantity) {
        throw conflict(
          !product.inStock || product.quantity === 0
            ? `${product.title} is out of stock`
            : `Not enough stock for ${product.title}: only ${product.quantity} left`,
        );
      }
      return { ...line, product };
    });

    const subtotalCents = bought.reduce((sum, b) => sum + b.product.priceCents * b.quantity, 0);
    const shippingCents = subtotalCents > 0 ? SHIPPING_CENTS : 0;
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        subtotalCents,
        shippingCents,
        totalCents: subtotalCents + shippingCents,
        idempotencyKey,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('The order was not written');
    await tx.insert(orderItems).values(
      bought.map((b) => ({
        orderId: order.id,
        productId: b.productId,
        title: b.product.title,
        quantity: b.quantity,
        priceCents: b.product.priceCents,
      })),
    );
    for (const b of bought) await adjustStock(tx, b.productId, -b.quantity);
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    return order.id;
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
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const [order] = await this.withLines([row]);
    return order as Order;
  }

  /**
   * Cancels a pending order whose lines have not shipped, putting the units back in stock: one transaction,
   * the order locked first, then its listings in id order. 404 for someone else's order, 409 when it is too late.
   */
  async cancel(userId: number, id: number): Promise<Order> {
    await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)))
        .for('update');
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (order.status === 'cancelled') throw conflict('This order is already cancelled');
      const lines = await tx
        .select({ productId: orderItems.productId, quantity: orderItems.quantity, status: orderItems.status })
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(asc(orderItems.productId));
      if (order.status !== 'pending' || lines.some((l) => l.status !== 'pending')) {
        throw conflict('This order has shipped and can no longer be cancelled');
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
      const line: OrderLine = {
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
      byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), line]);
    }
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      status: r.status as OrderStatus,
      subtotal: fromCents(r.subtotalCents),
      shipping: fromCents(r.shippingCents),
      total: fromCents(r.totalCents),
      createdAt: r.createdAt.toISOString(),
      items: byOrder.get(r.id) ?? [],
    }));
  }
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
