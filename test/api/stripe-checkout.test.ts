import type { CartLine } from '@domain/cart/responses';
import type { Order } from '@domain/orders/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/src/db/schema';
import { createTestApp, type TestApp, uniqueUsername } from '../support/app';
import { buyerWithCart, type CartItem, placeOrder, signUpNursery } from '../support/fixtures';
import { createStripeTestApp, type StripeTestApp } from '../support/stripe-app';
import type { StripeServer } from '../support/stripe-server';

// Checkout when buyers pay the marketplace by card (PAYMENTS_PROVIDER=stripe, docs/decisions/0021-payments.md):
// a nursery sells only with an active payout account; the order is written, then (after the commit) a hosted
// Checkout Session is made for it with a key from the order, and the buyer is sent there. Stripe is the official
// client against the loopback server of its protocol (test/support/stripe-server.ts).
let stripe: StripeServer;
let t: TestApp;
let app: StripeTestApp;

beforeAll(async () => {
  app = await createStripeTestApp();
  ({ t, stripe } = app);
});
afterAll(async () => {
  await app?.close();
});

/** What each nursery here sells. */
const CUTTING = { quantity: 10, price: 12.5 };

/** A nursery with a shop name and CUTTING listed, its payout account in `status` when given. */
const nursery = (payoutAccount?: 'pending' | 'active' | 'restricted') =>
  signUpNursery(t, {
    profile: { businessName: `Farm ${uniqueUsername('f')}` },
    listing: CUTTING,
    payoutAccount,
  });

/** A buyer with 2 of each listing in their cart. */
const cartOf = async (listings: CartItem[]) => (await buyerWithCart(t, listings, { quantity: 2 })).client;

const sessionsMade = () =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('checkout by card', () => {
  it('sells only from nurseries whose payout account is active, and says which cannot be paid', async () => {
    const pending = await nursery('pending');
    const none = await nursery();
    const active = await nursery('active');
    const buyer = await cartOf([pending.listing, none.listing, active.listing]);
    const lines = (await buyer.get<CartLine[]>('/api/cart')).body;
    expect(lines.map((l) => l.paymentProblem === null)).toEqual([false, false, true]);
    const before = sessionsMade().length;
    const refused = await buyer.post<{ message: string; errors: Record<string, string> }>('/api/orders', {});
    expect(refused.status).toBe(409);
    expect(Object.keys(refused.body.errors).sort()).toEqual(
      [String(pending.listing.id), String(none.listing.id)].sort(),
    );
    expect(sessionsMade()).toHaveLength(before);
  });

  it('makes one Checkout Session for the order, from the order, and sends the buyer there', async () => {
    const a = await nursery('active');
    const b = await nursery('active');
    const buyer = await cartOf([a.listing, b.listing]);
    const before = sessionsMade().length;
    const res = await buyer.post<Order>('/api/orders', {}, { 'idempotency-key': 'card-checkout-1' });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order.payment).toMatchObject({
      provider: 'stripe',
      // What the pages may show, from the answer: Stripe's page and "Pay now", refunds to the card.
      capabilities: {
        name: 'Stripe',
        paysNurseryDirectly: false,
        hostedCheckout: true,
        payoutAccounts: true,
        refundsByProvider: true,
      },
      status: 'awaiting',
      label: 'Awaiting payment',
    });
    // Each part says the same of its provider, as the nursery's Orders tab reads it.
    for (const s of order.shipments) expect(s.payment.capabilities).toEqual(order.payment.capabilities);
    expect(order.payment.redirectUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_`));
    expect(order.shipments.map((s) => s.payment.instructions)).toEqual([null, null]);
    // Nearly a day to pay by card: the window (24 hours by default) within Stripe's page's 23.5 hours, which keep
    // a margin from Stripe's limit of 24.
    expect(new Date(order.payment.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(
      23.5 * 3_600_000,
    );

    const made = sessionsMade().slice(before);
    expect(made).toHaveLength(1);
    const request = made[0];
    expect(request?.headers['idempotency-key']).toBe(`order-${order.id}-attempt-0`);
    expect(request?.params).toMatchObject({
      mode: 'payment',
      client_reference_id: String(order.id),
      metadata: { order_id: String(order.id) },
      payment_intent_data: { transfer_group: `order_${order.id}` },
      success_url: `${t.config.payments.origin}/orders/${order.id}?payment=return`,
    });
    // The amounts are the order's, in cents: two lines of 2 × $12.50 and the shipping.
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    const session = stripe.get(row?.ref ?? '') as { amount_total: number } | undefined;
    expect(session?.amount_total).toBe(Math.round(order.total * 100));

    // A replayed checkout and "Pay now" find the same page; no second session is made.
    const replay = await buyer.post<Order>('/api/orders', {}, { 'idempotency-key': 'card-checkout-1' });
    expect(replay.status).toBe(201);
    expect(replay.body.payment.redirectUrl).toBe(order.payment.redirectUrl);
    const again = await buyer.post<Order>(`/api/orders/${order.id}/payment`);
    expect(again.status).toBe(200);
    expect(again.body.payment.redirectUrl).toBe(order.payment.redirectUrl);
    expect(sessionsMade().slice(before)).toHaveLength(1);
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body.payment.redirectUrl).toBe(
      order.payment.redirectUrl,
    );
  });

  it('keeps the order when Stripe does not answer, and "Pay now" starts the same payment later', async () => {
    const a = await nursery('active');
    const buyer = await cartOf([a.listing]);
    stripe.failNext('/v1/checkout/sessions', 500);
    stripe.failNext('/v1/checkout/sessions', 500);
    stripe.failNext('/v1/checkout/sessions', 500);
    const res = await buyer.post<Order>('/api/orders', {});
    expect(res.status).toBe(201);
    expect(res.body.payment).toMatchObject({ status: 'awaiting', redirectUrl: null });
    expect((await buyer.get<CartLine[]>('/api/cart')).body).toEqual([]);

    stripe.failNext('/v1/checkout/sessions', 500);
    stripe.failNext('/v1/checkout/sessions', 500);
    stripe.failNext('/v1/checkout/sessions', 500);
    const down = await buyer.post<{ message: string }>(`/api/orders/${res.body.id}/payment`);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(
      'The card payment could not be started just now: please try again in a moment',
    );

    const up = await buyer.post<Order>(`/api/orders/${res.body.id}/payment`);
    expect(up.status).toBe(200);
    expect(up.body.payment.redirectUrl).toMatch(/\/pay\/cs_/);
  });

  it('refuses "Pay now" on another buyer’s order, after the window, and once expired at Stripe', async () => {
    const a = await nursery('active');
    const buyer = await cartOf([a.listing]);
    const order = (await buyer.post<Order>('/api/orders', {})).body;
    const stranger = await cartOf([]);
    expect((await stranger.post(`/api/orders/${order.id}/payment`)).status).toBe(404);
    expect((await a.client.post(`/api/orders/${order.id}/payment`)).status).toBe(404);

    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    await stripe.expire(row?.ref ?? '');
    const expired = await buyer.post<{ message: string }>(`/api/orders/${order.id}/payment`);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('The time to pay this order has passed');
  });
});

describe('"Pay now" under the default', () => {
  it('is a 409: the buyer pays each nursery directly', async () => {
    const direct = await createTestApp();
    try {
      const { listing } = await signUpNursery(direct, { listing: CUTTING });
      const { buyer, order } = await placeOrder(direct, [listing]);
      const res = await buyer.post<{ message: string }>(`/api/orders/${order.id}/payment`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This order is paid to each nursery directly, as the order page says');
    } finally {
      await direct.close();
    }
  });
});
