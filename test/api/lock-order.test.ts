import type { Product } from '@domain/catalog/responses';
import type { Order } from '@domain/orders/responses';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { PaymentWindow } from '../../server/src/modules/orders/payment-window';
import { type Client, createTestApp, markPaid, type Response, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { signUpBuyer, signUpNursery } from '../support/fixtures';
import { answerOf, raced } from '../support/races';

// The lock order (docs/architecture.md#lock-order, docs/decisions/0026-lock-order-and-held-stock.md): every change to
// an order or its shipments, whoever makes it, locks the order, then its shipments, then their listings. Before, the
// seller's calls locked the shipment first, and an insert referencing the order (a notification, a ledger entry)
// then took FOR KEY SHARE on the order while the buyer's cancel held it FOR UPDATE and waited for the shipment: a
// deadlock, answered 409 "conflicted, try again". Each test here forces that interleaving (it holds a row the
// seller's call needs after its first lock, starts the other call, waits until PostgreSQL says both wait, then lets
// go), so it fails every time without the order, not once in a while. PGlite runs one transaction at a time and
// cannot show a race: PostgreSQL only.
const CONFLICTED = 'The request conflicted with another one; please try again';

let t: TestApp;
/** The app's clock: the unpaid window's test moves it past the window. */
const clock = new Date();

describe.runIf(testDatabaseKind() === 'postgres')(
  'one lock order for every change to an order (PostgreSQL)',
  () => {
    let holder: postgres.Sql;
    let seller: Client;
    let buyer: Client;
    let buyerId: number;
    let listing: Product;

    beforeAll(async () => {
      t = await createTestApp({}, { now: () => clock });
      holder = postgres(t.database.url as string, { max: 4, onnotice: () => {} });
      ({ client: seller, listing } = await signUpNursery(t, { listing: { quantity: 100 } }));
      ({ client: buyer, id: buyerId } = await signUpBuyer(t));
    });
    afterAll(async () => {
      await holder?.end();
      await t?.close();
    });

    /** A new order of the buyer's (one unit), with its one shipment. */
    async function order(): Promise<{ orderId: number; shipmentId: number }> {
      expect((await buyer.post('/api/cart', { productId: listing.id, quantity: 1 })).status).toBe(201);
      const res = await buyer.post<Order>('/api/orders', {});
      if (res.status !== 201) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
      return { orderId: res.body.id, shipmentId: res.body.shipments[0]?.id as number };
    }

    const race = <T extends unknown[]>(
      hold: (sql: postgres.TransactionSql) => Promise<unknown>,
      calls: { [K in keyof T]: () => Promise<T[K]> },
    ) => raced<T>(t.database.db, holder, hold, calls);
    const answer = answerOf;

    async function shipmentRow(id: number) {
      const [row] = await queryRows<{ status: string; cancelledBy: string | null; paid: boolean }>(
        t.database.db,
        sql`select s.status, s.cancelled_by as "cancelledBy", ss.paid_at is not null as paid
          from shipments s join shipment_settlements ss on ss.shipment_id = s.id where s.id = ${id}`,
      );
      return row;
    }
    const stock = async () =>
      (
        await queryRows<{ quantity: number }>(
          t.database.db,
          sql`select quantity from products where id = ${listing.id}`,
        )
      )[0]?.quantity;

    it("runs a seller's cancel and the buyer's cancel of the same shipment one after the other", async () => {
      const { orderId, shipmentId } = await order();
      const before = await stock();
      const [sellerCancel, buyerCancel] = await race<[Response<unknown>, Response<{ message: string }>]>(
        // A sale of the listing holds its row: the seller's cancel waits there, having locked what comes before it.
        (tx) => tx`select id from products where id = ${listing.id} for update`,
        [
          () => seller.post(`/api/seller/shipments/${shipmentId}/cancel`, { reason: 'Frost' }),
          () => buyer.post<{ message: string }>(`/api/orders/${orderId}/cancel`, {}),
        ],
      );
      expect(answer(sellerCancel).status).toBe(200);
      expect(answer(buyerCancel).body.message).not.toBe(CONFLICTED);
      expect(answer(buyerCancel).status).toBe(409);
      expect(answer(buyerCancel).body.message).toBe('This order is already cancelled');
      expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'cancelled', cancelledBy: 'seller' });
      // The unit came back once.
      expect(await stock()).toBe((before as number) + 1);
    });

    it("runs a seller's shipping and the buyer's cancel of the same shipment one after the other", async () => {
      const { orderId, shipmentId } = await order();
      await markPaid(seller, shipmentId);
      const [ship, buyerCancel] = await race<[Response<unknown>, Response<{ message: string }>]>(
        // Something holding the buyer's row (as an account's deletion would): the shipped notice to the buyer waits
        // there, the shipment's seller having locked what comes before it.
        (tx) => tx`select id from users where id = ${buyerId} for update`,
        [
          () =>
            seller.post(`/api/seller/shipments/${shipmentId}/ship`, {
              carrier: 'ups',
              trackingNumber: '1Z999AA10123456784',
            }),
          () => buyer.post<{ message: string }>(`/api/orders/${orderId}/cancel`, {}),
        ],
      );
      expect(answer(ship).status).toBe(200);
      expect(answer(buyerCancel).body.message).not.toBe(CONFLICTED);
      expect(answer(buyerCancel).status).toBe(409);
      expect(answer(buyerCancel).body.message).toBe('This order has shipped and can no longer be cancelled');
      expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'shipped', paid: true });
    });

    it('runs "Payment received" and the buyer\'s cancel of the same shipment one after the other', async () => {
      const { orderId, shipmentId } = await order();
      const before = await stock();
      const [received, buyerCancel] = await race<[Response<unknown>, Response<{ message: string }>]>(
        // A write to the shipment's settlement holds it: "Payment received" waits there with its locks taken.
        (tx) => tx`select shipment_id from shipment_settlements where shipment_id = ${shipmentId} for update`,
        [
          () => seller.post(`/api/seller/shipments/${shipmentId}/payment-received`),
          () => buyer.post<{ message: string }>(`/api/orders/${orderId}/cancel`, {}),
        ],
      );
      expect(answer(received).status).toBe(200);
      expect(answer(buyerCancel).status).toBe(200);
      // Paid, then cancelled by the buyer: the nursery owes the refund; the ledger has what it received, once.
      expect(await shipmentRow(shipmentId)).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'buyer',
        paid: true,
      });
      const [ledger] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ledger_entries where shipment_id = ${shipmentId} and kind = 'received_by_seller'`,
      );
      expect(ledger?.n).toBe(1);
      expect(await stock()).toBe((before as number) + 1);
    });

    it('runs the unpaid window\'s pass and "Payment received" one after the other, the part paid', async () => {
      const { shipmentId } = await order();
      const later = new Date(clock.getTime() + (t.config.payments.windowHours + 1) * 60 * 60 * 1000);
      const window = new PaymentWindow(t.database.db, () => later);
      const [received, pass] = await race<[Response<unknown>, number]>(
        (tx) => tx`select shipment_id from shipment_settlements where shipment_id = ${shipmentId} for update`,
        [
          () => seller.post(`/api/seller/shipments/${shipmentId}/payment-received`),
          () => window.expireUnpaid(later),
        ],
      );
      expect(answer(received).status).toBe(200);
      // The pass went through (nothing thrown), and left the part paid a moment before alone.
      expect(pass).toEqual({ status: 'fulfilled', value: 0 });
      expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'pending', paid: true });
    });

    it('never answers "conflicted" when the buyer cancels as the seller acts, 16 times each, at once', async () => {
      const conflicts: string[] = [];
      for (const action of ['cancel', 'ship', 'payment-received'] as const) {
        for (let round = 0; round < 16; round++) {
          const { orderId, shipmentId } = await order();
          if (action === 'ship') await markPaid(seller, shipmentId);
          const sellerCall =
            action === 'ship'
              ? seller.post<{ message: string }>(`/api/seller/shipments/${shipmentId}/ship`, {
                  carrier: 'ups',
                  trackingNumber: '1Z999AA10123456784',
                })
              : seller.post<{ message: string }>(
                  `/api/seller/shipments/${shipmentId}/${action}`,
                  action === 'cancel' ? {} : undefined,
                );
          const [bySeller, byBuyer] = await Promise.all([
            sellerCall,
            buyer.post<{ message: string }>(`/api/orders/${orderId}/cancel`, {}),
          ]);
          for (const res of [bySeller, byBuyer])
            if (res.status !== 200 && res.body.message === CONFLICTED) conflicts.push(`${action} #${round}`);
          // Whoever went first, the other saw its result: one of them changed the shipment.
          expect([bySeller.status, byBuyer.status]).toContain(200);
          const row = await shipmentRow(shipmentId);
          if (action === 'ship') expect(row?.status).toBe(byBuyer.status === 200 ? 'cancelled' : 'shipped');
          else expect(row?.status).toBe('cancelled');
        }
      }
      expect(conflicts).toEqual([]);
    });
  },
);
