/**
 * The local Stripe server (test/support/stripe-server.ts), driven only through the official `stripe` client, plain
 * fetch for its hosted pages, and a small HTTP server that receives its webhooks and verifies them with the
 * library's `constructEvent`. No database: these tests hold the server to Stripe's protocol, so that the payments
 * adapter's tests can trust it.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeServer, startStripeServer } from '../support/stripe-server';

const PLATFORM_SECRET = 'whsec_test_platform';
const CONNECT_SECRET = 'whsec_test_connect';
const SECOND_KEY = 'sk_test_second_key_of_the_platform';

interface Received {
  path: string;
  raw: string;
  signature: string;
  event?: Stripe.Event;
  error?: string;
}

interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** An endpoint as the app will have: the raw body verified by `constructEvent`, 400 when it refuses it. */
async function startReceiver(secrets: Record<string, string>): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signature = String(req.headers['stripe-signature'] ?? '');
      const path = req.url ?? '';
      try {
        const event = Stripe.webhooks.constructEvent(raw, signature, secrets[path] ?? '');
        received.push({ path, raw: raw.toString('utf8'), signature, event });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        received.push({ path, raw: raw.toString('utf8'), signature, error: (error as Error).message });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const idOf = (event: Stripe.Event) => (event.data.object as unknown as { id: string }).id;

let server: StripeServer;
let receiver: Receiver;
let stripe: Stripe;

const client = (key: string, on: StripeServer = server) =>
  new Stripe(key, { host: '127.0.0.1', port: on.port, protocol: 'http', maxNetworkRetries: 0 });

/** The events received for an object, in the order they arrived. */
const eventsFor = (objectId: string, from: Receiver = receiver) =>
  from.received.flatMap((r) => (r.event && idOf(r.event) === objectId ? [r.event] : []));

const tag = () => randomUUID().slice(0, 8);

/** A session as the adapter will make one: a line per listing, shipping as a line, the order in the metadata. */
function sessionParams(order: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'usd', unit_amount: 1900, product_data: { name: 'Dragon fruit cutting' } },
        quantity: 2,
      },
      { price_data: { currency: 'usd', unit_amount: 499, product_data: { name: 'Shipping' } }, quantity: 1 },
    ],
    success_url: `https://shop.test/orders/${order}?payment=return&session={CHECKOUT_SESSION_ID}`,
    cancel_url: `https://shop.test/orders/${order}?payment=cancel`,
    client_reference_id: `order-${order}`,
    metadata: { order_id: order },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    payment_intent_data: { transfer_group: `order_${order}`, metadata: { order_id: order } },
  };
}

/** A session paid through the control call, with its charge. */
async function paidSession(order = tag()) {
  const session = await stripe.checkout.sessions.create(sessionParams(order));
  await server.pay(session.id);
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  return { order, session: paid, intent, chargeId: intent.latest_charge as string };
}

async function activeAccount(): Promise<Stripe.Account> {
  const account = await stripe.accounts.create({
    type: 'express',
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  await server.activate(account.id);
  return stripe.accounts.retrieve(account.id);
}

async function caught(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = await startStripeServer({ apiKeys: ['sk_test_first_key_of_the_platform', SECOND_KEY] });
  receiver = await startReceiver({ '/platform': PLATFORM_SECRET, '/connect': CONNECT_SECRET });
  server.webhooks(`${receiver.url}/platform`, PLATFORM_SECRET, `${receiver.url}/connect`, CONNECT_SECRET);
  stripe = client(server.apiKey);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('Checkout Sessions', () => {
  it('live from creation to payment: the hosted page, the signed webhook, the payment intent and its charge', async () => {
    const order = tag();
    const params = sessionParams(order);
    const session = await stripe.checkout.sessions.create(params);
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      amount_total: 4299,
      currency: 'usd',
      client_reference_id: `order-${order}`,
      metadata: { order_id: order },
      expires_at: params.expires_at,
      payment_intent: null,
      livemode: false,
      url: `${server.url}/pay/${session.id}`,
    });
    expect(Math.abs(session.created - Date.now() / 1000)).toBeLessThan(120);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);

    const page = await fetch(session.url ?? '');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<button type="submit">Pay $42.99</button>');
    expect(html).toContain('<button type="submit">Cancel</button>');
    expect(html).toContain('Dragon fruit cutting');
    expect(html).not.toMatch(/<script|<link|src=/i);
    const action = /<form method="post" action="([^"]+\/complete)">/.exec(html)?.[1] ?? '';
    const paid = await fetch(new URL(action, server.url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://shop.test/orders/${order}?payment=return&session=${session.id}`,
    );

    await server.idle();
    const [event, ...others] = eventsFor(session.id);
    expect(others).toEqual([]);
    expect(event?.id).toMatch(/^evt_/);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      livemode: false,
      data: { object: { id: session.id, status: 'complete', payment_status: 'paid' } },
    });
    expect(event?.account).toBeUndefined();
    expect(receiver.received.find((r) => r.event?.id === event?.id)?.path).toBe('/platform');

    const complete = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.latest_charge'],
    });
    expect(complete).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = complete.payment_intent as Stripe.PaymentIntent;
    expect(intent.id).toMatch(/^pi_/);
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4299,
      amount_received: 4299,
      currency: 'usd',
      transfer_group: `order_${order}`,
      metadata: { order_id: order },
    });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge.id).toMatch(/^ch_/);
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: 4299,
      amount_refunded: 0,
      payment_intent: intent.id,
      transfer_group: `order_${order}`,
    });
    const direct = await stripe.paymentIntents.retrieve(intent.id);
    expect(direct.latest_charge).toBe(charge.id);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBe(intent.id);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((i) => [i.description, i.quantity, i.amount_total])).toEqual([
      ['Dragon fruit cutting', 2, 3800],
      ['Shipping', 1, 499],
    ]);
  });

  it('Cancel on the hosted page goes back to cancel_url and leaves the session open', async () => {
    const order = tag();
    const session = await stripe.checkout.sessions.create(sessionParams(order));
    const cancelled = await fetch(`${server.url}/pay/${session.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`https://shop.test/orders/${order}?payment=cancel`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    await server.idle();
    expect(eventsFor(session.id)).toEqual([]);
  });

  it('expires by the API or when its time runs out, with checkout.session.expired, and is then neither paid nor expired again', async () => {
    const byApi = await stripe.checkout.sessions.create(sessionParams(tag()));
    const expired = await stripe.checkout.sessions.expire(byApi.id);
    expect(expired).toMatchObject({ id: byApi.id, status: 'expired', payment_status: 'unpaid', url: null });
    await server.idle();
    expect(eventsFor(byApi.id).map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect(eventsFor(byApi.id)[0]?.request?.id).toMatch(/^req_/);

    const byTime = await stripe.checkout.sessions.create(sessionParams(tag()));
    const event = await server.expire(byTime.id);
    expect(event.type).toBe('checkout.session.expired');
    expect(eventsFor(byTime.id).map((e) => e.id)).toEqual([event.id]);
    expect((await stripe.checkout.sessions.retrieve(byTime.id)).status).toBe('expired');

    const again = await caught(stripe.checkout.sessions.expire(byTime.id));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again.statusCode).toBe(400);
    const pay = await fetch(`${server.url}/pay/${byTime.id}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(409);
    expect(await (await fetch(`${server.url}/pay/${byTime.id}`)).text()).toContain('expired');
  });

  it('completes a delayed payment later: async_payment_succeeded, or async_payment_failed leaving it unpaid', async () => {
    const good = await stripe.checkout.sessions.create(sessionParams(tag()));
    const completed = await server.pay(good.id, { delayed: true });
    expect(completed.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const processing = await stripe.checkout.sessions.retrieve(good.id, { expand: ['payment_intent'] });
    expect((processing.payment_intent as Stripe.PaymentIntent).status).toBe('processing');
    await server.settle(good.id, 'succeeded');
    expect(eventsFor(good.id).map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
    const settled = await stripe.checkout.sessions.retrieve(good.id, { expand: ['payment_intent'] });
    expect(settled.payment_status).toBe('paid');
    expect((settled.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');

    const bad = await stripe.checkout.sessions.create(sessionParams(tag()));
    await server.pay(bad.id, { delayed: true });
    await server.settle(bad.id, 'failed');
    expect(eventsFor(bad.id).map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    const failed = await stripe.checkout.sessions.retrieve(bad.id, { expand: ['payment_intent'] });
    expect(failed.payment_status).toBe('unpaid');
    expect((failed.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');
  });

  it('refuses a session without line items, with an unknown parameter, or expiring past 24 hours', async () => {
    const { line_items: _, ...withoutItems } = sessionParams(tag());
    const noItems = await caught(stripe.checkout.sessions.create(withoutItems));
    expect(noItems).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noItems).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });

    const noName = await caught(
      stripe.checkout.sessions.create({
        ...sessionParams(tag()),
        line_items: [{ price_data: { currency: 'usd', unit_amount: 100 }, quantity: 1 }],
      }),
    );
    expect(noName).toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][price_data][product_data][name]',
    });

    const unknown = await caught(
      stripe.checkout.sessions.create({
        ...sessionParams(tag()),
        colour: 'red',
      } as Stripe.Checkout.SessionCreateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });

    const tooLate = await caught(
      stripe.checkout.sessions.create({
        ...sessionParams(tag()),
        expires_at: Math.floor(Date.now() / 1000) + 25 * 3600,
      }),
    );
    expect(tooLate).toMatchObject({ statusCode: 400, param: 'expires_at' });
  });

  it('refuses a session over $999,999.99 (amount_too_large) or of more than 100 line items, and takes each limit', async () => {
    const line = (unit_amount: number) => ({
      price_data: { currency: 'usd', unit_amount, product_data: { name: 'Cutting' } },
      quantity: 1,
    });
    const tooLarge = await caught(
      stripe.checkout.sessions.create({
        ...sessionParams(tag()),
        line_items: [line(99_999_000), line(1_000)],
      }),
    );
    expect(tooLarge).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooLarge).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      message: 'Amount must be no more than $999,999.99',
    });
    const atMost = await stripe.checkout.sessions.create({
      ...sessionParams(tag()),
      line_items: [line(99_999_000), line(999)],
    });
    expect(atMost.amount_total).toBe(99_999_999);

    const tooMany = await caught(
      stripe.checkout.sessions.create({
        ...sessionParams(tag()),
        line_items: Array.from({ length: 101 }, () => line(100)),
      }),
    );
    expect(tooMany).toMatchObject({ statusCode: 400, param: 'line_items' });
    const hundred = await stripe.checkout.sessions.create({
      ...sessionParams(tag()),
      line_items: Array.from({ length: 100 }, () => line(100)),
    });
    expect(hundred.amount_total).toBe(10_000);
  });

  it('pays a session a chosen amount in a chosen currency, as the charge then says', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(tag()));
    await server.pay(session.id, { amount: 50, currency: 'eur' });
    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.latest_charge'],
    });
    const charge = (paid.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ amount: 50, amount_captured: 50, currency: 'eur', status: 'succeeded' });
  });
});

describe('refunds', () => {
  it('refunds part of a payment, refuses more than is left with Stripe’s error, then refunds the rest', async () => {
    const { intent, chargeId } = await paidSession();
    const partial = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 1900,
      metadata: { shipment_id: '7' },
    });
    expect(partial.id).toMatch(/^re_/);
    expect(partial).toMatchObject({
      object: 'refund',
      amount: 1900,
      currency: 'usd',
      status: 'succeeded',
      charge: chargeId,
      payment_intent: intent.id,
      metadata: { shipment_id: '7' },
    });

    const tooMuch = await caught(stripe.refunds.create({ payment_intent: intent.id, amount: 2400 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      type: 'StripeInvalidRequestError',
      rawType: 'invalid_request_error',
      statusCode: 400,
      param: 'amount',
    });
    expect(tooMuch.message).toContain('$23.99');

    const rest = await stripe.refunds.create({ charge: chargeId });
    expect(rest.amount).toBe(2399);
    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, partial.id]);
    const charge = await stripe.charges.retrieve(chargeId);
    expect(charge).toMatchObject({ amount_refunded: 4299, refunded: true });

    const again = await caught(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }));
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refuses a refund of an unpaid or unknown payment', async () => {
    const missing = await caught(stripe.refunds.create({ payment_intent: 'pi_doesnotexist', amount: 100 }));
    expect(missing).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'payment_intent' });
    const none = await caught(stripe.refunds.create({ amount: 100 }));
    expect(none).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
  });
});

describe('transfers', () => {
  it('transfers from a charge by source_transaction, lists them by transfer_group, and reverses one', async () => {
    const { order, chargeId } = await paidSession();
    const seller = await activeAccount();
    const group = `order_${order}`;
    const first = await stripe.transfers.create({
      amount: 3000,
      currency: 'usd',
      destination: seller.id,
      source_transaction: chargeId,
      transfer_group: group,
      metadata: { shipment_id: '1' },
    });
    expect(first.id).toMatch(/^tr_/);
    expect(first).toMatchObject({
      object: 'transfer',
      amount: 3000,
      amount_reversed: 0,
      currency: 'usd',
      destination: seller.id,
      source_transaction: chargeId,
      transfer_group: group,
      metadata: { shipment_id: '1' },
      reversed: false,
      reversals: { object: 'list', data: [], has_more: false, total_count: 0 },
    });
    const second = await stripe.transfers.create({
      amount: 1299,
      currency: 'usd',
      destination: seller.id,
      source_transaction: chargeId,
      transfer_group: group,
      metadata: { shipment_id: '2' },
    });
    const beyond = await caught(
      stripe.transfers.create({
        amount: 1,
        currency: 'usd',
        destination: seller.id,
        source_transaction: chargeId,
        transfer_group: group,
      }),
    );
    expect(beyond).toMatchObject({ statusCode: 400, param: 'amount' });
    const elsewhere = await stripe.transfers.create({
      amount: 100,
      currency: 'usd',
      destination: seller.id,
      transfer_group: `order_${tag()}`,
    });

    const listed = await stripe.transfers.list({ transfer_group: group });
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data.map((t) => t.id)).toEqual([second.id, first.id]);
    expect(listed.data.map((t) => t.id)).not.toContain(elsewhere.id);
    const page = await stripe.transfers.list({ transfer_group: group, limit: 1 });
    expect(page.has_more).toBe(true);

    const reversal = await stripe.transfers.createReversal(first.id, {
      amount: 1000,
      metadata: { reason: 'dead' },
    });
    expect(reversal.id).toMatch(/^trr_/);
    expect(reversal).toMatchObject({
      object: 'transfer_reversal',
      amount: 1000,
      transfer: first.id,
      metadata: { reason: 'dead' },
    });
    const after = await stripe.transfers.retrieve(first.id);
    expect(after).toMatchObject({ amount_reversed: 1000, reversed: false, reversals: { total_count: 1 } });
    expect(after.reversals.data.map((r) => r.id)).toEqual([reversal.id]);
    const tooMuch = await caught(stripe.transfers.createReversal(first.id, { amount: 2001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount' });
    await stripe.transfers.createReversal(first.id);
    expect(await stripe.transfers.retrieve(first.id)).toMatchObject({
      amount_reversed: 3000,
      reversed: true,
    });
  });

  it('refuses a transfer to an account that cannot take transfers yet, or to no account', async () => {
    const { chargeId } = await paidSession();
    const pending = await stripe.accounts.create({
      type: 'express',
      capabilities: { transfers: { requested: true } },
    });
    const refused = await caught(
      stripe.transfers.create({
        amount: 100,
        currency: 'usd',
        destination: pending.id,
        source_transaction: chargeId,
      }),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'insufficient_capabilities_for_transfer',
      param: 'destination',
    });
    const nowhere = await caught(
      stripe.transfers.create({ amount: 100, currency: 'usd', destination: 'acct_nope' }),
    );
    expect(nowhere).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'destination' });
    const noDestination = await caught(
      stripe.transfers.create({ amount: 100, currency: 'usd' } as Stripe.TransferCreateParams),
    );
    expect(noDestination).toMatchObject({ code: 'parameter_missing', param: 'destination' });
  });
});

describe('connected accounts', () => {
  it('onboards an Express account through an account link, with account.updated to the Connect endpoint', async () => {
    const account = await stripe.accounts.create({
      controller: {
        stripe_dashboard: { type: 'express' },
        fees: { payer: 'application' },
        losses: { payments: 'application' },
      },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { seller_id: '12' },
    });
    expect(account.id).toMatch(/^acct_/);
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      metadata: { seller_id: '12' },
    });
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'https://shop.test/seller/profile?stripe=refresh',
      return_url: 'https://shop.test/seller/profile?stripe=return',
    });
    expect(link).toMatchObject({ object: 'account_link' });
    expect(link.url.startsWith(`${server.url}/onboard/${account.id}?link=`)).toBe(true);
    expect(link.expires_at).toBeGreaterThan(link.created);

    const page = await fetch(link.url, { redirect: 'manual' });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<button type="submit">Finish onboarding</button>');
    expect(html).not.toMatch(/<script/i);
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
    const token = /name="link" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const done = await fetch(new URL(action, server.url), {
      method: 'POST',
      body: new URLSearchParams({ link: token }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('https://shop.test/seller/profile?stripe=return');

    await server.idle();
    const [event] = eventsFor(account.id);
    expect(event).toMatchObject({
      type: 'account.updated',
      account: account.id,
      data: {
        object: { id: account.id, charges_enabled: true, payouts_enabled: true, details_submitted: true },
        previous_attributes: { charges_enabled: false },
      },
    });
    expect(receiver.received.find((r) => r.event?.id === event?.id)?.path).toBe('/connect');
    const active = await stripe.accounts.retrieve(account.id);
    expect(active).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], disabled_reason: null },
    });

    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe('https://shop.test/seller/profile?stripe=refresh');
  });

  it('restricts an account when Stripe asks for more, and transfers to it are then refused', async () => {
    const account = await activeAccount();
    const event = await server.restrict(account.id, ['individual.verification.document']);
    expect(eventsFor(account.id).map((e) => e.id)).toContain(event.id);
    const restricted = await stripe.accounts.retrieve(account.id);
    expect(restricted).toMatchObject({
      charges_enabled: false,
      payouts_enabled: false,
      requirements: {
        currently_due: ['individual.verification.document'],
        disabled_reason: 'requirements.past_due',
      },
      capabilities: { transfers: 'inactive' },
    });
    const refused = await caught(
      stripe.transfers.create({ amount: 100, currency: 'usd', destination: account.id }),
    );
    expect(refused).toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters, and refuses other parameters', async () => {
    const order = tag();
    const key = `order-${order}-attempt-1`;
    const params = sessionParams(order);
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    const replay = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    expect(replay).toEqual(first);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(replay.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);

    const other = await caught(
      stripe.checkout.sessions.create({ ...params, client_reference_id: 'another' }, { idempotencyKey: key }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    const otherEndpoint = await caught(stripe.accounts.create({ type: 'express' }, { idempotencyKey: key }));
    expect(otherEndpoint).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('keeps keys per secret key and per Stripe-Account, not for refused validation, and for 24 hours', async () => {
    const order = tag();
    const key = `order-${order}-attempt-1`;
    const params = { ...sessionParams(order), expires_at: Math.floor(Date.now() / 1000) + 7200 };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    const otherKey = await client(SECOND_KEY).checkout.sessions.create(params, { idempotencyKey: key });
    expect(otherKey.id).not.toBe(first.id);

    const seller = await stripe.accounts.create({ type: 'express' });
    const onAccount = await stripe.checkout.sessions.create(params, {
      idempotencyKey: key,
      stripeAccount: seller.id,
    });
    expect(onAccount.id).not.toBe(first.id);
    const fromPlatform = await caught(stripe.checkout.sessions.retrieve(onAccount.id));
    expect(fromPlatform).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((await stripe.checkout.sessions.retrieve(onAccount.id, {}, { stripeAccount: seller.id })).id).toBe(
      onAccount.id,
    );

    const refusedKey = `refused-${order}`;
    const { line_items: _, ...withoutItems } = params;
    await caught(stripe.checkout.sessions.create(withoutItems, { idempotencyKey: refusedKey }));
    const afterRefusal = await stripe.checkout.sessions.create(params, { idempotencyKey: refusedKey });
    expect(afterRefusal.lastResponse.headers['idempotent-replayed']).toBeUndefined();

    const { intent } = await paidSession();
    const refundKey = `refund-${order}`;
    const kept = await caught(
      stripe.refunds.create({ payment_intent: intent.id, amount: 9999 }, { idempotencyKey: refundKey }),
    );
    const keptAgain = await caught(
      stripe.refunds.create({ payment_intent: intent.id, amount: 9999 }, { idempotencyKey: refundKey }),
    );
    expect(keptAgain.message).toBe(kept.message);
    expect(keptAgain.headers?.['idempotent-replayed']).toBe('true');

    server.forgetIdempotencyKeys();
    const dayLater = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    expect(dayLater.id).not.toBe(first.id);
  });

  it('survives a lost answer: the object exists, and the same key gets it back', async () => {
    const { order, chargeId } = await paidSession();
    const seller = await activeAccount();
    const transfer = (shipment: string): Stripe.TransferCreateParams => ({
      amount: 1000,
      currency: 'usd',
      destination: seller.id,
      source_transaction: chargeId,
      transfer_group: `order_${order}`,
      metadata: { shipment_id: shipment },
    });

    // One lost answer: stripe-node retries a reset connection once by itself, even with maxNetworkRetries 0,
    // with the same Idempotency-Key, and gets the kept answer.
    const before = server.requests.length;
    server.failNext('/v1/transfers', 'drop');
    const once = await stripe.transfers.create(transfer('1'), {
      idempotencyKey: `transfer-shipment-${order}-1`,
    });
    const sent = server.requests.slice(before).filter((r) => r.path === '/v1/transfers');
    expect(sent.map((r) => [r.dropped, r.replayed])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
    expect(once.lastResponse.headers['idempotent-replayed']).toBe('true');

    // Two lost answers in a row: the library throws a connection error, though the transfer was made.
    server.failNext('/v1/transfers', 'drop');
    server.failNext('/v1/transfers', 'drop');
    const key = `transfer-shipment-${order}-2`;
    const lost = await caught(stripe.transfers.create(transfer('2'), { idempotencyKey: key }));
    expect(lost).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(lost.statusCode).toBeUndefined();
    const made = (await stripe.transfers.list({ transfer_group: `order_${order}` })).data.filter(
      (t) => t.metadata.shipment_id === '2',
    );
    expect(made).toHaveLength(1);
    const retried = await stripe.transfers.create(transfer('2'), { idempotencyKey: key });
    expect(retried.id).toBe(made[0]?.id);
    expect(retried.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.transfers.list({ transfer_group: `order_${order}` })).data).toHaveLength(2);
  });

  it('fails the next request to a path with a chosen status, without acting on it', async () => {
    const { intent } = await paidSession();
    server.failNext('/v1/refunds', 500);
    const failed = await caught(stripe.refunds.create({ payment_intent: intent.id, amount: 100 }));
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed.statusCode).toBe(500);
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toEqual([]);
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
    expect(refund.amount).toBe(100);
  });
});

describe('errors and the wire format', () => {
  it('answers an unknown id with 404 resource_missing', async () => {
    for (const call of [
      stripe.checkout.sessions.retrieve('cs_test_nope'),
      stripe.paymentIntents.retrieve('pi_nope'),
      stripe.transfers.retrieve('tr_nope'),
      stripe.accounts.retrieve('acct_nope'),
      stripe.transfers.createReversal('tr_nope'),
    ]) {
      const error = await caught(call);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
      expect(error.message).toMatch(/^No such [a-z_.]+: '[a-z_]+nope'$/);
    }
  });

  it('answers a bad secret key, or none, with 401', async () => {
    const error = await caught(client('sk_test_wrong').accounts.retrieve('acct_nope'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    const none = await fetch(`${server.url}/v1/checkout/sessions`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key'),
      },
    });
  });

  it('reads nested parameters from the form encoding the library sends', async () => {
    const order = tag();
    const before = server.requests.length;
    const params = sessionParams(order);
    const session = await stripe.checkout.sessions.create(params);
    await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const [create, retrieve] = server.requests.slice(before);
    expect(create?.method).toBe('POST');
    expect(create?.path).toBe('/v1/checkout/sessions');
    expect(create?.form).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1900',
      'line_items[0][price_data][product_data][name]': 'Dragon fruit cutting',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '499',
      'line_items[1][price_data][product_data][name]': 'Shipping',
      'line_items[1][quantity]': '1',
      success_url: `https://shop.test/orders/${order}?payment=return&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://shop.test/orders/${order}?payment=cancel`,
      client_reference_id: `order-${order}`,
      'metadata[order_id]': order,
      expires_at: String(params.expires_at),
      'payment_intent_data[transfer_group]': `order_${order}`,
      'payment_intent_data[metadata][order_id]': order,
    });
    expect(create?.params).toMatchObject({
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '1900',
            product_data: { name: 'Dragon fruit cutting' },
          },
        },
        { quantity: '1' },
      ],
      payment_intent_data: { transfer_group: `order_${order}`, metadata: { order_id: order } },
    });
    expect(create?.headers).toMatchObject({
      authorization: `Bearer ${server.apiKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      'stripe-version': Stripe.API_VERSION,
    });
    // The library keys every POST itself when the caller gives no key.
    expect(create?.headers['idempotency-key']).toMatch(/^stripe-node-retry-/);
    expect(retrieve).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${session.id}`,
      form: { 'expand[0]': 'payment_intent' },
      params: { expand: ['payment_intent'] },
    });
    expect(retrieve?.headers['idempotency-key']).toBeUndefined();

    const seller = await stripe.accounts.create({ type: 'express' });
    await stripe.checkout.sessions.create(params, { stripeAccount: seller.id });
    expect(server.requests.at(-1)?.headers['stripe-account']).toBe(seller.id);
  });
});

describe('webhooks', () => {
  it('signs so that constructEvent refuses a wrong secret or a stale timestamp', async () => {
    const own = await startStripeServer();
    const ownReceiver = await startReceiver({ '/platform': PLATFORM_SECRET });
    try {
      own.webhooks(`${ownReceiver.url}/platform`, 'whsec_not_the_receivers');
      const session = await client(own.apiKey, own).checkout.sessions.create(sessionParams(tag()));
      const event = await own.pay(session.id);
      expect(own.deliveries.at(-1)).toMatchObject({ event: event.id, status: 400 });
      expect(ownReceiver.received.at(-1)?.error).toContain(
        'No signatures found matching the expected signature',
      );

      own.webhooks(`${ownReceiver.url}/platform`, PLATFORM_SECRET);
      const stale = await own.resend(event.id, { signedAt: Math.floor(Date.now() / 1000) - 301 });
      expect(stale.status).toBe(400);
      expect(ownReceiver.received.at(-1)?.error).toContain('Timestamp outside the tolerance zone');

      const fresh = await own.resend(event.id);
      expect(fresh.status).toBe(200);
      expect(fresh.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(ownReceiver.received.at(-1)?.event?.id).toBe(event.id);
      expect(JSON.parse(fresh.payload)).toEqual(event);
    } finally {
      await own.close();
      await ownReceiver.close();
    }
  });

  it('sends an event twice, and events in another order than they were made', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(tag()));
    const account = await stripe.accounts.create({
      type: 'express',
      capabilities: { transfers: { requested: true } },
    });
    server.hold();
    const paid = await server.pay(session.id);
    const active = await server.activate(account.id);
    const restricted = await server.restrict(account.id, ['external_account']);
    expect(eventsFor(session.id)).toEqual([]);
    expect(eventsFor(account.id)).toEqual([]);

    const sent = await server.release({ order: 'reversed' });
    expect(sent.map((d) => [d.event, d.status])).toEqual([
      [restricted.id, 200],
      [active.id, 200],
      [paid.id, 200],
    ]);
    expect(eventsFor(account.id).map((e) => e.id)).toEqual([restricted.id, active.id]);
    expect(active.created).toBeLessThanOrEqual(restricted.created);

    const again = await server.resend(paid.id);
    expect(again.status).toBe(200);
    const twice = eventsFor(session.id);
    expect(twice.map((e) => e.id)).toEqual([paid.id, paid.id]);
    expect(twice[1]).toEqual(twice[0]);

    await server.deliver([paid, active]);
    expect(eventsFor(session.id)).toHaveLength(3);
    expect(eventsFor(account.id).map((e) => e.id)).toEqual([restricted.id, active.id, active.id]);
  });
});
