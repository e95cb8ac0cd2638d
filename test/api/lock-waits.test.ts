import { ADDRESSES_MAX } from '@domain/shipping/addresses';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import {
  CALIFORNIA_ADDRESS,
  createTestApp,
  registerUser,
  shippingDay,
  TEST_ADDRESS,
  type TestApp,
  uniqueUsername,
} from '../support/app';
import { insertListing, insertSeller } from '../support/catalog';
import { testDatabaseKind } from '../support/database';
import { createListing, listingInput, signUpNursery } from '../support/fixtures';
import { whileHeld as holdWhile } from '../support/races';

// Reads after a lock wait (docs/architecture.md#reads-after-a-lock-wait). Under READ COMMITTED, a statement that
// waits for a row lock reads the rows it locks again once it has them, but every other row it reads (a join, a
// sub-select) it keeps from before the wait. Each test here holds, in a transaction of its own, what a concurrent
// write would hold (the rows it changed), starts the app's request, waits until PostgreSQL says that request waits
// for a lock, commits, and checks that the request acted on what was committed. PGlite runs one transaction at a
// time, so nothing there ever waits: these run on PostgreSQL only.
describe.runIf(testDatabaseKind() === 'postgres')('reads after a lock wait (PostgreSQL)', () => {
  let t: TestApp;
  let holder: postgres.Sql;
  beforeAll(async () => {
    t = await createTestApp();
    holder = postgres(t.database.url as string, { max: 4, onnotice: () => {} });
  });
  afterAll(async () => {
    await holder?.end();
    await t?.close();
  });

  /** Holds what `hold` locks until `during` waits for it and `meanwhile` (if any) has run (../support/races.ts). */
  const whileHeld = <T>(
    hold: (sql: postgres.TransactionSql) => Promise<unknown>,
    during: () => Promise<T>,
    meanwhile?: () => Promise<void>,
  ) => holdWhile(t.database.db, holder, hold, during, { meanwhile });

  it("checkout reads a seller's profile whole when a save commits while it waits", async () => {
    // Before: a Florida seller with no California certificate (a cutting can't go to CA). The save: the certificate,
    // and California among the states the seller does not ship to (still can't). Half of each (the old blocked
    // states, the new certificate) would let it through.
    const sellerId = await insertSeller(t.database.db, uniqueUsername('lw_seller'));
    const listing = await insertListing(t.database.db, sellerId, { title: 'Lock wait cutting' });
    const { client } = await registerUser(t.server, { address: CALIFORNIA_ADDRESS });
    expect((await client.post('/api/cart', { productId: listing.id, quantity: 1 })).status).toBe(201);
    const res = await whileHeld(
      async (tx) => {
        // As the profile save does: the seller's row first, then the certificates, then the listings' rows.
        await tx`update users set blocked_states = '{CA}' where id = ${sellerId}`;
        await tx`insert into seller_certificates (seller_id, kind, number, expires_on)
                 values (${sellerId}, 'ca-nematode', 'CA-1', ${shippingDay(30)}::date)`;
        await tx`update products set blocked_to = blocked_to where seller_id = ${sellerId}`;
      },
      () => client.post<{ message: string }>('/api/orders', {}),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Some items can't ship to CA: .*does not ship to California/);
    const [orders] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from shipments where seller_id = ${sellerId}`,
    );
    expect(orders?.n).toBe(0);
  });

  it('checkout leaves in the cart a line added while it waited', async () => {
    const sellerId = await insertSeller(t.database.db, uniqueUsername('lw_seller'));
    const first = await insertListing(t.database.db, sellerId, { title: 'Bought one' });
    const second = await insertListing(t.database.db, sellerId, { title: 'Added meanwhile' });
    const { client } = await registerUser(t.server);
    expect((await client.post('/api/cart', { productId: first.id, quantity: 1 })).status).toBe(201);
    let added: Awaited<ReturnType<typeof client.post>> | undefined;
    const res = await whileHeld(
      // A sale of the first listing holds its row; the checkout waits for it, and the buyer adds another line.
      (tx) => tx`select id from products where id = ${first.id} for update`,
      () => client.post<{ items: Array<{ productId: number }> }>('/api/orders', {}),
      async () => {
        added = await client.post('/api/cart', { productId: second.id, quantity: 2 });
      },
    );
    expect(added?.status).toBe(201);
    expect(res.status).toBe(201);
    expect(res.body.items.map((i) => i.productId)).toEqual([first.id]);
    const cart = await client.get<Array<{ productId: number; quantity: number }>>('/api/cart');
    expect(cart.body.map((l) => [l.productId, l.quantity])).toEqual([[second.id, 2]]);
  });

  it(`keeps an address book at ${ADDRESSES_MAX} when an add waits for another`, async () => {
    const { client, user } = await registerUser(t.server);
    for (let n = 1; n < ADDRESSES_MAX - 1; n++)
      expect((await client.post('/api/addresses', { ...TEST_ADDRESS, name: `Name ${n}` })).status).toBe(201);
    // One slot left: the held write takes it (as an add does: the user's row, then the insert).
    const res = await whileHeld(
      async (tx) => {
        await tx`select 1 from users where id = ${user.id} for no key update`;
        await tx`insert into addresses (user_id, name, line1, city, state, zip, is_default)
                 values (${user.id}, 'Held', '1 Main St', 'Miami', 'FL', '33132', false)`;
      },
      () => client.post<{ message: string }>('/api/addresses', { ...TEST_ADDRESS, name: 'One too many' }),
    );
    expect(res.status).toBe(409);
    expect((await client.get<unknown[]>('/api/addresses')).body).toHaveLength(ADDRESSES_MAX);
  });

  it('makes an address added while the default is deleted the default', async () => {
    const { client, user } = await registerUser(t.server);
    const res = await whileHeld(
      // The delete of the only address, the default (the user's row, then the delete; nothing left to pass it to).
      async (tx) => {
        await tx`select 1 from users where id = ${user.id} for no key update`;
        await tx`delete from addresses where user_id = ${user.id}`;
      },
      () => client.post<{ isDefault: boolean }>('/api/addresses', { ...TEST_ADDRESS, name: 'New one' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.isDefault).toBe(true);
    const book = await client.get<Array<{ name: string; isDefault: boolean }>>('/api/addresses');
    expect(book.body).toEqual([expect.objectContaining({ name: 'New one', isDefault: true })]);
  });

  const blockedTo = async (id: number) =>
    (
      await queryRows<{ blockedTo: string[] }>(
        t.database.db,
        sql`select blocked_to as "blockedTo" from products where id = ${id}`,
      )
    )[0]?.blockedTo;

  it('computes a listing created during a profile save from one profile whole', async () => {
    // Before: Florida, no certificate (CA refused). The save: not to Texas, and the California certificate.
    const { client, id: sellerId } = await signUpNursery(t);
    const res = await whileHeld(
      async (tx) => {
        await tx`update users set blocked_states = '{TX}' where id = ${sellerId}`;
        await tx`insert into seller_certificates (seller_id, kind, number, expires_on)
                 values (${sellerId}, 'ca-nematode', 'CA-2', ${shippingDay(30)}::date)`;
      },
      () => client.post<{ id: number }>('/api/products', listingInput({ form: 'cutting' })),
    );
    expect(res.status).toBe(201);
    const blocked = await blockedTo(res.body.id);
    expect(blocked).toContain('TX');
    expect(blocked).not.toContain('CA');
  });

  it('recomputes a seller whose certificate expired from the profile a save commits meanwhile', async () => {
    // A certificate that expired yesterday puts the seller in maintenance's pass; a save replaces it with a valid
    // one while the pass waits for the seller's row.
    const { client, id: sellerId } = await signUpNursery(t);
    const created = await createListing(client, { form: 'cutting' });
    await t.database.db.execute(
      sql`insert into seller_certificates (seller_id, kind, number, expires_on)
          values (${sellerId}, 'ca-nematode', 'OLD', ${shippingDay(-1)}::date)`,
    );
    await t.database.db.execute(
      sql`update users set shipping_computed_on = ${shippingDay(-2)}::date where id = ${sellerId}`,
    );
    await whileHeld(
      async (tx) => {
        await tx`update users set blocked_states = '{}' where id = ${sellerId}`;
        await tx`delete from seller_certificates where seller_id = ${sellerId}`;
        await tx`insert into seller_certificates (seller_id, kind, number, expires_on)
                 values (${sellerId}, 'ca-nematode', 'NEW', ${shippingDay(30)}::date)`;
      },
      () => t.maintenance(),
    );
    expect(await blockedTo(created.id)).not.toContain('CA');
  });

  /** A buyer's order of one listing of a new seller (paid directly), placed through the API: its ids. */
  async function placedOrder() {
    const sellerId = await insertSeller(t.database.db, uniqueUsername('lw_seller'));
    const listing = await insertListing(t.database.db, sellerId, { title: 'Lock wait payment' });
    const { client } = await registerUser(t.server);
    expect((await client.post('/api/cart', { productId: listing.id, quantity: 1 })).status).toBe(201);
    const res = await client.post<{ id: number; shipments: Array<{ id: number }> }>('/api/orders', {});
    expect(res.status).toBe(201);
    return {
      sellerId,
      listingId: listing.id,
      orderId: res.body.id,
      shipmentId: res.body.shipments[0]?.id ?? 0,
    };
  }

  it('checkout refuses a nursery whose payment instructions were removed while it waited', async () => {
    const sellerId = await insertSeller(t.database.db, uniqueUsername('lw_seller'));
    const listing = await insertListing(t.database.db, sellerId, { title: 'Lock wait unpayable' });
    const { client } = await registerUser(t.server);
    expect((await client.post('/api/cart', { productId: listing.id, quantity: 1 })).status).toBe(201);
    const res = await whileHeld(
      (tx) => tx`update users set payment_instructions = null where id = ${sellerId}`,
      () => client.post<{ message: string }>('/api/orders', {}),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Some items can't be paid for yet: Lock wait unpayable: /);
  });

  it('the unpaid window spares a part whose payment was recorded while it waited', async () => {
    const o = await placedOrder();
    await t.database.db.execute(
      sql`update payments set expires_at = now() - interval '1 minute' where order_id = ${o.orderId}`,
    );
    await whileHeld(
      // As "Payment received" does: the shipment's row, then its settlement stamped.
      async (tx) => {
        await tx`select id from shipments where id = ${o.shipmentId} for update`;
        await tx`update shipment_settlements set paid_at = now() where shipment_id = ${o.shipmentId}`;
      },
      () => t.maintenance(),
    );
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from shipments where id = ${o.shipmentId}`,
    );
    expect(row?.status).toBe('pending');
  });

  it('ships a part whose payment was recorded while the ship call waited', async () => {
    const o = await placedOrder();
    const seller = await registerUser(t.server, { isSeller: true });
    await t.database.db.execute(
      sql`update shipments set seller_id = ${seller.user.id} where id = ${o.shipmentId}`,
    );
    const res = await whileHeld(
      async (tx) => {
        await tx`select id from shipments where id = ${o.shipmentId} for update`;
        await tx`update shipment_settlements set paid_at = now() where shipment_id = ${o.shipmentId}`;
      },
      () =>
        seller.client.post<{ status: string }>(`/api/seller/shipments/${o.shipmentId}/ship`, {
          carrier: 'other',
          trackingNumber: null,
        }),
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('shipped');
  });
});
