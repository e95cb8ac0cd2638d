import type { Product } from '@domain/catalog/responses';
import { formatUSD } from '@domain/money';
import type { NotificationPage } from '@domain/notifications/responses';
import type { Order, SellerShipment } from '@domain/orders/responses';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { notifications } from '../../server/src/db/schema';
import { Client, createTestApp, markPaid, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { type ListedNursery, ledgerOf, placeOrder, signUpBuyer, signUpNursery } from '../support/fixtures';
import { startSmtp, type TestSmtp } from '../support/smtp';

// A refund a nursery paid directly gives back itself (docs/decisions/0027-direct-refunds.md, docs/product.md#payments):
// a part paid then cancelled is "Refund due" on the order until its nursery records the refund sent, with a note;
// then "Refunded", the ledger records what went back, and the buyer is told, once.
let t: TestApp;
let smtp: TestSmtp;
let clock = new Date();

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Dragon Fruit <orders@example.com>' },
    { now: () => clock },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** What each nursery here sells: enough stock for every order of a test. */
const CUTTING = { quantity: 50, price: 12.5 };

/** A nursery's words with what must stay words: markup, a replacement pattern, several lines. */
const TRICKY_NOTE = 'Sent by Zelle </script><script>alert(1)</script>\n$& $1 {order} ref 4411';

/** An order of one nursery's listing, paid to it directly, then cancelled by the buyer: its refund is due. */
async function refundDue(seller: ListedNursery) {
  const { buyer, buyerId, order } = await placeOrder(t, [seller.listing]);
  const part = order.shipments[0]?.id ?? 0;
  await markPaid(seller.client, part);
  expect((await buyer.post(`/api/orders/${order.id}/cancel`, { reason: 'Changed my mind' })).status).toBe(
    200,
  );
  return { buyer, buyerId, order, part };
}

const refundUrl = (id: number | string) => `/api/seller/shipments/${id}/refund-sent`;

const toldOf = async (buyer: Client) =>
  (await buyer.get<NotificationPage>('/api/notifications')).body.items.filter(
    (n) => n.kind === 'refund-sent',
  );

describe('a paid part cancelled under the default provider', () => {
  it('is "Refund due" on the order until its nursery records the refund sent, then "Refunded"', async () => {
    const seller = await signUpNursery(t, { profile: { businessName: 'Refund Farm' }, listing: CUTTING });
    const { buyer, buyerId, order, part } = await refundDue(seller);
    const amount = order.shipments[0]?.payment.amount ?? 0;

    const owed = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(owed.payment).toMatchObject({
      status: 'refund-due',
      label: 'Refund due',
      refundDue: amount,
      total: 0,
    });
    expect(owed.shipments[0]?.payment).toMatchObject({
      status: 'refund-due',
      label: 'Refund due from Refund Farm',
      refundedAt: null,
      refundNote: null,
    });
    // The list of orders says the same.
    const listed = (await buyer.get<Order[]>('/api/orders')).body.find((o) => o.id === order.id);
    expect(listed?.payment.status).toBe('refund-due');
    const seen = (await seller.client.get<SellerShipment>(`/api/seller/shipments/${part}`)).body;
    expect(seen.payment).toMatchObject({ status: 'refund-due', amount });

    clock = new Date(clock.getTime() + 60_000);
    const recorded = await seller.client.post<SellerShipment>(refundUrl(part), { note: TRICKY_NOTE });
    expect(recorded.status).toBe(200);
    expect(recorded.body.payment).toMatchObject({
      status: 'refunded',
      label: 'Refund sent by Refund Farm',
      refundedAt: clock.toISOString(),
      refundNote: TRICKY_NOTE,
      amount,
    });

    const after = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(after.payment).toMatchObject({ status: 'refunded', label: 'Refunded', refundDue: 0 });
    expect(after.shipments[0]?.payment).toMatchObject({
      status: 'refunded',
      label: 'Refund sent by Refund Farm',
      refundedAt: clock.toISOString(),
      refundNote: TRICKY_NOTE,
    });
    const cents = Math.round(amount * 100);
    expect(await ledgerOf(t, order.id)).toEqual([
      { kind: 'received_by_seller', amountCents: cents, sellerId: seller.id },
      { kind: 'refunded_by_seller', amountCents: cents, sellerId: seller.id },
    ]);

    // The buyer is told, in the app and by mail, the note as written and escaped in the mail's HTML.
    const usd = formatUSD(amount);
    const told = await toldOf(buyer);
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe(`Refund Farm sent your refund of ${usd} for order #${order.id}`);
    expect(told[0]?.body).toBe(
      `Refund Farm says it sent back your payment of ${usd} for its cancelled part of order #${order.id}.\n` +
        `Its note:\n> Sent by Zelle </script><script>alert(1)</script>\n> $& $1 {order} ref 4411`,
    );
    await t.mail.sendDue();
    const [row] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(sql`${notifications.userId} = ${buyerId} and ${notifications.kind} = 'refund-sent'`);
    expect(row).toBeDefined();
    const mail = smtp.mails.find(
      (m) => m.subject === `Refund Farm sent your refund of ${usd} for order #${order.id}`,
    );
    expect(mail?.text).toContain('> Sent by Zelle </script><script>alert(1)</script>');
    expect(mail?.html).toContain('Sent by Zelle &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('is "Paid, refund due" beside a part still standing, then "Paid, part refunded"', async () => {
    const a = await signUpNursery(t, { listing: CUTTING });
    const b = await signUpNursery(t, { profile: { businessName: 'Second Farm' }, listing: CUTTING });
    const { buyer, order } = await placeOrder(t, [a.listing, b.listing]);
    const [partA, partB] = order.shipments;
    await markPaid(a.client, partA?.id);
    await markPaid(b.client, partB?.id);
    await buyer.post(`/api/orders/${order.id}/shipments/${partB?.id}/cancel`, {});
    const owed = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(owed.payment).toMatchObject({
      status: 'refund-due',
      label: 'Paid, refund due',
      refundDue: partB?.payment.amount,
      paid: partA?.payment.amount,
    });
    // No note: none is shown.
    expect(
      (await b.client.post<SellerShipment>(refundUrl(partB?.id ?? 0))).body.payment.refundNote,
    ).toBeNull();
    const after = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(after.payment).toMatchObject({ status: 'paid', label: 'Paid, part refunded', refundDue: 0 });
    expect(after.shipments[1]?.payment.refundNote).toBeNull();
  });

  it('keeps a part still awaiting the buyer’s payment as the state, the refund due in its words', async () => {
    const a = await signUpNursery(t, { listing: CUTTING });
    const b = await signUpNursery(t, { listing: CUTTING });
    const { buyer, order } = await placeOrder(t, [a.listing, b.listing]);
    const [, partB] = order.shipments;
    await markPaid(b.client, partB?.id);
    await buyer.post(`/api/orders/${order.id}/shipments/${partB?.id}/cancel`, {});
    const owed = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(owed.payment).toMatchObject({ status: 'awaiting', label: 'Awaiting payment, refund due' });
  });
});

describe('recording a refund sent', () => {
  it('records one refund, however often it is said: the first record, its time and note, stand', async () => {
    const seller = await signUpNursery(t, { listing: CUTTING });
    const { buyer, order, part } = await refundDue(seller);
    const first = await seller.client.post<SellerShipment>(refundUrl(part), { note: 'First' });
    clock = new Date(clock.getTime() + 60_000);
    const again = await seller.client.post<SellerShipment>(refundUrl(part), { note: 'Second' });
    expect(again.status).toBe(200);
    expect(again.body.payment).toEqual(first.body.payment);
    expect((await ledgerOf(t, order.id)).filter((e) => e.kind === 'refunded_by_seller')).toHaveLength(1);
    expect(await toldOf(buyer)).toHaveLength(1);
  });

  it('is the seller’s own: another nursery 404, the buyer 403, a visitor 401, no Origin 403; nothing changes', async () => {
    const seller = await signUpNursery(t, { listing: CUTTING });
    const intruder = await signUpNursery(t, { listing: CUTTING });
    const { buyer, order, part } = await refundDue(seller);
    expect((await intruder.client.post(refundUrl(part), { note: 'x' })).status).toBe(404);
    expect((await buyer.post(refundUrl(part), { note: 'x' })).status).toBe(403);
    const bare = new Client(t.server, { origin: null });
    for (const [k, v] of seller.client.cookies) bare.cookies.set(k, v);
    expect((await bare.post(refundUrl(part), { note: 'x' })).status).toBe(403);
    const visitor = (await signUpBuyer(t)).client;
    await visitor.post('/api/auth/logout');
    expect((await visitor.post(refundUrl(part))).status).toBe(401);
    expect((await seller.client.post(refundUrl('abc'))).status).toBe(400);
    expect((await seller.client.post(refundUrl(999999999))).status).toBe(404);
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body.payment.status).toBe('refund-due');
    expect((await ledgerOf(t, order.id)).map((e) => e.kind)).toEqual(['received_by_seller']);
    expect(await toldOf(buyer)).toEqual([]);
  });

  it('refuses a note too long, not text, or with control characters, with the field’s message', async () => {
    const seller = await signUpNursery(t, { listing: CUTTING });
    const { order, part } = await refundDue(seller);
    const cases: Array<[unknown, string]> = [
      ['x'.repeat(501), 'Note can be at most 500 characters'],
      [42, 'Note must be text'],
      ['Sent\u0000', 'Note cannot contain control characters'],
    ];
    for (const [note, message] of cases) {
      const res = await seller.client.post<{ message: string; errors: Record<string, string> }>(
        refundUrl(part),
        {
          note,
        },
      );
      expect(res.status, String(note).slice(0, 10)).toBe(400);
      expect(res.body.errors).toEqual({ note: message });
    }
    expect((await ledgerOf(t, order.id)).map((e) => e.kind)).toEqual(['received_by_seller']);
    // 500 characters, its lines kept: fine.
    const long = `${'x'.repeat(250)}\n${'y'.repeat(249)}`;
    expect(
      (await seller.client.post<SellerShipment>(refundUrl(part), { note: long })).body.payment.refundNote,
    ).toBe(long);
  });

  it('is refused with 409 for a part with no refund due: not cancelled, or cancelled before it was paid', async () => {
    const seller = await signUpNursery(t, { listing: CUTTING });
    const { buyer, order } = await placeOrder(t, [seller.listing]);
    const part = order.shipments[0]?.id ?? 0;
    const unpaid = await seller.client.post<{ message: string }>(refundUrl(part));
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('This shipment is not cancelled: there is no refund to send');
    await markPaid(seller.client, part);
    expect((await seller.client.post(refundUrl(part))).status).toBe(409);
    const other = await placeOrder(t, [seller.listing]);
    await other.buyer.post(`/api/orders/${other.order.id}/cancel`, {});
    const notPaid = await seller.client.post<{ message: string }>(
      refundUrl(other.order.shipments[0]?.id ?? 0),
    );
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe(
      'This shipment was cancelled before it was paid: there is no refund to send',
    );
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body.payment.status).toBe('paid');
    expect((await ledgerOf(t, other.order.id)).length).toBe(0);
  });
});

describe('the ledger adds up under the default provider', () => {
  it('received − refunded by the nursery = what paid parts not refunded are worth, for random orders', async () => {
    const nurseries = [
      await signUpNursery(t, { listing: CUTTING }),
      await signUpNursery(t, { listing: CUTTING }),
      await signUpNursery(t, { listing: CUTTING }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom('paid', 'unpaid'), { minLength: 3, maxLength: 3 }),
        fc.array(fc.constantFrom('cancel', 'cancel-refund', 'ship', 'nothing'), {
          minLength: 3,
          maxLength: 3,
        }),
        async (which, paid, fates) => {
          const { buyer, order } = await placeOrder(
            t,
            which.map((i) => nurseries[i]?.listing as Product),
          );
          for (const [n, part] of order.shipments.entries()) {
            const seller = nurseries.find((x) => x.id === part.seller.id)?.client as Client;
            if (paid[n] === 'paid') await markPaid(seller, part.id);
            const fate = fates[n];
            if (fate === 'cancel' || fate === 'cancel-refund')
              await buyer.post(`/api/orders/${order.id}/shipments/${part.id}/cancel`, {});
            if (fate === 'cancel-refund') {
              const res = await seller.post(refundUrl(part.id), { note: 'Sent back' });
              expect(res.status).toBe(paid[n] === 'paid' ? 200 : 409);
            }
            if (fate === 'ship' && paid[n] === 'paid')
              await seller.post(`/api/seller/shipments/${part.id}/ship`, {
                carrier: 'other',
                trackingNumber: null,
              });
          }
          const [sums] = await queryRows<{ received: number; refunded: number; kept: number; other: number }>(
            t.database.db,
            sql`select
                  coalesce((select sum(amount_cents) from ledger_entries where order_id = ${order.id} and kind = 'received_by_seller'), 0)::int as received,
                  coalesce((select sum(amount_cents) from ledger_entries where order_id = ${order.id} and kind = 'refunded_by_seller'), 0)::int as refunded,
                  coalesce((select sum(ss.gross_cents) from shipment_settlements ss join shipments s on s.id = ss.shipment_id
                            where s.order_id = ${order.id} and ss.paid_at is not null and ss.refund_state <> 'sent'), 0)::int as kept,
                  (select count(*) from ledger_entries where order_id = ${order.id}
                     and kind not in ('received_by_seller', 'refunded_by_seller'))::int as other`,
          );
          expect(sums).toBeDefined();
          const s = sums as NonNullable<typeof sums>;
          expect(s.received - s.refunded).toBe(s.kept);
          // The marketplace held nothing: no charge, refund, transfer or commission.
          expect(s.other).toBe(0);
          // The order's state follows: a refund due while a cancelled paid part's refund is not recorded.
          const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
          const owed = order.shipments.some((_, n) => paid[n] === 'paid' && fates[n] === 'cancel');
          expect(seen.payment.refundDue > 0).toBe(owed);
          if (owed && seen.payment.status !== 'awaiting' && seen.payment.status !== 'partly-paid')
            expect(seen.payment.status).toBe('refund-due');
        },
      ),
      {
        numRuns: 8,
        examples: [
          [
            [0, 1, 2],
            ['paid', 'paid', 'unpaid'],
            ['cancel-refund', 'cancel', 'cancel'],
          ],
        ],
      },
    );
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('races on PostgreSQL', () => {
  it('records one refund when it is said many times at once', async () => {
    const seller = await signUpNursery(t, { listing: CUTTING });
    const { buyer, order, part } = await refundDue(seller);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        seller.client.post<SellerShipment>(refundUrl(part), { note: `Try ${i}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const notes = new Set(answers.map((a) => a.body.payment.refundNote));
    const times = new Set(answers.map((a) => a.body.payment.refundedAt));
    expect(notes.size).toBe(1);
    expect(times.size).toBe(1);
    expect((await ledgerOf(t, order.id)).filter((e) => e.kind === 'refunded_by_seller')).toHaveLength(1);
    expect(await toldOf(buyer)).toHaveLength(1);
  });

  it('a refund recorded as the nursery itself cancels the part neither deadlocks nor comes before the cancel', async () => {
    const seller = await signUpNursery(t, { listing: CUTTING });
    for (let i = 0; i < 6; i++) {
      const { buyer, order } = await placeOrder(t, [seller.listing]);
      const part = order.shipments[0]?.id ?? 0;
      await markPaid(seller.client, part);
      const [cancel, record] = await Promise.all([
        seller.client.post(`/api/seller/shipments/${part}/cancel`, { reason: 'Frost got them' }),
        seller.client.post(refundUrl(part)),
      ]);
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect([200, 409], JSON.stringify(record.body)).toContain(record.status);
      const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
      expect(seen.payment.status).toBe(record.status === 200 ? 'refunded' : 'refund-due');
    }
  });

  it('a refund recorded as the buyer cancels is refused or recorded after the cancel, never before it', async () => {
    const seller = await signUpNursery(t, { listing: CUTTING });
    for (let i = 0; i < 4; i++) {
      const { buyer, order } = await placeOrder(t, [seller.listing]);
      const part = order.shipments[0]?.id ?? 0;
      await markPaid(seller.client, part);
      const [cancel, record] = await Promise.all([
        buyer.post(`/api/orders/${order.id}/cancel`, {}),
        seller.client.post(refundUrl(part)),
      ]);
      expect(cancel.status).toBe(200);
      expect([200, 409]).toContain(record.status);
      const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
      expect(seen.payment.status).toBe(record.status === 200 ? 'refunded' : 'refund-due');
    }
  });
});
