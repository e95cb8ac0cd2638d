import type { Product } from '@domain/catalog/responses';
import type { Order, SellerShipment } from '@domain/orders/responses';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { ledgerEntries, payments, shipmentSettlements } from '../../server/src/db/schema';
import type { Client, TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { placeOrder, signUpCardNursery } from '../support/fixtures';
import { createStripeTestApp, type StripeTestApp } from '../support/stripe-app';
import type { StripeServer } from '../support/stripe-server';

// Refunds and transfers as claimed jobs (docs/decisions/0021-payments.md#refunds-and-transfers-stripe): a part paid
// by card and cancelled before it ships is refunded its gross; a part delivered is transferred its net, from the
// order's charge, to its nursery's account; once each, whatever retries, lost answers or instances.
let stripe: StripeServer;
let t: TestApp;
let app: StripeTestApp;
let clock = new Date();

beforeAll(async () => {
  // Stripe's events reach the app as they would: over HTTP to its webhook routes.
  app = await createStripeTestApp({
    env: { MARKETPLACE_COMMISSION_PERCENT: '10' },
    now: () => clock,
    webhooks: true,
  });
  ({ t, stripe } = app);
});
afterAll(async () => {
  await app?.close();
});

/** What each nursery here sells. */
const CUTTING = { quantity: 50, price: 20 };

/** A buyer's order of `listings`, paid on the local Stripe's page; its webhook has marked it paid. */
async function paidOrder(listings: Product[]): Promise<{ buyer: Client; order: Order; chargeRef: string }> {
  const { buyer, order: placed } = await placeOrder(t, listings);
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.id));
  const event = await stripe.pay(row?.ref ?? '');
  expect(stripe.deliveries.filter((d) => d.event === event.id).map((d) => d.status)).toEqual([200]);
  const order = (await buyer.get<Order>(`/api/orders/${placed.id}`)).body;
  expect(order.payment.status).toBe('paid');
  const [paid] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.id));
  return { buyer, order, chargeRef: paid?.chargeRef ?? '' };
}

const settlementOf = async (shipmentId: number) =>
  (
    await t.database.db
      .select()
      .from(shipmentSettlements)
      .where(eq(shipmentSettlements.shipmentId, shipmentId))
  )[0];

const ledgerOf = (orderId: number) =>
  t.database.db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      shipmentId: ledgerEntries.shipmentId,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

const transfersMade = (shipmentId: number) =>
  stripe.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/transfers' &&
      r.params.metadata &&
      (r.params.metadata as Record<string, string>).shipment_id === String(shipmentId),
  );

async function ship(client: Client, shipmentId: number) {
  const res = await client.post<SellerShipment>(`/api/seller/shipments/${shipmentId}/ship`, {
    carrier: 'other',
    trackingNumber: null,
  });
  expect(res.status).toBe(200);
}

describe('transfers', () => {
  it('pays a delivered part its net from the order’s charge, once, and records it with the commission', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const { buyer, order, chargeRef } = await paidOrder([a.listing]);
    const part = order.shipments[0];
    const id = part?.id ?? 0;
    await ship(a.client, id);
    expect((await settlementOf(id))?.transferState).toBe('none');
    await buyer.post(`/api/orders/${order.id}/shipments/${id}/delivered`);
    expect((await settlementOf(id))?.transferState).toBe('due');

    expect(await t.moneyJobs.run()).toEqual({ refunds: 0, transfers: 1 });
    expect(await t.moneyJobs.run()).toEqual({ refunds: 0, transfers: 0 });
    const settled = await settlementOf(id);
    expect(settled).toMatchObject({ transferState: 'sent', leaseUntil: null });
    const made = transfersMade(id);
    expect(made).toHaveLength(1);
    expect(made[0]?.headers['idempotency-key']).toBe(`transfer-shipment-${id}`);
    expect(made[0]?.params).toMatchObject({
      amount: String(settled?.netCents),
      destination: a.accountRef,
      source_transaction: chargeRef,
      transfer_group: `order_${order.id}`,
    });
    // $20 + $12.99 shipping = $32.99; 10% commission rounded half up: 330 cents; the nursery's net 2,969.
    expect(settled).toMatchObject({ grossCents: 3299, commissionCents: 330, netCents: 2969 });
    expect(await ledgerOf(order.id)).toEqual([
      { kind: 'charge', amountCents: 3299, shipmentId: null },
      { kind: 'transfer', amountCents: 2969, shipmentId: id },
      { kind: 'commission', amountCents: 330, shipmentId: id },
    ]);
  });

  it('waits while the nursery’s account is not active, and pays once it is', async () => {
    const a = await signUpCardNursery(app, { activate: false, listing: CUTTING });
    await stripe.activate(a.accountRef);
    await a.client.get('/api/seller/payout-account');
    const { buyer, order } = await paidOrder([a.listing]);
    const id = order.shipments[0]?.id ?? 0;
    await stripe.restrict(a.accountRef, ['external_account']);
    await a.client.get('/api/seller/payout-account');
    await ship(a.client, id);
    await buyer.post(`/api/orders/${order.id}/shipments/${id}/delivered`);
    expect((await t.moneyJobs.run()).transfers).toBe(0);
    expect((await settlementOf(id))?.transferState).toBe('due');
    await stripe.activate(a.accountRef);
    await a.client.get('/api/seller/payout-account');
    expect((await t.moneyJobs.run()).transfers).toBe(1);
  });

  it('looks up a transfer whose answer was lost before sending it again, and sends it once', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const { buyer, order } = await paidOrder([a.listing]);
    const id = order.shipments[0]?.id ?? 0;
    await ship(a.client, id);
    await buyer.post(`/api/orders/${order.id}/shipments/${id}/delivered`);
    // Stripe makes the transfer and every answer is lost (the client's first try and its two retries).
    for (let i = 0; i < 3; i++) stripe.failNext('/v1/transfers', 'drop');
    expect((await t.moneyJobs.run()).transfers).toBe(0);
    expect((await settlementOf(id))?.transferState).toBe('sending');
    // Another pass within the lease leaves it alone.
    expect((await t.moneyJobs.run()).transfers).toBe(0);
    // Past the lease, it is looked up (and found), not sent again, even once Stripe forgot the key.
    stripe.forgetIdempotencyKeys();
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await t.moneyJobs.run()).transfers).toBe(1);
    expect(transfersMade(id).filter((r) => !r.replayed)).toHaveLength(1);
    expect((await settlementOf(id))?.transferState).toBe('sent');
    expect((await ledgerOf(order.id)).filter((e) => e.kind === 'transfer')).toHaveLength(1);
  });

  it('leaves a transfer Stripe refuses unresolved, for a person, and never sends it again', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const { buyer, order } = await paidOrder([a.listing]);
    const id = order.shipments[0]?.id ?? 0;
    await ship(a.client, id);
    await buyer.post(`/api/orders/${order.id}/shipments/${id}/delivered`);
    stripe.failNext('/v1/transfers', 400);
    expect((await t.moneyJobs.run()).transfers).toBe(0);
    expect((await settlementOf(id))?.transferState).toBe('unresolved');
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await t.moneyJobs.run()).transfers).toBe(0);
    expect(transfersMade(id)).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('gives back a paid part’s gross when it is cancelled before it ships, once', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const b = await signUpCardNursery(app, { listing: CUTTING });
    const { buyer, order, chargeRef } = await paidOrder([a.listing, b.listing]);
    const [partA, partB] = order.shipments;
    await buyer.post(`/api/orders/${order.id}/shipments/${partB?.id}/cancel`, { reason: 'Changed my mind' });
    expect((await settlementOf(partB?.id ?? 0))?.refundState).toBe('due');
    const owed = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(owed.shipments[1]?.payment.status).toBe('refund-due');
    // Until Stripe has the refund, the order says it is due, not refunded.
    expect(owed.payment).toMatchObject({ status: 'refund-due', label: 'Paid, refund due' });
    // The marketplace sends a card refund: the nursery cannot record one.
    const byHand = await b.client.post<{ message: string }>(
      `/api/seller/shipments/${partB?.id}/refund-sent`,
      {},
    );
    expect(byHand.status).toBe(409);
    expect(byHand.body.message).toBe(
      'This order is paid by card: the marketplace sends its refund when the part is cancelled',
    );

    expect(await t.moneyJobs.run()).toEqual({ refunds: 1, transfers: 0 });
    expect(await t.moneyJobs.run()).toEqual({ refunds: 0, transfers: 0 });
    const refunds = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    const ours = refunds.filter((r) => r.params.charge === chargeRef);
    expect(ours).toHaveLength(1);
    expect(ours[0]?.params).toMatchObject({
      amount: String(partB?.payment.amount ? Math.round(partB.payment.amount * 100) : 0),
    });
    expect(ours[0]?.headers['idempotency-key']).toBe(`refund-shipment-${partB?.id}`);
    const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.shipments[1]?.payment).toMatchObject({
      status: 'refunded',
      label: 'Refunded',
      refundedAt: clock.toISOString(),
      refundNote: null,
    });
    expect(seen.payment).toMatchObject({
      status: 'paid',
      label: 'Paid, part refunded',
      total: partA?.payment.amount,
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(row?.refundedCents).toBe(Math.round((partB?.payment.amount ?? 0) * 100));
  });
});

describe('a payment after a part was cancelled', () => {
  it('refunds the cancelled part, which was charged all the same', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const b = await signUpCardNursery(app, { listing: CUTTING });
    const { buyer, order: placed } = await placeOrder(t, [a.listing, b.listing]);
    const partB = placed.shipments[1];
    // The buyer cancels one part, then pays on the page that was still open: the charge is the whole order's.
    await buyer.post(`/api/orders/${placed.id}/shipments/${partB?.id}/cancel`, {});
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.id));
    await stripe.pay(row?.ref ?? '');
    const order = (await buyer.get<Order>(`/api/orders/${placed.id}`)).body;
    expect(order.shipments.map((s) => s.payment.status)).toEqual(['paid', 'refund-due']);
    expect(await t.moneyJobs.run()).toEqual({ refunds: 1, transfers: 0 });
    const after = (await buyer.get<Order>(`/api/orders/${placed.id}`)).body;
    expect(after.shipments[1]?.payment.status).toBe('refunded');
    const ledger = await ledgerOf(placed.id);
    expect(ledger.map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', Math.round(placed.total * 100)],
      ['refund', Math.round((partB?.payment.amount ?? 0) * 100)],
    ]);
  });
});

describe('reconciliation', () => {
  it('finds paid, 15 minutes on, an order whose webhook was lost, and the late event changes nothing', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const { buyer, order: placed } = await placeOrder(t, [a.listing]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.id));
    stripe.hold();
    await stripe.pay(row?.ref ?? '');
    clock = new Date(Date.now() + 14 * 60_000);
    await t.maintenance();
    expect((await buyer.get<Order>(`/api/orders/${placed.id}`)).body.payment.status).toBe('awaiting');
    clock = new Date(Date.now() + 16 * 60_000);
    await t.maintenance();
    const paid = (await buyer.get<Order>(`/api/orders/${placed.id}`)).body;
    expect(paid.payment.status).toBe('paid');
    // The event arrives at last: acknowledged, and nothing is recorded or told twice.
    const late = await stripe.release();
    expect(late.map((d) => d.status)).toEqual([200]);
    expect((await ledgerOf(placed.id)).map((e) => e.kind)).toEqual(['charge']);
    const [told] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notifications where order_id = ${placed.id} and kind = 'order-paid'`,
    );
    expect(told?.n).toBe(1);
  });

  it('cancels the order whose page expired at Stripe when the expiry’s event was lost', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const { buyer, order: placed } = await placeOrder(t, [a.listing]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, placed.id));
    stripe.hold();
    await stripe.expire(row?.ref ?? '');
    clock = new Date(Date.now() + 16 * 60_000);
    await t.maintenance();
    const seen = (await buyer.get<Order>(`/api/orders/${placed.id}`)).body;
    expect(seen.shipments[0]).toMatchObject({ status: 'cancelled', cancelledBy: 'system' });
    expect(seen.payment.status).toBe('cancelled');
    await stripe.release();
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('two instances (PostgreSQL)', () => {
  it('send each transfer and refund once when their passes run at once', async () => {
    const a = await signUpCardNursery(app, { listing: CUTTING });
    const shipments: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { buyer, order } = await paidOrder([a.listing]);
      const id = order.shipments[0]?.id ?? 0;
      if (i % 2 === 0) {
        await ship(a.client, id);
        await buyer.post(`/api/orders/${order.id}/shipments/${id}/delivered`);
      } else await buyer.post(`/api/orders/${order.id}/cancel`, {});
      shipments.push(id);
    }
    const passes = await Promise.all([t.moneyJobs.run(), t.moneyJobs.run(), t.moneyJobs.run()]);
    expect(passes.reduce((n, p) => n + p.transfers, 0)).toBe(3);
    expect(passes.reduce((n, p) => n + p.refunds, 0)).toBe(3);
    for (const id of shipments.filter((_, i) => i % 2 === 0)) expect(transfersMade(id)).toHaveLength(1);
    const [counts] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries
          where shipment_id = any(${sql.param(shipments)}::int[]) and kind in ('transfer', 'refund')`,
    );
    expect(counts?.n).toBe(6);
  });
});

describe('the ledger adds up', () => {
  it('charges − refunds = transfers + commission + what is still held, for random orders, cancels and deliveries', async () => {
    const nurseries = [
      await signUpCardNursery(app, { listing: CUTTING }),
      await signUpCardNursery(app, { listing: CUTTING }),
      await signUpCardNursery(app, { listing: CUTTING }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
        // Mostly paid, and mostly with the jobs run: the cases where money moves.
        fc.constantFrom(true, true, true, false),
        fc.array(fc.constantFrom('cancel', 'deliver', 'ship', 'nothing'), { minLength: 3, maxLength: 3 }),
        fc.constantFrom(true, true, false),
        async (which, paid, fates, jobsRun) => {
          const listings = which.map((i) => nurseries[i]?.listing as Product);
          let buyer: Client;
          let order: Order;
          if (paid) ({ buyer, order } = await paidOrder(listings));
          else {
            ({ buyer, order } = await placeOrder(t, listings));
          }
          for (const [n, part] of order.shipments.entries()) {
            const fate = fates[n];
            const seller = nurseries.find((x) => x.id === part.seller.id)?.client as Client;
            if (fate === 'cancel')
              await buyer.post(`/api/orders/${order.id}/shipments/${part.id}/cancel`, {});
            else if (paid && (fate === 'ship' || fate === 'deliver')) {
              await ship(seller, part.id);
              if (fate === 'deliver')
                await buyer.post(`/api/orders/${order.id}/shipments/${part.id}/delivered`);
            }
          }
          if (jobsRun) await t.moneyJobs.run();
          const [sums] = await queryRows<{
            charges: number;
            refunds: number;
            transfers: number;
            commission: number;
            reversals: number;
            direct: number;
            held: number;
          }>(
            t.database.db,
            sql`select
                  coalesce((select sum(amount_cents) from ledger_entries where order_id = ${order.id} and kind = 'charge'), 0)::int as charges,
                  coalesce((select sum(amount_cents) from ledger_entries where order_id = ${order.id} and kind = 'refund'), 0)::int as refunds,
                  coalesce((select sum(amount_cents) from ledger_entries where order_id = ${order.id} and kind = 'transfer'), 0)::int as transfers,
                  coalesce((select sum(amount_cents) from ledger_entries where order_id = ${order.id} and kind = 'commission'), 0)::int as commission,
                  coalesce((select sum(amount_cents) from ledger_entries where order_id = ${order.id} and kind = 'transfer_reversal'), 0)::int as reversals,
                  (select count(*) from ledger_entries where order_id = ${order.id}
                     and kind in ('received_by_seller', 'refunded_by_seller'))::int as direct,
                  coalesce((select sum(ss.gross_cents) from shipment_settlements ss join shipments s on s.id = ss.shipment_id
                            where s.order_id = ${order.id} and ss.paid_at is not null
                              and ss.transfer_state <> 'sent' and ss.refund_state <> 'sent'), 0)::int as held`,
          );
          expect(sums).toBeDefined();
          const s = sums as NonNullable<typeof sums>;
          expect(s.charges - s.refunds).toBe(s.transfers - s.reversals + s.commission + s.held);
          // The nurseries' own facts (received_by_seller, refunded_by_seller) are the default provider's alone.
          expect(s.direct).toBe(0);
          // The order is "Refund due" exactly while a cancelled paid part's refund is not sent.
          const [due] = await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from shipment_settlements ss join shipments s on s.id = ss.shipment_id
                where s.order_id = ${order.id} and s.status = 'cancelled' and ss.paid_at is not null
                  and ss.refund_state <> 'sent'`,
          );
          const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
          expect(seen.payment.status === 'refund-due', JSON.stringify(seen.payment)).toBe((due?.n ?? 0) > 0);
          expect(s.charges).toBe(paid ? Math.round(order.total * 100) : 0);
        },
      ),
      {
        numRuns: 12,
        // Always among the cases: a part delivered and transferred, one cancelled and refunded, one shipped.
        examples: [[[0, 1, 2], true, ['deliver', 'cancel', 'ship'], true]],
      },
    );
  });
});
