import type { CartLine } from '@domain/cart/responses';
import type { NotificationPage } from '@domain/notifications/responses';
import type { Order, SellerShipment } from '@domain/orders/responses';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { orders, products, shipmentSettlements } from '../../server/src/db/schema';
import {
  type Client,
  createTestApp,
  markPaid,
  TEST_PAYMENT_INSTRUCTIONS,
  type TestApp,
} from '../support/app';
import { testDatabaseKind } from '../support/database';
import {
  buyerWithCart,
  createListing,
  ledgerOf,
  listingInput,
  placeOrder,
  signUpBuyer,
  signUpNursery,
} from '../support/fixtures';

// Paying the nursery directly, the default way of paying (docs/product.md#payments,
// docs/decisions/0021-payments.md): checkout refuses a nursery buyers cannot pay, the order says whom to pay how
// much and how, the nursery marks its part received before it may ship, and the parts unpaid when the window ends
// are cancelled by the marketplace.
let t: TestApp;
/** The app's clock: the tests move it past the unpaid window. */
let clock = new Date();
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

/** Words a nursery might write, with what must stay words: markup, a replacement pattern, several lines. */
const TRICKY_INSTRUCTIONS =
  'Zelle: pay@</script><script>alert(1)</script>.example.com\n$& $1 {order}\nCheque to 1 Main St';

const inbox = async (client: Client) => (await client.get<NotificationPage>('/api/notifications')).body;

const stockOf = async (id: number) =>
  (await t.database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, id)))[0]
    ?.quantity;

describe('a nursery buyers cannot pay yet', () => {
  it('says so on the cart line, refuses checkout with 409 naming it, writes nothing, and sells once it can', async () => {
    const unready = await signUpNursery(t, {
      profile: { businessName: 'Sleepy Hollow Pitaya', paymentInstructions: null },
    });
    const ready = await signUpNursery(t);
    const a = await createListing(unready.client, { title: 'Unready cutting' });
    const b = await createListing(ready.client, { title: 'Ready cutting' });
    const buyer = await buyerWithCart(t, [a, b]);

    const lines = (await buyer.client.get<CartLine[]>('/api/cart')).body;
    const problem = "Sleepy Hollow Pitaya is not taking payments yet, so its plants can't be bought for now";
    expect(lines.map((l) => [l.productId, l.paymentProblem])).toEqual([
      [a.id, problem],
      [b.id, null],
    ]);

    const ordersBefore = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    const refused = await buyer.client.post<{ message: string; errors: Record<string, string> }>(
      '/api/orders',
      {},
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Some items can't be paid for yet: Unready cutting: ${problem}`);
    expect(refused.body.errors).toEqual({ [a.id]: problem });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual(
      ordersBefore,
    );
    expect(await stockOf(a.id)).toBe(10);
    expect((await buyer.client.get<CartLine[]>('/api/cart')).body).toHaveLength(2);

    // The nursery writes how to pay it: the line is fine and the order goes through.
    const saved = await unready.client.put('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: 'Sleepy Hollow Pitaya',
      paymentInstructions: 'Venmo @sleepy-hollow',
    });
    expect(saved.status).toBe(200);
    expect((await buyer.client.get<CartLine[]>('/api/cart')).body.map((l) => l.paymentProblem)).toEqual([
      null,
      null,
    ]);
    expect((await buyer.client.post('/api/orders', {})).status).toBe(201);
  });
});

describe('the order says whom to pay, how much and how', () => {
  it('shows each nursery its amount and its own words, as written, in the answer, the order and the notice', async () => {
    const a = await signUpNursery(t, {
      profile: { businessName: 'Tricky Nursery', paymentInstructions: TRICKY_INSTRUCTIONS },
    });
    const b = await signUpNursery(t);
    const pa = await createListing(a.client, { price: 30 });
    const pb = await createListing(b.client, { price: 10 });
    const { buyer, order } = await placeOrder(t, [pa, pb]);

    expect(order.payment).toMatchObject({
      provider: 'direct',
      // What the pages may show, from the answer: each nursery's instructions, no payment page, no account.
      capabilities: {
        name: 'Direct',
        paysNurseryDirectly: true,
        hostedCheckout: false,
        payoutAccounts: false,
        refundsByProvider: false,
      },
      status: 'awaiting',
      label: 'Awaiting payment',
      total: order.total,
      due: order.total,
      paid: 0,
      redirectUrl: null,
    });
    // A week to pay, from when the order was placed.
    expect(new Date(order.payment.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(
      168 * HOUR_MS,
    );
    const [partA, partB] = order.shipments;
    expect(partA?.payment).toMatchObject({
      status: 'awaiting',
      label: 'Awaiting payment',
      payee: 'Tricky Nursery',
      instructions: TRICKY_INSTRUCTIONS,
      paidAt: null,
    });
    expect(partB?.payment).toMatchObject({ payee: b.username, instructions: TEST_PAYMENT_INSTRUCTIONS });
    // The parts add up to the order's total to the cent: the shipping shared 3 to 1.
    expect(Math.round(((partA?.payment.amount ?? 0) + (partB?.payment.amount ?? 0)) * 100)).toBe(
      Math.round(order.total * 100),
    );
    expect(partA?.payment.amount).toBeGreaterThan(30);

    // The order read again says the same.
    const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.payment).toEqual(order.payment);
    expect(seen.shipments.map((s) => s.payment)).toEqual(order.shipments.map((s) => s.payment));

    // The notice (and its mail) quotes the nursery's words line by line, after ours.
    const placed = (await inbox(buyer)).items.find((n) => n.kind === 'order-placed');
    expect(placed?.body).toContain(
      `Pay Tricky Nursery $${partA?.payment.amount.toFixed(2)}:\n> Zelle: pay@</script><script>alert(1)</script>.example.com\n> $& $1 {order}\n> Cheque to 1 Main St`,
    );
    expect(placed?.body).toContain('A part not paid within 7 days is cancelled.');
    expect(placed?.title).toBe(`Order #${order.id} placed`);
  });
});

describe('"Payment received"', () => {
  it('makes the part paid and shippable, records what the nursery received once, and tells the buyer once', async () => {
    const a = await signUpNursery(t);
    const b = await signUpNursery(t);
    const pa = await createListing(a.client);
    const pb = await createListing(b.client);
    const { buyer, order } = await placeOrder(t, [pa, pb]);
    const [partA, partB] = order.shipments;

    const early = await a.client.post<{ message: string }>(`/api/seller/shipments/${partA?.id}/ship`, {
      carrier: 'usps',
      trackingNumber: '9400100000000000000000',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This order is not paid yet');
    const earlyRow = (await a.client.get<SellerShipment>(`/api/seller/shipments/${partA?.id}`)).body;
    expect(earlyRow).toMatchObject({ status: 'pending', shippedAt: null, payment: { status: 'awaiting' } });

    clock = new Date(clock.getTime() + 60_000);
    const paid = await a.client.post<SellerShipment>(`/api/seller/shipments/${partA?.id}/payment-received`);
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ status: 'paid', label: 'Paid', paidAt: clock.toISOString() });
    // Again: nothing changes, and the time it was paid stays.
    clock = new Date(clock.getTime() + 60_000);
    const again = await a.client.post<SellerShipment>(`/api/seller/shipments/${partA?.id}/payment-received`);
    expect(again.status).toBe(200);
    expect(again.body.payment.paidAt).toBe(paid.body.payment.paidAt);

    expect(await ledgerOf(t, order.id)).toEqual([
      {
        kind: 'received_by_seller',
        amountCents: Math.round((partA?.payment.amount ?? 0) * 100),
        sellerId: a.id,
      },
    ]);
    const half = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(half.payment).toMatchObject({ status: 'partly-paid', label: 'Partly paid: 1 of 2 nurseries' });
    expect(half.payment.due).toBe(partB?.payment.amount);
    const told = (await inbox(buyer)).items.filter((n) => n.kind === 'payment-received');
    expect(told.map((n) => n.title)).toEqual([`Order #${order.id}: ${a.username} received your payment`]);
    expect(told[0]?.body).toContain(`$${partA?.payment.amount.toFixed(2)}`);

    const shipped = await a.client.post<SellerShipment>(`/api/seller/shipments/${partA?.id}/ship`, {
      carrier: 'usps',
      trackingNumber: '9400100000000000000000',
    });
    expect(shipped.status).toBe(200);

    await markPaid(b.client, partB?.id);
    const whole = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(whole.payment).toMatchObject({ status: 'paid', label: 'Paid', due: 0, paid: order.total });
  });

  it('is the seller’s own: another nursery gets 404, the buyer 403, a visitor 401, and nothing changes', async () => {
    const a = await signUpNursery(t);
    const intruder = await signUpNursery(t);
    const { buyer, order } = await placeOrder(t, [await createListing(a.client)]);
    const url = `/api/seller/shipments/${order.shipments[0]?.id}/payment-received`;
    expect((await intruder.client.post(url)).status).toBe(404);
    expect((await buyer.post(url)).status).toBe(403);
    // No amount is taken from the client: a body naming one changes nothing of what is recorded.
    expect((await intruder.client.post(url, { amount: 0.01 })).status).toBe(404);
    const visitor = (await signUpBuyer(t)).client;
    await visitor.post('/api/auth/logout');
    expect((await visitor.post(url)).status).toBe(401);
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body.payment.status).toBe('awaiting');
    expect(await ledgerOf(t, order.id)).toEqual([]);
    expect((await a.client.post('/api/seller/shipments/abc/payment-received')).status).toBe(400);
    expect((await a.client.post('/api/seller/shipments/999999999/payment-received')).status).toBe(404);
  });

  it('is refused for a cancelled part, which shows as not collected; a paid part cancelled is a refund due', async () => {
    const a = await signUpNursery(t, { profile: { businessName: 'Refund Farm' } });
    const p = await createListing(a.client);
    const first = await placeOrder(t, [p]);
    await first.buyer.post(`/api/orders/${first.order.id}/cancel`, {});
    const late = await a.client.post<{ message: string }>(
      `/api/seller/shipments/${first.order.shipments[0]?.id}/payment-received`,
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This shipment was cancelled');
    const cancelled = (await first.buyer.get<Order>(`/api/orders/${first.order.id}`)).body;
    expect(cancelled.shipments[0]?.payment).toMatchObject({
      status: 'not-collected',
      label: 'Not collected: cancelled before payment',
    });
    expect(cancelled.payment).toMatchObject({ status: 'cancelled', total: 0, due: 0 });

    const second = await placeOrder(t, [p]);
    await markPaid(a.client, second.order.shipments[0]?.id);
    await second.buyer.post(`/api/orders/${second.order.id}/cancel`, { reason: 'Changed my mind' });
    const owed = (await second.buyer.get<Order>(`/api/orders/${second.order.id}`)).body;
    expect(owed.shipments[0]?.payment).toMatchObject({
      status: 'refund-due',
      label: 'Refund due from Refund Farm',
    });
    // The nursery owes it until it records it sent (test/api/direct-refunds.test.ts): not "Refunded" yet.
    expect(owed.payment).toMatchObject({ status: 'refund-due', label: 'Refund due' });
  });
});

describe('the unpaid window', () => {
  it('cancels the parts still unpaid when it ends, puts their plants back on sale and tells both sides', async () => {
    const a = await signUpNursery(t);
    const b = await signUpNursery(t);
    const pa = await createListing(a.client);
    const pb = await createListing(b.client);
    clock = new Date();
    const { buyer, order } = await placeOrder(t, [pa, pb]);
    const [partA, partB] = order.shipments;
    await markPaid(a.client, partA?.id);
    expect(await stockOf(pb.id)).toBe(9);

    // An hour before the window ends nothing happens.
    clock = new Date(new Date(order.payment.expiresAt).getTime() - HOUR_MS);
    await t.maintenance();
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body.shipments.map((s) => s.status)).toEqual([
      'pending',
      'pending',
    ]);

    // Once it ends, two passes at once (two instances) cancel the unpaid part once.
    clock = new Date(new Date(order.payment.expiresAt).getTime() + 1000);
    await Promise.all([t.maintenance(), t.maintenance()]);
    const after = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(after.shipments[0]).toMatchObject({ status: 'pending', payment: { status: 'paid' } });
    expect(after.shipments[1]).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: 'The payment did not arrive in time.',
      payment: { status: 'not-collected' },
    });
    expect(after.payment).toMatchObject({ status: 'paid', total: partA?.payment.amount, due: 0 });
    expect(await stockOf(pb.id)).toBe(10);
    expect(await stockOf(pa.id)).toBe(9);

    const buyerTold = (await inbox(buyer)).items.filter((n) => n.kind === 'shipment-cancelled');
    expect(buyerTold.map((n) => n.title)).toEqual([
      `Order #${order.id}: ${b.username}'s part was cancelled, unpaid`,
    ]);
    const sellerTold = (await inbox(b.client)).items.filter((n) => n.kind === 'shipment-cancelled');
    expect(sellerTold.map((n) => n.title)).toEqual([`Order #${order.id}: your part was cancelled, unpaid`]);
    expect((await inbox(a.client)).items.filter((n) => n.kind === 'shipment-cancelled')).toEqual([]);

    // Too late to say it was paid; the paid part still ships.
    const late = await b.client.post(`/api/seller/shipments/${partB?.id}/payment-received`);
    expect(late.status).toBe(409);
    const shipped = await a.client.post(`/api/seller/shipments/${partA?.id}/ship`, {
      carrier: 'other',
      trackingNumber: null,
    });
    expect(shipped.status).toBe(200);
  });

  it('honours PAYMENT_WINDOW_HOURS', async () => {
    const short = await createTestApp({ PAYMENT_WINDOW_HOURS: '24' });
    try {
      const { listing } = await signUpNursery(short, { listing: {} });
      const { order } = await placeOrder(short, [listing]);
      expect(new Date(order.payment.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(
        24 * HOUR_MS,
      );
    } finally {
      await short.close();
    }
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('races on PostgreSQL', () => {
  it('records a payment once however many times it is said at once', async () => {
    const a = await signUpNursery(t);
    const { order } = await placeOrder(t, [await createListing(a.client)]);
    const id = order.shipments[0]?.id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => a.client.post(`/api/seller/shipments/${id}/payment-received`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await ledgerOf(t, order.id)).toHaveLength(1);
  });

  it('a payment said as the window closes is either kept (and the part stands) or refused (and the part is cancelled)', async () => {
    for (let round = 0; round < 8; round++) {
      const a = await signUpNursery(t);
      const p = await createListing(a.client);
      clock = new Date();
      const { order } = await placeOrder(t, [p]);
      const id = order.shipments[0]?.id ?? 0;
      clock = new Date(new Date(order.payment.expiresAt).getTime() + 1000);
      const [said] = await Promise.all([
        a.client.post(`/api/seller/shipments/${id}/payment-received`),
        t.maintenance(),
      ]);
      const [row] = await queryRows<{ status: string; paidAt: Date | null; entries: number }>(
        t.database.db,
        sql`select s.status, ss.paid_at as "paidAt",
                   (select count(*)::int from ledger_entries l where l.shipment_id = s.id) as entries
            from shipments s join shipment_settlements ss on ss.shipment_id = s.id where s.id = ${id}`,
      );
      if (said.status === 200) {
        expect(row).toMatchObject({ status: 'pending', entries: 1 });
        expect(row?.paidAt).not.toBeNull();
        expect(await stockOf(p.id)).toBe(9);
      } else {
        expect(said.status).toBe(409);
        expect(row).toMatchObject({ status: 'cancelled', paidAt: null, entries: 0 });
        expect(await stockOf(p.id)).toBe(10);
      }
    }
  });
});

describe('the settlements stay as checkout fixed them', () => {
  it('never changes a part’s amount after checkout, whatever the listing’s price does', async () => {
    const a = await signUpNursery(t);
    const p = await createListing(a.client, { price: 12 });
    const { buyer, order } = await placeOrder(t, [p]);
    await a.client.put(`/api/products/${p.id}`, listingInput({ title: p.title, price: 99 }));
    const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.shipments[0]?.payment.amount).toBe(order.shipments[0]?.payment.amount);
    const rows = await t.database.db
      .select({ gross: shipmentSettlements.grossCents })
      .from(shipmentSettlements)
      .where(inArray(shipmentSettlements.shipmentId, [order.shipments[0]?.id ?? 0]));
    expect(rows.map((r) => r.gross)).toEqual([Math.round(order.total * 100)]);
  });
});
