import { toCents } from '@domain/money';
import type { Order } from '@domain/orders/responses';
import { type IsoDate, shippingToday } from '@domain/shipping';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentSettings } from '../../config';
import type { Db, Tx } from '../../db/connect';
import { orders, shipments } from '../../db/schema';
import { Conflict, NotFound, Unavailable } from '../../errors';
import {
  type PaymentProvider,
  ProviderRefused,
  paymentPageOf,
  queueRefundsForCancelledShipments,
  queueTransfersForDeliveredShipments,
  recordPaymentPage,
} from '../payments';
import { checkCart, type Shown, writeCheckedCart } from './checkout';
import { readOrders } from './order-read';
import {
  cancelShipments,
  lockOrder,
  lockShipments,
  NOT_SHIPPED_YET,
  notifyDelivered,
  ORDER_CANCELLED,
  ORDER_SHIPPED,
  SHIPMENT_CANCELLED,
  SHIPMENT_NOT_FOUND,
  SHIPMENT_SHIPPED,
} from './shipment-changes';

/** A nursery's shipping as a line of the provider's payment page. */
export const shippingLineName = (nursery: string) => `Shipping from ${nursery}`;

export const ORDER_NOT_FOUND = 'Order not found';
export const PAID_DIRECTLY = 'This order is paid to each nursery directly, as the order page says';
export const ALREADY_PAID = 'This order is paid';
export const NOTHING_TO_PAY = 'Nothing is left to pay on this order';
export const PAYMENT_HELD =
  "This order's payment is being looked into: the marketplace will be in touch, so there is nothing to pay now";
export const TIME_TO_PAY_PASSED = 'The time to pay this order has passed';
export const PROVIDER_UNAVAILABLE =
  'The card payment could not be started just now: please try again in a moment';

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
    private readonly payments: PaymentSettings,
    /** The provider in force, that takes the buyer's money (`direct`: each nursery takes it itself). */
    private readonly provider: PaymentProvider,
    /** Where a payment that could not be started is told of. */
    private readonly log: { warn(details: object, message: string): void } = { warn() {} },
  ) {}

  /**
   * Places the user's cart as an order: all or nothing. With an idempotency key, a retry (even one racing the
   * first attempt) answers the order the key already made, and `replayed` is true. `shown` holds the unit prices
   * the buyer was shown and the shipping, if the request carried them.
   */
  async checkout(
    userId: number,
    idempotencyKey: string | null,
    shown: Shown = { prices: new Map(), shippingCents: null },
    /** One of the buyer's addresses; null for the default one. */
    addressId: number | null = null,
    /** The buyer's note to the sellers. */
    note: string | null = null,
  ): Promise<{ order: Order; replayed: boolean }> {
    if (idempotencyKey) {
      const existing = await this.byKey(userId, idempotencyKey);
      if (existing) return { order: await this.startPayment(existing), replayed: true };
    }
    let order: Order;
    try {
      order = await this.db.transaction((tx) =>
        this.placeOrder(tx, userId, idempotencyKey, shown, addressId, note),
      );
    } catch (err) {
      // A request with the same key committed while this one ran (it then found the cart empty, or the key
      // taken): answer that request's order.
      if (idempotencyKey) {
        const existing = await this.byKey(userId, idempotencyKey);
        if (existing) return { order: await this.startPayment(existing), replayed: true };
      }
      throw err;
    }
    // pay: after the commit, never while rows are locked. A payment that cannot be started now leaves the order
    // awaiting payment, and its page offers "Pay now".
    try {
      return { order: await this.startPayment(order), replayed: false };
    } catch (err) {
      this.log.warn({ err, orderId: order.id }, 'the payment of a new order could not be started');
      return { order, replayed: false };
    }
  }

  /**
   * "Pay now": starts (or finds again) the card payment of the buyer's order, awaiting payment, and answers the order
   * with where to pay. 404 for another's order; 409 when the nurseries are paid directly, when nothing is left to pay,
   * or when the time to pay has passed; 503 when the provider does not answer (try again).
   */
  async pay(userId: number, id: number): Promise<Order> {
    const order = await this.get(userId, id);
    if (!order.payment.capabilities.hostedCheckout || order.payment.provider !== this.provider.id)
      throw new Conflict(PAID_DIRECTLY);
    if (order.payment.status === 'paid') throw new Conflict(ALREADY_PAID);
    if (order.payment.status === 'held') throw new Conflict(PAYMENT_HELD);
    if (order.payment.status !== 'awaiting') throw new Conflict(NOTHING_TO_PAY);
    if (new Date(order.payment.expiresAt).getTime() <= this.now().getTime())
      throw new Conflict(TIME_TO_PAY_PASSED);
    const row = await paymentPageOf(this.db, id);
    if (row?.ref) {
      let seen: Awaited<ReturnType<PaymentProvider['lookUp']>>;
      try {
        seen = await this.provider.lookUp(row.ref);
      } catch (err) {
        this.log.warn({ err, orderId: id }, 'a payment could not be looked up');
        throw new Unavailable(PROVIDER_UNAVAILABLE);
      }
      if (seen.status === 'expired') throw new Conflict(TIME_TO_PAY_PASSED);
      if (seen.status !== 'open') return order;
    }
    try {
      return await this.startPayment(order);
    } catch (err) {
      // An order the provider cannot take (one placed before its limits were checked): its words, not "try again".
      if (err instanceof ProviderRefused) throw new Conflict(err.message);
      this.log.warn({ err, orderId: id }, 'a payment could not be started');
      throw new Unavailable(PROVIDER_UNAVAILABLE);
    }
  }

  /**
   * pay: sends the order's payment to the provider, once: the provider's idempotency key is made from the order and
   * its attempt, so a retry (a replayed checkout, "Pay now" after a lost answer) finds the same payment page. Stores
   * where the buyer pays and answers the order with it. Nothing to start when the buyer pays on no provider's page
   * (`direct`), or once paid.
   */
  private async startPayment(order: Order): Promise<Order> {
    if (!order.payment.capabilities.hostedCheckout || order.payment.provider !== this.provider.id)
      return order;
    if (order.payment.status !== 'awaiting' || order.payment.redirectUrl) return order;
    const row = await paymentPageOf(this.db, order.id);
    if (!row) return order;
    // The page's end is made from stored facts (the order's time and window; the provider keeps its own limit on
    // it), so a retry sends the very same request.
    const page = `${this.payments.origin}/orders/${order.id}`;
    const started = await this.provider.start({
      orderId: order.id,
      attempt: row.attempt,
      lines: order.items.map((l) => ({ title: l.title, unitCents: toCents(l.price), quantity: l.quantity })),
      shipping: order.shipments
        .filter((s) => s.payment.shipping > 0)
        .map((s) => ({ name: shippingLineName(s.seller.name), cents: toCents(s.payment.shipping) })),
      placedAt: new Date(order.createdAt),
      expiresAt: row.expiresAt,
      returnUrl: `${page}?payment=return`,
      cancelUrl: `${page}?payment=cancel`,
    });
    if (started.kind !== 'redirect') return order;
    await recordPaymentPage(this.db, order.id, row.attempt, started);
    return { ...order, payment: { ...order.payment, redirectUrl: started.url } };
  }

  /**
   * The checkout transaction, in checkout's named steps (checkout.ts): check the cart under its locks, then reserve
   * its units and write the order in one statement. Answers the order as written.
   */
  private async placeOrder(
    tx: Tx,
    userId: number,
    idempotencyKey: string | null,
    shown: Shown,
    addressId: number | null,
    note: string | null,
  ): Promise<Order> {
    const cart = await checkCart(tx, userId, shown, addressId, this.today(), this.payments, this.provider);
    // The unpaid window, never longer than the provider's payment page may wait.
    const windowMs = Math.min(this.payments.windowHours * 3_600_000, this.provider.longestWindowMs);
    return writeCheckedCart(tx, userId, idempotencyKey, note, cart, this.payments, windowMs);
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
      await this.lockOwnOrder(tx, userId, id);
      const parts = await lockShipments(tx, sql`order_id = ${id}`);
      const chosen = shipmentId === undefined ? parts : parts.filter((p) => p.id === shipmentId);
      if (chosen.length === 0) throw new NotFound(SHIPMENT_NOT_FOUND);
      if (chosen.every((p) => p.status === 'cancelled'))
        throw new Conflict(shipmentId === undefined ? ORDER_CANCELLED : SHIPMENT_CANCELLED);
      const pending = chosen.filter((p) => p.status === 'pending');
      if (pending.length === 0)
        throw new Conflict(shipmentId === undefined ? ORDER_SHIPPED : SHIPMENT_SHIPPED);
      const cancelled = pending.map((p) => p.id);
      await cancelShipments(tx, userId, cancelled, 'buyer', reason, this.now());
      // What the buyer paid the marketplace for these parts goes back: their refunds fall due with the cancel.
      await queueRefundsForCancelledShipments(tx, cancelled);
    });
    return this.get(userId, id);
  }

  /**
   * The buyer says a shipped shipment arrived: delivered now. Saying it again changes nothing; a shipment not yet
   * shipped, or cancelled, is 409.
   */
  async confirmDelivery(userId: number, id: number, shipmentId: number): Promise<Order> {
    await this.db.transaction(async (tx) => {
      await this.lockOwnOrder(tx, userId, id);
      const [part] = await lockShipments(tx, sql`order_id = ${id} and id = ${shipmentId}`);
      if (!part) throw new NotFound(SHIPMENT_NOT_FOUND);
      if (part.status === 'delivered') return;
      if (part.status !== 'shipped') throw new Conflict(NOT_SHIPPED_YET);
      await tx
        .update(shipments)
        .set({ status: 'delivered', deliveredAt: this.now(), deliveredBy: 'buyer' })
        .where(eq(shipments.id, shipmentId));
      // The nursery paid through the marketplace is owed its part: its transfer falls due with the delivery.
      await queueTransfersForDeliveredShipments(tx, [shipmentId]);
      await notifyDelivered(tx, [shipmentId], 'buyer');
    });
    return this.get(userId, id);
  }

  /** Locks the buyer's order (lockOrder: the first lock of every change to an order); 404 when it is not theirs. */
  private async lockOwnOrder(tx: Tx, userId: number, id: number): Promise<void> {
    if (!(await lockOrder(tx, sql`id = ${id} and user_id = ${userId}`))) throw new NotFound(ORDER_NOT_FOUND);
  }

  private async byKey(userId: number, key: string): Promise<Order | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row ? ((await readOrders(this.db, [row]))[0] as Order) : null;
  }
}
