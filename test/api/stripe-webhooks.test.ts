import type { Product } from '@domain/catalog/responses';
import type { NotificationPage } from '@domain/notifications/responses';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../server/src/db/connect';
import {
  ledgerEntries,
  notifications,
  paymentEvents,
  payments,
  products,
  sellerPayoutAccounts,
  shipmentSettlements,
  shipments,
} from '../../server/src/db/schema';
import {
  BAD_SIGNATURE,
  type PaymentProvider,
  type PayoutProvider,
  stripeClient,
  stripePayments,
  stripePayouts,
} from '../../server/src/modules/payments';
import { Client, createTestApp, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { placeOrder, signUpNursery } from '../support/fixtures';
import {
  createStripeTestApp,
  STRIPE_CONNECT_WEBHOOK_SECRET,
  STRIPE_WEBHOOK_SECRET,
  type StripeTestApp,
} from '../support/stripe-app';
import type { StripeServer, WebhookEvent } from '../support/stripe-server';

// Stripe's webhooks (docs/decisions/0021-payments.md#the-webhook-routes-and-the-security-rules and
// #when-the-money-arrives): the app listens on a loopback port and the local Stripe server
// (test/support/stripe-server.ts) delivers its signed events there, as Stripe would, with no Origin. Each order's
// Checkout Session is the one checkout's pay step started.
const PLATFORM_SECRET = STRIPE_WEBHOOK_SECRET;
const CONNECT_SECRET = STRIPE_CONNECT_WEBHOOK_SECRET;
const WEBHOOK = '/api/payments/stripe/webhook';
const CONNECT_WEBHOOK = '/api/payments/stripe/connect-webhook';

let stripe: StripeServer;
let t: TestApp;
let app: StripeTestApp;
let appUrl: string;
let adapter: PaymentProvider;
let payouts: PayoutProvider;

beforeAll(async () => {
  app = await createStripeTestApp({ webhooks: true });
  ({ t, stripe } = app);
  appUrl = app.url as string;
  const client = stripeClient(app.settings);
  adapter = stripePayments(client, app.settings);
  payouts = stripePayouts(client, app.settings);
});
afterAll(async () => {
  await app?.close();
});

/** What each nursery here sells. */
const CUTTING = { quantity: 10, price: 12.5 };

/** An order from one or more nurseries (`quantity` of each listing), with the Checkout Session checkout started for it. */
async function ordered(listings: Product[], quantity = 1) {
  const { buyer, buyerId, order } = await placeOrder(t, listings, { quantity });
  const [row] = await t.database.db
    .select({ amountCents: payments.amountCents, ref: payments.ref })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  if (!row?.ref) throw new Error('checkout started no Checkout Session');
  return { buyer, buyerId, order, ref: row.ref, amountCents: row.amountCents };
}

/** Where an order's money and parts stand, as the tables say. */
async function stateOf(orderId: number) {
  const db = t.database.db;
  const [payment] = await db
    .select({ chargeRef: payments.chargeRef, capturedCents: payments.capturedCents })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  const parts = await db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      status: shipments.status,
      cancelledBy: shipments.cancelledBy,
      paidAt: shipmentSettlements.paidAt,
    })
    .from(shipments)
    .innerJoin(shipmentSettlements, eq(shipmentSettlements.shipmentId, shipments.id))
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.id));
  const ledger = await db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      provider: ledgerEntries.provider,
      providerRef: ledgerEntries.providerRef,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(asc(ledgerEntries.id));
  const notices = await db
    .select({ userId: notifications.userId, kind: notifications.kind, title: notifications.title })
    .from(notifications)
    .where(eq(notifications.orderId, orderId))
    .orderBy(asc(notifications.id));
  return { payment, parts, ledger, notices, paid: notices.filter((n) => n.kind === 'order-paid') };
}

const stockOf = async (id: number) =>
  (await t.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, id)))[0]
    ?.quantity;

/** The events the app has recorded. */
const eventsHandled = async (ids: string[]) =>
  ids.length === 0
    ? []
    : t.database.db
        .select({ eventId: paymentEvents.eventId })
        .from(paymentEvents)
        .where(inArray(paymentEvents.eventId, ids));

/** The deliveries of an event, with the app's answers. */
const deliveriesOf = (event: WebhookEvent) => stripe.deliveries.filter((d) => d.event === event.id);

/** Posts a body to a webhook as Stripe would (no Origin), with the signature given (or none). */
async function post(path: string, payload: string, signature?: string) {
  const res = await fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const payloadOf = (event: WebhookEvent) => JSON.stringify(event, null, 2);
const signed = (payload: string, secret = PLATFORM_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });

const ship = (seller: Client, shipmentId: number) =>
  seller.post(`/api/seller/shipments/${shipmentId}/ship`, {
    carrier: 'usps',
    trackingNumber: '9400 1000 0000 0000 0000 00',
  });

describe('checkout.session.completed', () => {
  it('stamps every part paid, records the charge once, tells each nursery once, and lets them ship', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const b = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order, ref, amountCents } = await ordered([a.listing, b.listing]);
    const before = await stateOf(order.id);
    expect(before.parts.map((p) => p.paidAt)).toEqual([null, null]);
    const partOfA = before.parts.find((p) => p.sellerId === a.id);
    expect((await ship(a.client, partOfA?.id ?? 0)).status).toBe(409);

    const event = await stripe.pay(ref);
    expect(deliveriesOf(event).map((d) => d.status)).toEqual([200]);
    const after = await stateOf(order.id);
    expect(after.parts.every((p) => p.paidAt !== null && p.status === 'pending')).toBe(true);
    const session = await adapter.lookUp(ref);
    expect(after.payment).toEqual({ chargeRef: session.chargeRef, capturedCents: amountCents });
    expect(after.ledger).toEqual([
      { kind: 'charge', amountCents, provider: 'stripe', providerRef: session.chargeRef },
    ]);
    expect(after.paid.map((n) => n.userId).sort()).toEqual([a.id, b.id].sort());
    expect(after.paid.map((n) => n.title)).toEqual([
      `Order #${order.id} is paid: ship it`,
      `Order #${order.id} is paid: ship it`,
    ]);
    const bell = await a.client.get<NotificationPage>('/api/notifications');
    expect(bell.body.items.find((n) => n.kind === 'order-paid')?.link).toBe('/seller/dashboard?tab=orders');

    // The same event again (Stripe retries, or sends a duplicate): acknowledged, and nothing more.
    expect((await stripe.resend(event.id)).status).toBe(200);
    const again = await stateOf(order.id);
    expect(again.ledger).toHaveLength(1);
    expect(again.paid).toHaveLength(2);
    expect(again.parts.map((p) => p.paidAt)).toEqual(after.parts.map((p) => p.paidAt));

    for (const part of after.parts) {
      const seller = part.sellerId === a.id ? a.client : b.client;
      expect((await ship(seller, part.id)).status).toBe(200);
    }
  });

  it('waits while a delayed payment is processing, and is paid once whichever order its events arrive in', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order, ref, amountCents } = await ordered([a.listing]);
    stripe.hold();
    const completed = await stripe.pay(ref, { delayed: true });
    const succeeded = await stripe.settle(ref, 'succeeded');
    // async_payment_succeeded first, then the older completed (unpaid): the order is paid by the first, and the
    // second, looked up, finds it paid already.
    const deliveries = await stripe.release({ order: 'reversed' });
    expect(deliveries.map((d) => [d.event, d.status])).toEqual([
      [succeeded.id, 200],
      [completed.id, 200],
    ]);
    const state = await stateOf(order.id);
    expect(state.parts.every((p) => p.paidAt !== null)).toBe(true);
    expect(state.ledger).toEqual([expect.objectContaining({ kind: 'charge', amountCents })]);
    expect(state.paid).toHaveLength(1);
  });

  it('changes nothing while a delayed payment is processing, nor when it fails', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order, ref } = await ordered([a.listing]);
    await stripe.pay(ref, { delayed: true });
    await stripe.settle(ref, 'failed');
    const state = await stateOf(order.id);
    expect(state.parts.map((p) => [p.status, p.paidAt])).toEqual([['pending', null]]);
    expect(state.ledger).toEqual([]);
    expect(state.payment?.chargeRef).toBeNull();
    expect(stripe.deliveries.filter((d) => d.url?.endsWith(WEBHOOK)).every((d) => d.status === 200)).toBe(
      true,
    );
  });
});

describe('checkout.session.expired', () => {
  it('cancels the unpaid parts by the marketplace, puts their units back, and tells both sides, once', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const b = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order, ref, buyerId } = await ordered([a.listing, b.listing], 2);
    expect(await stockOf(a.listing.id)).toBe(CUTTING.quantity - 2);
    const event = await stripe.expire(ref);
    expect(deliveriesOf(event).map((d) => d.status)).toEqual([200]);
    const state = await stateOf(order.id);
    expect(state.parts.map((p) => [p.status, p.cancelledBy, p.paidAt])).toEqual([
      ['cancelled', 'system', null],
      ['cancelled', 'system', null],
    ]);
    expect(await stockOf(a.listing.id)).toBe(CUTTING.quantity);
    expect(await stockOf(b.listing.id)).toBe(CUTTING.quantity);
    const cancelled = state.notices.filter((n) => n.kind === 'shipment-cancelled');
    expect(cancelled.map((n) => n.userId).sort()).toEqual([buyerId, buyerId, a.id, b.id].sort());
    expect(state.ledger).toEqual([]);

    expect((await stripe.resend(event.id)).status).toBe(200);
    expect(await stockOf(a.listing.id)).toBe(CUTTING.quantity);
    expect((await stateOf(order.id)).notices).toHaveLength(state.notices.length);
  });

  it('never unpays a paid order: an `expired` after `completed` is looked up and changes nothing', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order, ref } = await ordered([a.listing]);
    await stripe.pay(ref);
    const paid = await stateOf(order.id);
    // An expiry of the same session, correctly signed, arriving after the payment (its body claims expired; Stripe
    // says complete and paid).
    const session = stripe.get(ref);
    const late: WebhookEvent = {
      id: `evt_late_expiry_${order.id}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...(session as object), status: 'expired', payment_status: 'unpaid' } as never },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.expired',
    };
    const payload = payloadOf(late);
    expect(await post(WEBHOOK, payload, signed(payload))).toEqual({ status: 200, body: { received: true } });
    const after = await stateOf(order.id);
    expect(after.parts).toEqual(paid.parts);
    expect(after.ledger).toEqual(paid.ledger);
    expect(after.notices).toEqual(paid.notices);
    expect(await eventsHandled([late.id])).toHaveLength(1);
  });
});

describe('forged, stale and foreign webhooks', () => {
  it('refuses a missing, wrong, foreign or stale signature with 400, and nothing changes', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order, ref } = await ordered([a.listing]);
    stripe.hold();
    const event = await stripe.pay(ref);
    const payload = payloadOf(event);
    const now = Math.floor(Date.now() / 1000);
    const refused = { status: 400, body: { message: BAD_SIGNATURE } };
    expect(await post(WEBHOOK, payload)).toEqual(refused);
    expect(await post(WEBHOOK, payload, `t=${now},v1=${'0'.repeat(64)}`)).toEqual(refused);
    expect(await post(WEBHOOK, payload, 'not a signature')).toEqual(refused);
    expect(await post(WEBHOOK, payload, signed(payload, 'whsec_SomeoneElse1'))).toEqual(refused);
    // The Connect endpoint's secret does not open the platform's endpoint, nor the other way round.
    expect(await post(WEBHOOK, payload, signed(payload, CONNECT_SECRET))).toEqual(refused);
    expect(await post(CONNECT_WEBHOOK, payload, signed(payload, PLATFORM_SECRET))).toEqual(refused);
    // A replay signed outside the library's 300 s tolerance.
    expect(await post(WEBHOOK, payload, signed(payload, PLATFORM_SECRET, now - 301))).toEqual(refused);
    // A body changed after signing.
    expect(await post(WEBHOOK, payload.replace(ref, `${ref}x`), signed(payload))).toEqual(refused);
    const unchanged = await stateOf(order.id);
    expect(unchanged.parts.map((p) => p.paidAt)).toEqual([null]);
    expect(unchanged.ledger).toEqual([]);
    expect(await eventsHandled([event.id])).toEqual([]);

    // The real delivery, signed now, goes through.
    expect((await stripe.release()).map((d) => d.status)).toEqual([200]);
    expect((await stateOf(order.id)).parts.every((p) => p.paidAt !== null)).toBe(true);
  });

  it('acknowledges a signed event for a session that is no order of ours, and changes nothing', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order } = await ordered([a.listing]);
    // A session of the same account that no payment row names, one for an order id we do not have, and one that
    // claims our order but is not its session.
    const start = (orderId: number) =>
      adapter.start({
        orderId,
        attempt: 7,
        lines: [{ title: 'Elsewhere', unitCents: 1_000, quantity: 1 }],
        shipping: [],
        placedAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
        returnUrl: 'http://localhost/elsewhere',
        cancelUrl: 'http://localhost/elsewhere',
      });
    const foreign = [await start(99_999_999), await start(order.id)];
    const events: WebhookEvent[] = [];
    for (const s of foreign) if (s.kind === 'redirect') events.push(await stripe.pay(s.ref));
    expect(events.flatMap((e) => deliveriesOf(e).map((d) => d.status))).toEqual([200, 200]);
    const state = await stateOf(order.id);
    expect(state.parts.map((p) => p.paidAt)).toEqual([null]);
    expect(state.ledger).toEqual([]);
    expect(await eventsHandled(events.map((e) => e.id))).toEqual([]);
  });

  it('acknowledges an event type it does not act on', async () => {
    const event = {
      id: 'evt_other_type',
      object: 'event',
      type: 'payment_intent.created',
      data: { object: { id: 'pi_123', object: 'payment_intent' } },
    };
    const payload = JSON.stringify(event);
    expect(await post(WEBHOOK, payload, signed(payload))).toEqual({ status: 200, body: { received: true } });
  });

  it('takes no Origin on the webhooks, while every other write still needs one', async () => {
    // The deliveries above came with no Origin and were taken; the rest of the app still refuses a write without it.
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const noOrigin = new Client(t.server, { origin: null });
    const res = await noOrigin.post('/api/cart', { productId: a.listing.id, quantity: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused' });
    // Any other content type is not read.
    const text = await fetch(`${appUrl}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 'x' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
  });

  it('will not start with `crossSite` on a route outside the signed webhooks, naming the route', async () => {
    await expect(
      createTestApp(
        {},
        {
          addRoutes(server) {
            server.post(
              '/api/test/unsigned',
              {
                config: { access: 'public', crossSite: 'signed' },
                schema: { hide: true, response: { 200: z.object({ ok: z.boolean() }) } },
              },
              async () => ({ ok: true }),
            );
          },
        },
      ),
    ).rejects.toThrow('POST /api/test/unsigned sets config.crossSite outside signedRoutes');
  });
});

describe('account.updated (Connect)', () => {
  it("keeps the nursery's payout account as Stripe says: active, then restricted with what it asks for", async () => {
    const user = await signUpNursery(t);
    const { ref } = await payouts.createAccount({ sellerId: user.id, email: `${user.username}@example.com` });
    await t.database.db
      .insert(sellerPayoutAccounts)
      .values({ sellerId: user.id, provider: 'stripe', accountRef: ref });
    const account = async () =>
      (
        await t.database.db
          .select({ status: sellerPayoutAccounts.status, requirements: sellerPayoutAccounts.requirements })
          .from(sellerPayoutAccounts)
          .where(eq(sellerPayoutAccounts.sellerId, user.id))
      )[0];
    expect(await account()).toEqual({ status: 'pending', requirements: [] });

    const activated = await stripe.activate(ref);
    expect(deliveriesOf(activated).map((d) => [d.url, d.status])).toEqual([
      [`${appUrl}${CONNECT_WEBHOOK}`, 200],
    ]);
    expect(await account()).toEqual({ status: 'active', requirements: [] });

    const restricted = await stripe.restrict(ref, ['individual.verification.document']);
    expect(deliveriesOf(restricted).map((d) => d.status)).toEqual([200]);
    expect(await account()).toEqual({
      status: 'restricted',
      requirements: ['individual.verification.document'],
    });

    // The activation delivered again, late: the account is read again from Stripe, so it stays restricted.
    expect((await stripe.resend(activated.id)).status).toBe(200);
    expect(await account()).toEqual({
      status: 'restricted',
      requirements: ['individual.verification.document'],
    });
  });

  it('acknowledges an account that is not ours and changes nothing', async () => {
    const { ref } = await payouts.createAccount({ sellerId: 999_999, email: 'stranger@example.com' });
    const event = await stripe.activate(ref);
    expect(deliveriesOf(event).map((d) => d.status)).toEqual([200]);
    expect(
      await t.database.db
        .select()
        .from(sellerPayoutAccounts)
        .where(and(eq(sellerPayoutAccounts.provider, 'stripe'), eq(sellerPayoutAccounts.accountRef, ref))),
    ).toEqual([]);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')(
  'one event delivered many times at once (PostgreSQL)',
  () => {
    it('has one effect: one charge, one notice per nursery', async () => {
      const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
      const b = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
      const { order, ref } = await ordered([a.listing, b.listing]);
      stripe.hold();
      const event = await stripe.pay(ref);
      const payload = payloadOf(event);
      const signature = signed(payload);
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(WEBHOOK, payload, signature)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const state = await stateOf(order.id);
      expect(state.ledger.map((l) => l.kind)).toEqual(['charge']);
      expect(state.paid.map((n) => n.userId).sort()).toEqual([a.id, b.id].sort());
      expect(state.parts.every((p) => p.paidAt !== null)).toBe(true);
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from payment_events where event_id = ${event.id}`,
      );
      expect(row?.n).toBe(1);
      await stripe.release();
    });
  },
);

describe('a look-up that fails', () => {
  it('answers 500 so Stripe sends the event again, and the retry pays the order once', async () => {
    const a = await signUpNursery(t, { listing: CUTTING, payoutAccount: 'active' });
    const { order, ref } = await ordered([a.listing]);
    // Every try the client makes (the first and its two retries) fails.
    for (let i = 0; i < 3; i++) stripe.failNext(`/v1/checkout/sessions/${ref}`, 503);
    const event = await stripe.pay(ref);
    expect(deliveriesOf(event).map((d) => d.status)).toEqual([500]);
    expect((await stateOf(order.id)).parts.map((p) => p.paidAt)).toEqual([null]);
    expect(await eventsHandled([event.id])).toEqual([]);
    expect((await stripe.resend(event.id)).status).toBe(200);
    const state = await stateOf(order.id);
    expect(state.parts.every((p) => p.paidAt !== null)).toBe(true);
    expect(state.ledger).toHaveLength(1);
  });
});

describe('whatever is sent to the webhooks', () => {
  it('is refused with 400 or 415 and a message, never a 5xx, and changes nothing', async () => {
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_events`,
    );
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constant(JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } })),
    );
    const signature = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.integer({ min: 0, max: 2 ** 31 }).map((n) => `t=${n},v1=${'a'.repeat(64)}`),
    );
    const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(WEBHOOK, CONNECT_WEBHOOK),
        body,
        signature,
        contentType,
        async (path, payload, sig, type) => {
          const res = await t.server.inject({
            method: 'POST',
            url: path,
            headers: { 'content-type': type, ...(sig === undefined ? {} : { 'stripe-signature': sig }) },
            payload,
          });
          expect([400, 415]).toContain(res.statusCode);
          expect(typeof res.json().message).toBe('string');
        },
      ),
      { numRuns: 60 },
    );
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_events`,
    );
    expect(after).toEqual(before);
  });
});
