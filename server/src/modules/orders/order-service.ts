import type { Order } from '@domain/orders/responses';
import { PAYMENT_WINDOW_HOURS } from '@domain/payments';
import { type IsoDate, shippingToday } from '@domain/shipping';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import type { Db, Tx } from '../../db/connect';
import { orders, shipments } from '../../db/schema';
import { Conflict, NotFound } from '../../errors';
import { checkCart, writeOrder } from './checkout';
import { readOrders } from './order-read';
import {
  cancelShipments,
  lockShipments,
  NOT_SHIPPED_YET,
  notifyDelivered,
  ORDER_CANCELLED,
  ORDER_SHIPPED,
  SHIPMENT_CANCELLED,
  SHIPMENT_NOT_FOUND,
  SHIPMENT_SHIPPED,
} from './shipment-changes';

export const ORDER_NOT_FOUND = 'Order not found';

/** The default: each nursery paid directly, no commission, a week to pay. */
const DIRECT_PAYMENTS: PaymentSettings = {
  provider: 'direct',
  commissionBp: 0,
  windowHours: PAYMENT_WINDOW_HOURS.direct,
  origin: 'http://localhost',
};

/**
 * The buyer's side: checkout, order history, cancelling what has not shipped, confirming delivery
 * (docs/quality.md#reliability). Each state change is one transaction that locks the products it touches in id
 * order, so concurrent checkouts never oversell and never deadlock.
 */
export class OrderService {
  constructor(
    private readonly db: Db,
    /** Today's date for the shipping rules' certificates (shippingToday); a test may fix it. */
    private readonly today: () => IsoDate = () => shippingToday(),
    /** The time a shipment's step is stamped with; a test may control it. */
    private readonly now: () => Date = () => new Date(),
    /** Who takes the money, the commission fixed per shipment at checkout, and the unpaid window. */
    private readonly payments: PaymentSettings = DIRECT_PAYMENTS,
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
    /** The buyer's note to the sellers. */
    note: string | null = null,
  ): Promise<{ order: Order; replayed: boolean }> {
    if (idempotencyKey) {
      const existing = await this.byKey(userId, idempotencyKey);
      if (existing) return { order: existing, replayed: true };
    }
    try {
      const order = await this.db.transaction((tx) =>
        this.placeOrder(tx, userId, idempotencyKey, shown, addressId, note),
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
   * The checkout transaction, in checkout's named steps (checkout.ts): check the cart under its locks, then reserve
   * its units and write the order in one statement. Answers the order as written.
   */
  private async placeOrder(
    tx: Tx,
    userId: number,
    idempotencyKey: string | null,
    shown: ReadonlyMap<number, number>,
    addressId: number | null,
    note: string | null,
  ): Promise<Order> {
    const cart = await checkCart(tx, userId, shown, addressId, this.today(), this.payments);
    return writeOrder(tx, userId, idempotencyKey, note, cart, this.payments);
  }

  /** The user's orders, newest first, with their shipments and lines. */
  async list(userId: number): Promise<Order[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return readOrders(this.db, rows);
  }

  /** One of the user's orders; 404 when it does not exist or is someone else's. */
  async get(userId: number, id: number): Promise<Order> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    if (!row) throw new NotFound(ORDER_NOT_FOUND);
    const [order] = await readOrders(this.db, [row]);
    return order as Order;
  }

  /**
   * Cancels what has not shipped of the buyer's order (every pending shipment), or one pending shipment of it
   * (`shipmentId`): units back in stock, the buyer's reviews no other standing purchase backs hidden, in one
   * transaction that locks the order, then its shipments, then their listings in id order. 404 for someone
   * else's order or a shipment not in it, 409 when nothing is left to cancel.
   */
  async cancel(userId: number, id: number, reason: string | null, shipmentId?: number): Promise<Order> {
    await this.db.transaction(async (tx) => {
      await this.lockOrder(tx, userId, id);
      const parts = await lockShipments(tx, sql`order_id = ${id}`);
      const chosen = shipmentId === undefined ? parts : parts.filter((p) => p.id === shipmentId);
      if (chosen.length === 0) throw new NotFound(SHIPMENT_NOT_FOUND);
      if (chosen.every((p) => p.status === 'cancelled'))
        throw new Conflict(shipmentId === undefined ? ORDER_CANCELLED : SHIPMENT_CANCELLED);
      const pending = chosen.filter((p) => p.status === 'pending');
      if (pending.length === 0)
        throw new Conflict(shipmentId === undefined ? ORDER_SHIPPED : SHIPMENT_SHIPPED);
      await cancelShipments(
        tx,
        userId,
        pending.map((p) => p.id),
        'buyer',
        reason,
        this.now(),
      );
    });
    return this.get(userId, id);
  }

  /**
   * The buyer says a shipped shipment arrived: delivered now. Saying it again changes nothing; a shipment not yet
   * shipped, or cancelled, is 409.
   */
  async confirmDelivery(userId: number, id: number, shipmentId: number): Promise<Order> {
    await this.db.transaction(async (tx) => {
      await this.lockOrder(tx, userId, id);
      const [part] = await lockShipments(tx, sql`order_id = ${id} and id = ${shipmentId}`);
      if (!part) throw new NotFound(SHIPMENT_NOT_FOUND);
      if (part.status === 'delivered') return;
      if (part.status !== 'shipped') throw new Conflict(NOT_SHIPPED_YET);
      await tx
        .update(shipments)
        .set({ status: 'delivered', deliveredAt: this.now(), deliveredBy: 'buyer' })
        .where(eq(shipments.id, shipmentId));
      await notifyDelivered(tx, [shipmentId], 'buyer');
    });
    return this.get(userId, id);
  }

  /** Locks the buyer's order; 404 when it is not theirs. */
  private async lockOrder(tx: Tx, userId: number, id: number): Promise<void> {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new NotFound(ORDER_NOT_FOUND);
  }

  private async byKey(userId: number, key: string): Promise<Order | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row ? ((await readOrders(this.db, [row]))[0] as Order) : null;
  }
}
