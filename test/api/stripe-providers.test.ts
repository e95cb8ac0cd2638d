import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadSignature,
  type PaymentProvider,
  type PaymentStart,
  type PayoutProvider,
  type StripeSettings,
  stripeClient,
  stripePayments,
  stripePayouts,
} from '../../server/src/modules/payments';
import { type StripeServer, startStripeServer } from '../support/stripe-server';

// The Stripe adapter behind the payment and payout ports (docs/decisions/0021-payments.md), driven through the
// official client against the loopback server of Stripe's protocol. Its webhooks are read from what the server sent
// (its deliveries go to a closed port: the payloads and signatures are kept).
let server: StripeServer;
let settings: StripeSettings;
let payments: PaymentProvider;
let payouts: PayoutProvider;
let nextOrder = 1_000;
/** The tries the client makes for one call: the first and its two retries of a lost connection. */
const DROPS = 3;

beforeAll(async () => {
  server = await startStripeServer();
  settings = {
    secretKey: server.apiKey,
    webhookSecret: 'whsec_platform_test',
    connectWebhookSecret: 'whsec_connect_test',
    apiUrl: server.url,
  };
  server.webhooks(
    'http://127.0.0.1:9/platform',
    settings.webhookSecret,
    'http://127.0.0.1:9/connect',
    settings.connectWebhookSecret,
  );
  const client = stripeClient(settings);
  payments = stripePayments(client, settings);
  payouts = stripePayouts(client, settings);
});
afterAll(async () => {
  await server?.close();
});

function order(overrides: Partial<PaymentStart> = {}): PaymentStart {
  return {
    orderId: nextOrder++,
    attempt: 0,
    lines: [
      { title: 'Sugar Dragon cutting', unitCents: 1_250, quantity: 2 },
      { title: 'American Beauty, rooted', unitCents: 2_400, quantity: 1 },
    ],
    shipping: [
      { name: 'Shipping from Palm Nursery', cents: 1_299 },
      { name: 'Shipping from Desert Farm', cents: 450 },
    ],
    placedAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    returnUrl: 'http://localhost:5000/orders/1?payment=return',
    cancelUrl: 'http://localhost:5000/orders/1?payment=cancelled',
    ...overrides,
  };
}

async function started(p: PaymentStart) {
  const s = await payments.start(p);
  if (s.kind !== 'redirect') throw new Error('Stripe sends the buyer to its page');
  return s;
}

/** The last delivery of an event of this type about this object, as the receiving route would get it. */
function delivery(type: string, objectId: string) {
  const found = server.deliveries.findLast(
    (d) =>
      d.type === type &&
      (JSON.parse(d.payload) as { data: { object: { id: string } } }).data.object.id === objectId,
  );
  if (!found) throw new Error(`no ${type} for ${objectId}`);
  return { body: Buffer.from(found.payload), signature: found.signature };
}

describe('the Stripe payment provider', () => {
  it("starts one Checkout Session per order and attempt, with the order's lines, shipping and transfer group", async () => {
    const p = order();
    const first = await started(p);
    expect(first.url).toBe(`${server.url}/pay/${first.ref}`);
    const sent = server.requests.findLast((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    expect(sent?.headers['idempotency-key']).toBe(`order-${p.orderId}-attempt-0`);
    expect(sent?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: String(p.orderId),
      'metadata[order_id]': String(p.orderId),
      'payment_intent_data[transfer_group]': `order_${p.orderId}`,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': 'Sugar Dragon cutting',
      // Each nursery's shipping on its own line.
      'line_items[2][price_data][product_data][name]': 'Shipping from Palm Nursery',
      'line_items[2][price_data][unit_amount]': '1299',
      'line_items[3][price_data][product_data][name]': 'Shipping from Desert Farm',
      'line_items[3][price_data][unit_amount]': '450',
      expires_at: String(Math.floor(p.expiresAt.getTime() / 1000)),
    });
    // Started again (a retried request, a lost answer): the same session. A new attempt: a new one.
    expect((await started(p)).ref).toBe(first.ref);
    expect((await started({ ...p, attempt: 1 })).ref).not.toBe(first.ref);
  });

  it('looks a payment up: open, then paid with its charge, and reads the signed event as a trigger', async () => {
    const p = order();
    const s = await started(p);
    expect(await payments.lookUp(s.ref)).toMatchObject({ status: 'open', capturedCents: 0, chargeRef: null });
    await server.pay(s.ref);
    const paid = await payments.lookUp(s.ref);
    expect(paid).toMatchObject({
      ref: s.ref,
      orderId: p.orderId,
      status: 'paid',
      capturedCents: 2 * 1_250 + 2_400 + 1_299 + 450,
    });
    expect(paid.chargeRef).toMatch(/^ch_/);
    const { body, signature } = delivery('checkout.session.completed', s.ref);
    expect(payments.readWebhook(body, signature)).toMatchObject({
      kind: 'paid',
      ref: s.ref,
      orderId: p.orderId,
    });
  });

  it('reads an expiry, a payment that settles later, and its failure', async () => {
    const gone = await started(order());
    await server.expire(gone.ref);
    expect((await payments.lookUp(gone.ref)).status).toBe('expired');
    const expired = delivery('checkout.session.expired', gone.ref);
    expect(payments.readWebhook(expired.body, expired.signature).kind).toBe('expired');

    const slow = await started(order());
    await server.pay(slow.ref, { delayed: true });
    expect((await payments.lookUp(slow.ref)).status).toBe('processing');
    const completed = delivery('checkout.session.completed', slow.ref);
    expect(payments.readWebhook(completed.body, completed.signature).kind).toBe('processing');
    await server.settle(slow.ref, 'failed');
    const failed = delivery('checkout.session.async_payment_failed', slow.ref);
    expect(payments.readWebhook(failed.body, failed.signature).kind).toBe('failed');
  });

  it('refuses a webhook without a signature, signed with another secret, or signed too long ago', async () => {
    const s = await started(order());
    await server.pay(s.ref);
    const { body, signature } = delivery('checkout.session.completed', s.ref);
    expect(() => payments.readWebhook(body, undefined)).toThrow(BadSignature);
    expect(() => payments.readWebhook(Buffer.from(`${body.toString()} `), signature)).toThrow(BadSignature);
    const other = stripePayments(stripeClient(settings), { ...settings, webhookSecret: 'whsec_other' });
    expect(() => other.readWebhook(body, signature)).toThrow(BadSignature);
    const event = server.events.findLast(
      (e) => e.type === 'checkout.session.completed' && e.data.object.id === s.ref,
    );
    const stale = await server.resend(event?.id ?? '', { signedAt: Math.floor(Date.now() / 1000) - 301 });
    expect(() => payments.readWebhook(Buffer.from(stale.payload), stale.signature)).toThrow(BadSignature);
  });

  it('refunds part of a charge once per key, finds it again, and refuses more than what is left', async () => {
    const s = await started(order());
    await server.pay(s.ref);
    const { chargeRef } = await payments.lookUp(s.ref);
    if (!chargeRef) throw new Error('paid without a charge');
    const refund = { chargeRef, cents: 1_433, shipmentId: 77, key: 'refund-shipment-77' };
    const first = await payments.refund(refund);
    expect((await payments.refund(refund)).ref).toBe(first.ref);
    expect(await payments.findRefund(chargeRef, 77)).toEqual(first);
    expect(await payments.findRefund(chargeRef, 78)).toBeNull();
    await expect(
      payments.refund({ ...refund, cents: 99_999, shipmentId: 78, key: 'refund-shipment-78' }),
    ).rejects.toThrow();
  });
});

describe('the Stripe payout provider', () => {
  it('creates one account per nursery, links to its onboarding, and follows it to active', async () => {
    const made = await payouts.createAccount({ sellerId: 501, email: 'nursery501@example.com' });
    expect((await payouts.createAccount({ sellerId: 501, email: 'nursery501@example.com' })).ref).toBe(
      made.ref,
    );
    const sent = server.requests.findLast((r) => r.path === '/v1/accounts' && r.method === 'POST');
    expect(sent?.form).toMatchObject({
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[seller_id]': '501',
    });
    expect(await payouts.account(made.ref)).toEqual({
      ref: made.ref,
      status: 'pending',
      requirements: expect.any(Array),
    });
    const urls = {
      refreshUrl: 'http://localhost:5000/seller/profile?stripe=refresh',
      returnUrl: 'http://localhost:5000/seller/profile?stripe=return',
    };
    const link = await payouts.onboardingLink(made.ref, urls);
    expect(link).toContain(`/onboard/${made.ref}`);
    // A fresh link each time: a replayed one would have expired.
    expect(await payouts.onboardingLink(made.ref, urls)).not.toBe(link);

    await server.activate(made.ref);
    expect(await payouts.account(made.ref)).toEqual({ ref: made.ref, status: 'active', requirements: [] });
    const updated = server.deliveries.findLast((d) => d.type === 'account.updated');
    if (!updated) throw new Error('no account.updated');
    expect(payouts.readWebhook(Buffer.from(updated.payload), updated.signature)).toMatchObject({
      kind: 'account-updated',
      accountRef: made.ref,
    });
    // The platform's secret does not open the Connect endpoint's events.
    expect(() => payments.readWebhook(Buffer.from(updated.payload), updated.signature)).toThrow(BadSignature);

    await server.restrict(made.ref, ['individual.verification.document']);
    expect(await payouts.account(made.ref)).toEqual({
      ref: made.ref,
      status: 'restricted',
      requirements: ['individual.verification.document'],
    });
  });

  it("transfers a shipment's net from the order's charge once, finds it after a lost answer, and reverses it", async () => {
    const { ref: accountRef } = await payouts.createAccount({
      sellerId: 502,
      email: 'nursery502@example.com',
    });
    await server.activate(accountRef);
    const p = order();
    const s = await started(p);
    await server.pay(s.ref);
    const { chargeRef } = await payments.lookUp(s.ref);
    if (!chargeRef) throw new Error('paid without a charge');
    const transfer = {
      orderId: p.orderId,
      shipmentId: 9_001,
      attempt: 0,
      cents: 3_000,
      accountRef,
      chargeRef,
    };

    // The answer is lost on every try the client makes (it retries a lost connection with the same key): the call
    // fails, but the transfer was made.
    const before = server.requests.length;
    for (let i = 0; i < DROPS; i++) server.failNext('/v1/transfers', 'drop');
    await expect(payouts.transfer(transfer)).rejects.toThrow();
    expect(server.requests.slice(before).filter((r) => r.path === '/v1/transfers' && r.dropped)).toHaveLength(
      DROPS,
    );
    const found = await payouts.findTransfer(p.orderId, 9_001);
    expect(found?.ref).toMatch(/^tr_/);
    // Sent again with the same key, it is the same transfer, not a second one.
    expect(await payouts.transfer(transfer)).toEqual(found);
    const sent = server.requests.filter((r) => r.path === '/v1/transfers' && r.method === 'POST');
    expect(new Set(sent.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set(['transfer-shipment-9001']),
    );
    expect(sent.at(-1)?.form).toMatchObject({
      amount: '3000',
      destination: accountRef,
      source_transaction: chargeRef,
      transfer_group: `order_${p.orderId}`,
      'metadata[shipment_id]': '9001',
    });
    expect(await payouts.findTransfer(p.orderId, 9_002)).toBeNull();

    const reversal = await payouts.reverseTransfer(found?.ref ?? '', 1_000, 'reverse-shipment-9001');
    expect(reversal.ref).toMatch(/^trr_/);
    expect((await payouts.reverseTransfer(found?.ref ?? '', 1_000, 'reverse-shipment-9001')).ref).toBe(
      reversal.ref,
    );
  });
});
