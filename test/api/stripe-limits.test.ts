import type { CartLine } from '@domain/cart/responses';
import type { Product } from '@domain/catalog/responses';
import type { NotificationPage } from '@domain/notifications/responses';
import type { Order } from '@domain/orders/responses';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import {
  ledgerEntries,
  notifications,
  payments,
  products,
  sellerPayoutAccounts,
  shipmentSettlements,
} from '../../server/src/db/schema';
import { PaymentEvents } from '../../server/src/modules/orders';
import { type EventLog, stripeClient, stripePayments } from '../../server/src/modules/payments';
import type { Client, TestApp } from '../support/app';
import { buyerWithCart, type CartItem, createListing, signUpCardNursery } from '../support/fixtures';
import { createStripeTestApp, type StripeTestApp } from '../support/stripe-app';
import type { StripeServer } from '../support/stripe-server';

// What Stripe will not take, and what it captured (docs/decisions/0028-stripe-limits.md): an order is paid only when
// the charge Stripe made covers it in USD, else it is held for a person; checkout refuses, before the order is
// placed, what a Checkout Session cannot hold; the session's end keeps a margin from Stripe's 24 hours; a transfer
// refused for the nursery's account waits for the account. The official client against the local Stripe server.
let stripe: StripeServer;
let t: TestApp;
let app: StripeTestApp;
let clock = new Date();
/** How far the local Stripe's clock is behind ours, in milliseconds. */
let stripeBehindMs = 0;

beforeAll(async () => {
  app = await createStripeTestApp({
    webhooks: true,
    now: () => clock,
    stripe: { now: () => Date.now() - stripeBehindMs },
  });
  ({ t, stripe } = app);
});
afterAll(async () => {
  await app?.close();
});

/** What each nursery here sells unless a test says otherwise: dear listings, in quantity. */
const CUTTING = { quantity: 500, price: 1000 };

/** A buyer with `lines` in their cart. */
const cartOf = async (lines: CartItem[]) => (await buyerWithCart(t, lines)).client;

/** A placed order and its Checkout Session. */
async function placed(buyer: Client): Promise<{ order: Order; ref: string }> {
  const res = await buyer.post<Order>('/api/orders', {});
  expect(res.status).toBe(201);
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, res.body.id));
  expect(row?.ref).toBeTruthy();
  return { order: res.body, ref: row?.ref ?? '' };
}

const settlementsOf = (orderId: number) =>
  queryRows<{ shipmentId: number; paidAt: Date | null; refundState: string; transferState: string }>(
    t.database.db,
    sql`select ss.shipment_id as "shipmentId", ss.paid_at as "paidAt", ss.refund_state as "refundState",
               ss.transfer_state as "transferState"
        from shipment_settlements ss join shipments s on s.id = ss.shipment_id
        where s.order_id = ${orderId} order by ss.shipment_id`,
  );

const ledgerOf = (orderId: number) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));

const noticesOf = (orderId: number) =>
  t.database.db
    .select({ userId: notifications.userId, kind: notifications.kind, title: notifications.title })
    .from(notifications)
    .where(eq(notifications.orderId, orderId))
    .orderBy(asc(notifications.id));

const ship = (seller: Client, shipmentId: number) =>
  seller.post(`/api/seller/shipments/${shipmentId}/ship`, { carrier: 'other', trackingNumber: null });

/** A log that keeps what it is told. */
function keptLog() {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const at =
    (level: string) =>
    (details: object, message?: string): void => {
      lines.push({ level, details: details as Record<string, unknown>, message: message ?? '' });
    };
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as EventLog;
  return { log, lines };
}

describe('an order is paid only when what Stripe captured covers it in USD', () => {
  it('holds an order whose charge captured $0.50 of $1,012.99: not paid, cannot ship, the buyer told, logged', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const buyer = await cartOf([{ listing: a.listing, quantity: 1 }]);
    const { order, ref } = await placed(buyer);
    expect(order.total).toBe(1012.99);

    // Stripe's event arrives over HTTP (checkout.session.completed, signed), and the session read back says $0.50.
    const event = await stripe.pay(ref, { amount: 50 });
    expect(stripe.deliveries.filter((d) => d.event === event.id).map((d) => d.status)).toEqual([200]);

    expect((await settlementsOf(order.id)).map((s) => s.paidAt)).toEqual([null]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(row).toMatchObject({ capturedCents: 50, amountCents: 101_299 });
    expect(row?.chargeRef).toMatch(/^ch_/);
    expect(await ledgerOf(order.id)).toEqual([]);
    const shipmentId = order.shipments[0]?.id ?? 0;
    const refused = await ship(a.client, shipmentId);
    expect(refused.status).toBe(409);

    const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.payment).toMatchObject({
      status: 'held',
      label: 'Payment under review',
      redirectUrl: null,
      paid: 0,
    });
    // "Pay now" says why there is nothing to pay, without starting anything.
    const payNow = await buyer.post<{ message: string }>(`/api/orders/${order.id}/payment`);
    expect(payNow.status).toBe(409);
    expect(payNow.body.message).toMatch(/being looked into/);

    // The buyer is told; no nursery is told to ship.
    const notices = await noticesOf(order.id);
    expect(notices.filter((n) => n.kind === 'order-paid')).toEqual([]);
    expect(notices.filter((n) => n.kind === 'payment-held')).toEqual([
      {
        userId: seen.userId,
        kind: 'payment-held',
        title: `Order #${order.id}: your payment is being looked into`,
      },
    ]);
    const bell = await buyer.get<NotificationPage>('/api/notifications');
    expect(bell.body.items.find((n) => n.kind === 'payment-held')?.body).toContain(
      "came to $0.50 of the order's $1,012.99 total",
    );

    // The same event again, or the reconciliation: the held payment stays held, nothing more.
    expect((await stripe.resend(event.id)).status).toBe(200);
    expect((await settlementsOf(order.id)).map((s) => s.paidAt)).toEqual([null]);
    expect((await noticesOf(order.id)).filter((n) => n.kind === 'payment-held')).toHaveLength(1);
  });

  it('holds a charge in another currency whatever its amount, and logs a warning with the order and amounts', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const buyer = await cartOf([{ listing: a.listing, quantity: 1 }]);
    const { order, ref } = await placed(buyer);
    // The event is kept, not sent: the app's handler is run with a log the test reads.
    stripe.hold();
    const event = await stripe.pay(ref, { amount: 101_299 * 2, currency: 'eur' });
    const { log, lines } = keptLog();
    const events = new PaymentEvents(t.database.db, stripePayments(stripeClient(app.settings), app.settings));
    await events.handle({ id: event.id, kind: 'paid', ref, orderId: order.id }, log);
    // Stripe's delivery of the same event then changes nothing.
    expect((await stripe.release()).map((d) => d.status)).toEqual([200]);
    const warned = lines.filter((l) => l.level === 'warn' && /held/.test(l.message));
    expect(warned).toHaveLength(1);
    expect(warned[0]?.details).toMatchObject({
      orderId: order.id,
      amountCents: 101_299,
      capturedCents: 202_598,
      currency: 'eur',
    });
    expect((await settlementsOf(order.id)).map((s) => s.paidAt)).toEqual([null]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(row?.capturedCents).toBe(0);
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body.payment.status).toBe('held');
    expect(
      (await buyer.get<NotificationPage>('/api/notifications')).body.items.find(
        (n) => n.kind === 'payment-held',
      )?.body,
    ).toContain('came in another currency than US dollars');
  });

  it('holds a bank debit that settles short (async_payment_succeeded), and pays one that covers the order', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const short = await placed(await cartOf([{ listing: a.listing, quantity: 1 }]));
    await stripe.pay(short.ref, { delayed: true, amount: 100_000 });
    expect((await settlementsOf(short.order.id)).map((s) => s.paidAt)).toEqual([null]);
    await stripe.settle(short.ref, 'succeeded');
    expect((await settlementsOf(short.order.id)).map((s) => s.paidAt)).toEqual([null]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, short.order.id));
    expect(row?.capturedCents).toBe(100_000);

    const whole = await placed(await cartOf([{ listing: a.listing, quantity: 1 }]));
    await stripe.pay(whole.ref, { delayed: true });
    await stripe.settle(whole.ref, 'succeeded');
    expect((await settlementsOf(whole.order.id)).every((s) => s.paidAt !== null)).toBe(true);
    expect(await ledgerOf(whole.order.id)).toEqual([{ kind: 'charge', amountCents: 101_299 }]);
  });
});

describe('checkout refuses what a Checkout Session cannot take, before the order is placed', () => {
  it('refuses an order over $999,999.99 by card, with why, holding no stock; $999,999.99 itself is taken', async () => {
    const a = await signUpCardNursery(app, { listing: { ...CUTTING, price: 9_999.99, quantity: 1000 } });
    const stockBefore = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, a.listing.id)))[0]?.quantity;
    const buyer = await cartOf([{ listing: a.listing, quantity: 100 }]);
    const ordersBefore = (await buyer.get<Order[]>('/api/orders')).body.length;
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    // 100 × $9,999.99 + $12.99 shipping = $1,000,011.99.
    const refused = await buyer.post<{ message: string }>('/api/orders', {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Card payments take at most $999,999.99 an order: split your order');
    expect(await stockBefore()).toBe(1000);
    expect((await buyer.get<Order[]>('/api/orders')).body).toHaveLength(ordersBefore);
    expect((await buyer.get<CartLine[]>('/api/cart')).body).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(sessions);

    // At the limit to the cent, the order is placed and Stripe takes its session.
    const b = await signUpCardNursery(app, { listing: { ...CUTTING, price: 99_998.7, quantity: 50 } });
    const atLimit = await placed(await cartOf([{ listing: b.listing, quantity: 10 }]));
    expect(atLimit.order.total).toBe(999_999.99);
    expect(atLimit.order.payment.redirectUrl).toMatch(/\/pay\/cs_/);
  });

  it('refuses a cart of 100 listings (101 line items with shipping), and takes 99', async () => {
    const a = await signUpCardNursery(app, { listing: { ...CUTTING, price: 5, quantity: 10 } });
    const more: Product[] = [a.listing];
    for (let i = 1; i < 100; i++) {
      more.push(await createListing(a.client, { title: `Limit cutting ${i}`, price: 5, quantity: 10 }));
    }
    const buyer = await cartOf(more.map((listing) => ({ listing, quantity: 1 })));
    const refused = await buyer.post<{ message: string }>('/api/orders', {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Card payments take at most 99 different listings an order: split your order',
    );
    const lines = (await buyer.get<CartLine[]>('/api/cart')).body;
    expect(lines).toHaveLength(100);
    const last = lines.find((l) => l.productId === more[99]?.id);
    expect((await buyer.delete(`/api/cart/${last?.id}`)).status).toBe(204);
    const taken = await placed(buyer);
    expect(taken.order.items).toHaveLength(99);
    expect(taken.order.payment.redirectUrl).toMatch(/\/pay\/cs_/);
  });

  it('answers "Pay now" on an order Stripe cannot take (placed before the check) with why, not "try again"', async () => {
    const a = await signUpCardNursery(app, { listing: { ...CUTTING, price: 9_999.99, quantity: 1000 } });
    // Placed as an older version would have: the order written, its session refused.
    const buyer = await cartOf([{ listing: a.listing, quantity: 1 }]);
    const { order } = await placed(buyer);
    await t.database.db
      .update(payments)
      .set({ amountCents: 100_001_199, ref: null, redirectUrl: null })
      .where(eq(payments.orderId, order.id));
    await t.database.db.execute(sql`update order_items set quantity = 100 where order_id = ${order.id}`);
    await t.database.db.execute(
      sql`update shipment_settlements set lines_cents = 99999900, gross_cents = 100001199, net_cents = 100001199
          where shipment_id = ${order.shipments[0]?.id ?? 0}`,
    );
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const res = await buyer.post<{ message: string }>(`/api/orders/${order.id}/payment`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Card payments take at most $999,999.99 an order: split your order');
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(sessions);
  });
});

describe("the session's end keeps a margin from Stripe's 24 hours", () => {
  it('is taken by Stripe when its clock is 20 minutes behind ours, and the order waits as long as the page', async () => {
    stripeBehindMs = 20 * 60_000;
    try {
      const a = await signUpCardNursery(app, { listing: CUTTING });
      const { order, ref } = await placed(await cartOf([{ listing: a.listing, quantity: 1 }]));
      expect(order.payment.redirectUrl).toMatch(/\/pay\/cs_/);
      const session = stripe.get(ref) as { expires_at: number; created: number };
      const placedAt = new Date(order.createdAt).getTime();
      expect(session.expires_at * 1000).toBeLessThanOrEqual(placedAt + 23.5 * 3_600_000);
      expect(session.expires_at - session.created).toBeLessThan(24 * 3600);
      // The buyer is told the very end of the page: the order's window is the session's.
      expect(Math.floor(new Date(order.payment.expiresAt).getTime() / 1000)).toBe(session.expires_at);
    } finally {
      stripeBehindMs = 0;
    }
  });
});

describe('a transfer refused for the nursery’s account waits for the account', () => {
  it('goes back to waiting, and is sent once account.updated says the account may be paid again', async () => {
    const a = await signUpCardNursery(app, { listing: { ...CUTTING, price: 20 } });
    const buyer = await cartOf([{ listing: a.listing, quantity: 1 }]);
    const { order, ref } = await placed(buyer);
    await stripe.pay(ref);
    const shipmentId = order.shipments[0]?.id ?? 0;
    expect((await ship(a.client, shipmentId)).status).toBe(200);
    expect((await buyer.post(`/api/orders/${order.id}/shipments/${shipmentId}/delivered`)).status).toBe(200);

    // Stripe restricts the account; its account.updated has not arrived, so the app still takes it as active.
    stripe.hold();
    await stripe.restrict(a.accountRef, ['external_account']);
    const [before] = await t.database.db
      .select({ status: sellerPayoutAccounts.status })
      .from(sellerPayoutAccounts)
      .where(eq(sellerPayoutAccounts.sellerId, a.id));
    expect(before?.status).toBe('active');
    const tried = () =>
      stripe.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/transfers' &&
          (r.params.metadata as Record<string, string> | undefined)?.shipment_id === String(shipmentId),
      ).length;

    expect((await t.moneyJobs.run()).transfers).toBe(0);
    expect(tried()).toBe(1);
    expect((await settlementsOf(order.id))[0]?.transferState).toBe('due');
    // It waits: the account is read again, so later passes leave the transfer alone until the account is active.
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await t.moneyJobs.run()).transfers).toBe(0);
    expect(tried()).toBe(1);
    expect((await settlementsOf(order.id))[0]?.transferState).toBe('due');

    // Stripe's events arrive (the restriction, then the account active again), and the next pass sends it.
    await stripe.activate(a.accountRef);
    expect((await stripe.release()).map((d) => [d.type, d.status])).toEqual([
      ['account.updated', 200],
      ['account.updated', 200],
    ]);
    expect((await t.moneyJobs.run()).transfers).toBe(1);
    expect(tried()).toBe(2);
    // The refusal is kept under the first key, so the second attempt has its own.
    expect(
      stripe.requests
        .filter(
          (r) =>
            r.path === '/v1/transfers' &&
            (r.params.metadata as Record<string, string> | undefined)?.shipment_id === String(shipmentId),
        )
        .map((r) => r.headers['idempotency-key']),
    ).toEqual([`transfer-shipment-${shipmentId}`, `transfer-shipment-${shipmentId}-attempt-1`]);
    const [settled] = await t.database.db
      .select()
      .from(shipmentSettlements)
      .where(eq(shipmentSettlements.shipmentId, shipmentId));
    expect(settled).toMatchObject({ transferState: 'sent' });
    expect((await ledgerOf(order.id)).filter((e) => e.kind === 'transfer')).toHaveLength(1);
  });
});
