import type { CartLine } from '@domain/cart/responses';
import type { Order } from '@domain/orders/responses';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  orderItems,
  orders,
  payments,
  products,
  shipmentSettlements,
  shipments,
} from '../../server/src/db/schema';
import { ORDER_TOO_LARGE } from '../../server/src/modules/orders/checkout';
import { type Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';
import { insertListing, insertSeller } from '../support/catalog';

let t: TestApp;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  sellerId = await insertSeller(t.database.db, uniqueUsername('order_seller'));
});
afterAll(async () => {
  await t?.close();
});

const listing = (options: Parameters<typeof insertListing>[2] = {}) =>
  insertListing(t.database.db, sellerId, options);

async function stock(id: number) {
  const [row] = await t.database.db
    .select({ quantity: products.quantity, inStock: products.inStock, unitsSold: products.unitsSold })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** Orders (and their line counts) holding any of these listings. */
async function ordersOf(productIds: number[]) {
  return t.database.db
    .select({ id: orders.id, userId: orders.userId, lines: sql<number>`count(${orderItems.id})::int` })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      inArray(
        orders.id,
        t.database.db
          .select({ id: orderItems.orderId })
          .from(orderItems)
          .where(inArray(orderItems.productId, productIds)),
      ),
    )
    .groupBy(orders.id);
}

async function buyer(cart: Array<[number, number]> = []): Promise<Client> {
  const { client } = await registerUser(t.server);
  for (const [productId, quantity] of cart) {
    const res = await client.post('/api/cart', { productId, quantity });
    if (res.status !== 201) throw new Error(`add to cart: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return client;
}

describe('POST /api/orders (checkout)', () => {
  it('answers a visitor with 401 and an empty cart with 400 "Cart is empty"', async () => {
    const { client } = await registerUser(t.server);
    await client.post('/api/auth/logout');
    expect((await client.post('/api/orders', {})).status).toBe(401);
    const empty = await buyer();
    const res = await empty.post<{ message: string }>('/api/orders', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Cart is empty');
    expect((await empty.get<Order[]>('/api/orders')).body).toEqual([]);
  });

  it('places the cart as an order: prices paid, exact totals, stock taken, cart emptied', async () => {
    const a = await listing({ title: 'Ten cents', quantity: 5, priceCents: 10 });
    const b = await listing({ title: 'Twenty cents', quantity: 2, priceCents: 20 });
    const c = await listing({ title: 'Dear cutting', quantity: 9, priceCents: 4999 });
    const client = await buyer([
      [a.id, 3],
      [b.id, 2],
      [c.id, 1],
    ]);
    const res = await client.post<Order>('/api/orders', {});
    expect(res.status).toBe(201);
    // 3 × 0.10 + 2 × 0.20 + 49.99 = 50.69 exactly; + 12.99 shipping = 63.68.
    expect(res.body).toMatchObject({ status: 'pending', subtotal: 50.69, shipping: 12.99, total: 63.68 });
    expect(res.body.items.map((l) => [l.title, l.quantity, l.price])).toEqual([
      ['Ten cents', 3, 0.1],
      ['Twenty cents', 2, 0.2],
      ['Dear cutting', 1, 49.99],
    ]);
    expect(await stock(a.id)).toEqual({ quantity: 2, inStock: true, unitsSold: 3 });
    expect(await stock(b.id)).toEqual({ quantity: 0, inStock: false, unitsSold: 2 });
    expect((await client.get<CartLine[]>('/api/cart')).body).toEqual([]);

    // The order keeps the price and title paid when the listing changes later.
    await t.database.db
      .update(products)
      .set({ priceCents: 99_999, title: 'Renamed' })
      .where(eq(products.id, c.id));
    const again = await client.get<Order>(`/api/orders/${res.body.id}`);
    expect(again.body.items[2]).toMatchObject({ title: 'Dear cutting', price: 49.99 });
    expect(again.body.total).toBe(63.68);
  });

  it("settles each seller's shipment at checkout: its own shipping, the cents adding up to the total", async () => {
    const other = await insertSeller(t.database.db, uniqueUsername('order_seller_b'));
    const mine = await listing({ title: 'One seller', quantity: 5, priceCents: 1_000 });
    const theirs = await insertListing(t.database.db, other, {
      title: 'Other seller',
      quantity: 5,
      priceCents: 1_000,
    });
    const client = await buyer([
      [mine.id, 1],
      [theirs.id, 2],
    ]);
    const res = await client.post<Order>('/api/orders', {});
    expect(res.status).toBe(201);
    const settled = await t.database.db
      .select({
        shipmentId: shipmentSettlements.shipmentId,
        lines: shipmentSettlements.linesCents,
        shipping: shipmentSettlements.shippingCents,
        gross: shipmentSettlements.grossCents,
        net: shipmentSettlements.netCents,
        paidAt: shipmentSettlements.paidAt,
      })
      .from(shipmentSettlements)
      .where(
        inArray(
          shipmentSettlements.shipmentId,
          res.body.shipments.map((s) => s.id),
        ),
      )
      .orderBy(shipmentSettlements.shipmentId);
    // Two new nurseries: $12.99 each (their default rates), whatever their lines are worth; the grosses add up to
    // the $55.98 charged.
    expect(settled.map((x) => [x.lines, x.shipping, x.gross, x.net, x.paidAt])).toEqual([
      [1_000, 1_299, 2_299, 2_299, null],
      [2_000, 1_299, 3_299, 3_299, null],
    ]);
    expect(res.body.shipping).toBe(25.98);
    expect(res.body.shipments.map((s) => s.payment.shipping)).toEqual([12.99, 12.99]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, res.body.id));
    expect(payment).toMatchObject({
      provider: 'direct',
      amountCents: 5_598,
      capturedCents: 0,
      refundedCents: 0,
    });
    // The unpaid window of the default provider: a week from the order.
    const order = await t.database.db
      .select({ at: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, res.body.id));
    expect((payment?.expiresAt.getTime() ?? 0) - (order[0]?.at.getTime() ?? 0)).toBe(168 * 3_600_000);
  });

  it('refuses with 409 naming the product when stock ran short, and writes nothing', async () => {
    const plenty = await listing({ title: 'Plenty', quantity: 10 });
    const scarce = await listing({ title: 'Scarce seedling', quantity: 4 });
    const client = await buyer([
      [plenty.id, 2],
      [scarce.id, 3],
    ]);
    await t.database.db.update(products).set({ quantity: 2 }).where(eq(products.id, scarce.id));
    const res = await client.post<{ message: string }>('/api/orders', {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Not enough stock for Scarce seedling: only 2 left');
    expect(await ordersOf([plenty.id, scarce.id])).toEqual([]);
    expect((await stock(plenty.id))?.quantity).toBe(10);
    expect((await client.get<CartLine[]>('/api/cart')).body).toHaveLength(2);
  });

  it('refuses with 400 a cart whose total is beyond what an order can hold, and writes nothing', async () => {
    // 100 units at $100,000: $10,000,000 is fine; 250 units ($25,000,000) used to overflow the integer cents column
    // and answer a generic 400 "A number is out of range" from the database.
    const dear = await listing({ title: 'Dear mature plant', quantity: 1000, priceCents: 10_000_000 });
    const ok = await buyer([[dear.id, 100]]);
    const placed = await ok.post<Order>('/api/orders', {});
    expect(placed.status).toBe(201);
    expect(placed.body.total).toBe(10_000_012.99);
    const client = await buyer([[dear.id, 250]]);
    const res = await client.post<{ message: string }>('/api/orders', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: ORDER_TOO_LARGE });
    expect((await ordersOf([dear.id])).filter((o) => o.id !== placed.body.id)).toEqual([]);
    expect((await stock(dear.id))?.quantity).toBe(900);
    expect((await client.get<CartLine[]>('/api/cart')).body).toHaveLength(1);
  });

  it.each([1, 3])(
    'sells a listing with quantity %i to exactly that many of 20 racing buyers',
    async (quantity) => {
      const product = await listing({ title: 'Last ones', quantity });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer([[product.id, 1]])));
      const answers = await Promise.all(buyers.map((b) => b.post<{ message?: string }>('/api/orders', {})));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(quantity);
      expect(statuses.filter((s) => s === 409)).toHaveLength(20 - quantity);
      for (const r of answers.filter((a) => a.status === 409))
        expect(r.body.message).toBe('Last ones is out of stock');
      expect(await stock(product.id)).toEqual({ quantity: 0, inStock: false, unitsSold: quantity });
      const placed = await ordersOf([product.id]);
      expect(placed).toHaveLength(quantity);
      expect(placed.every((o) => o.lines === 1)).toBe(true);
    },
  );

  it('places one order for a replayed Idempotency-Key, even when the retries race', async () => {
    const product = await listing({ quantity: 10 });
    const client = await buyer([[product.id, 2]]);
    const key = { 'idempotency-key': `checkout-${uniqueUsername()}` };
    const [first, second] = await Promise.all([
      client.post<Order>('/api/orders', {}, key),
      client.post<Order>('/api/orders', {}, key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const replay = await client.post<Order>('/api/orders', {}, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await ordersOf([product.id])).toHaveLength(1);
    expect((await stock(product.id))?.quantity).toBe(8);

    // The same key from another user is that user's own.
    const other = await buyer([[product.id, 1]]);
    const theirs = await other.post<Order>('/api/orders', {}, key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it('places one order when the same cart is checked out twice at once without a key', async () => {
    const product = await listing({ quantity: 10 });
    const client = await buyer([[product.id, 1]]);
    const answers = await Promise.all([client.post('/api/orders', {}), client.post('/api/orders', {})]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await ordersOf([product.id])).toHaveLength(1);
  });

  it.each([
    ['', 'Idempotency-Key must be 1 to 200 characters'],
    ['k'.repeat(201), 'Idempotency-Key must be 1 to 200 characters'],
  ])('answers the Idempotency-Key %j with 400', async (key, message) => {
    const client = await buyer();
    const res = await client.post<{ message: string }>('/api/orders', {}, { 'idempotency-key': key });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('checkout holds the buyer to the prices they agreed to', () => {
  const setPrice = (id: number, priceCents: number) =>
    t.database.db.update(products).set({ priceCents }).where(eq(products.id, id));

  it('refuses with 409 naming each change when a price moved after the line was added, and writes nothing', async () => {
    // The attack: the cart showed $5, the seller set $99,999, checkout answered 201 with $200,010.99.
    const cheap = await listing({ title: 'Five dollar cutting', quantity: 5, priceCents: 500 });
    const steady = await listing({ title: 'Steady cutting', quantity: 5, priceCents: 700 });
    const client = await buyer([
      [cheap.id, 2],
      [steady.id, 1],
    ]);
    await setPrice(cheap.id, 9_999_900);
    const res = await client.post<{ message: string; errors?: Record<string, string> }>('/api/orders', {});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message:
        'Prices changed since you last looked: Five dollar cutting from $5.00 to $99,999.00. Review your cart and accept the new prices to check out.',
      errors: { [cheap.id]: 'The price of Five dollar cutting changed from $5.00 to $99,999.00' },
    });
    expect(await ordersOf([cheap.id, steady.id])).toEqual([]);
    expect(await stock(cheap.id)).toEqual({ quantity: 5, inStock: true, unitsSold: 0 });
    const cart = (await client.get<CartLine[]>('/api/cart')).body;
    expect(cart.map((l) => [l.productId, l.quantity, l.agreedPrice, l.product?.price])).toEqual([
      [cheap.id, 2, 5, 99_999],
      [steady.id, 1, 7, 7],
    ]);

    // A price drop is a change the buyer has not seen either.
    await setPrice(cheap.id, 400);
    const drop = await client.post<{ message: string }>('/api/orders', {});
    expect(drop.status).toBe(409);
    expect(drop.body.message).toContain('Five dollar cutting from $5.00 to $4.00');
    expect(await ordersOf([cheap.id, steady.id])).toEqual([]);
  });

  it('places the order at the new price once the buyer accepts it', async () => {
    const product = await listing({ title: 'Repriced cutting', quantity: 5, priceCents: 500 });
    const client = await buyer([[product.id, 2]]);
    const [line] = (await client.get<CartLine[]>('/api/cart')).body;
    await setPrice(product.id, 750);
    const accepted = await client.post<CartLine>(`/api/cart/${line?.id}/accept-price`, { price: 7.5 });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      id: line?.id,
      quantity: 2,
      agreedPrice: 7.5,
      product: { price: 7.5 },
    });
    // No body at all, as before: the cart's agreed prices hold.
    const res = await client.post<Order>('/api/orders');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subtotal: 15, total: 27.99 });
    expect(res.body.items[0]).toMatchObject({ productId: product.id, quantity: 2, price: 7.5 });
  });

  it("refuses to accept a price the buyer was not shown, and another user's line", async () => {
    const product = await listing({ title: 'Jumpy cutting', quantity: 5, priceCents: 500 });
    const client = await buyer([[product.id, 1]]);
    const [line] = (await client.get<CartLine[]>('/api/cart')).body;
    await setPrice(product.id, 900);
    // The buyer saw $7.50, but the price moved on to $9.00 before they accepted.
    const stale = await client.post<{ message: string }>(`/api/cart/${line?.id}/accept-price`, {
      price: 7.5,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'The price of Jumpy cutting changed again: it is now $9.00. Please review it.',
    );
    expect((await client.get<CartLine[]>('/api/cart')).body[0]?.agreedPrice).toBe(5);
    const stranger = await buyer();
    const theirs = await stranger.post<{ message: string }>(`/api/cart/${line?.id}/accept-price`, {
      price: 9,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Cart item not found');
    for (const price of [-1, '9', null, 100_001]) {
      const bad = await client.post<{ message: string }>(`/api/cart/${line?.id}/accept-price`, { price });
      expect(bad.status, JSON.stringify(price)).toBe(400);
      expect(bad.body.message).toBe('price must be the unit price in dollars you were shown');
    }
    expect((await client.post(`/api/orders`, {})).status).toBe(409);
    expect(await ordersOf([product.id])).toEqual([]);
  });

  it('holds the checkout to the prices its body carries, as the buyer was shown them', async () => {
    const product = await listing({ title: 'Shown cutting', quantity: 5, priceCents: 500 });
    const client = await buyer([[product.id, 1]]);
    const [line] = (await client.get<CartLine[]>('/api/cart')).body;
    // Another tab accepted $6.00; this page still shows $5.00.
    await setPrice(product.id, 600);
    await client.post(`/api/cart/${line?.id}/accept-price`, { price: 6 });
    const res = await client.post<{ message: string; errors?: Record<string, string> }>('/api/orders', {
      lines: [{ productId: product.id, price: 5 }],
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({
      [product.id]: 'The price of Shown cutting changed from $5.00 to $6.00',
    });
    expect(await ordersOf([product.id])).toEqual([]);
    expect((await stock(product.id))?.quantity).toBe(5);

    for (const body of [{ lines: 'all' }, { lines: [{ productId: product.id, price: 'five' }] }, []]) {
      const bad = await client.post<{ message: string }>('/api/orders', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const ok = await client.post<Order>('/api/orders', { lines: [{ productId: product.id, price: 6 }] });
    expect(ok.status).toBe(201);
    expect(ok.body.total).toBe(18.99);
  });

  it('charges the old price or refuses, never the new one, when the price changes during checkout', async () => {
    for (let round = 0; round < 5; round++) {
      const product = await listing({ title: 'Racing price', quantity: 5, priceCents: 500 });
      const client = await buyer([[product.id, 1]]);
      const [res] = await Promise.all([client.post<Order>('/api/orders', {}), setPrice(product.id, 900)]);
      if (res.status === 201) {
        expect(res.body.items[0]?.price).toBe(5);
      } else {
        expect(res.status).toBe(409);
        expect(await ordersOf([product.id])).toEqual([]);
        expect((await stock(product.id))?.quantity).toBe(5);
      }
    }
  });

  it('keeps the agreed price when more units are added after a change, until the buyer accepts', async () => {
    const product = await listing({ title: 'Added twice', quantity: 9, priceCents: 500 });
    const client = await buyer([[product.id, 1]]);
    await setPrice(product.id, 800);
    const more = await client.post<CartLine>('/api/cart', { productId: product.id, quantity: 2 });
    expect(more.body).toMatchObject({ quantity: 3, agreedPrice: 5, product: { price: 8 } });
    expect((await client.post('/api/orders', {})).status).toBe(409);
  });
});

describe('order history and cancelling', () => {
  it("lists the user's own orders newest first; another user's order is 404", async () => {
    const product = await listing({ quantity: 10 });
    const client = await buyer([[product.id, 1]]);
    const first = await client.post<Order>('/api/orders', {});
    await client.post('/api/cart', { productId: product.id, quantity: 2 });
    const second = await client.post<Order>('/api/orders', {});
    const list = await client.get<Order[]>('/api/orders');
    expect(list.body.map((o) => o.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body[0]?.items[0]).toMatchObject({ productId: product.id, quantity: 2 });

    const stranger = await buyer();
    expect((await stranger.get<Order[]>('/api/orders')).body).toEqual([]);
    const peek = await stranger.get<{ message: string }>(`/api/orders/${first.body.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe('Order not found');
    expect((await stranger.post(`/api/orders/${first.body.id}/cancel`)).status).toBe(404);
    expect((await client.get<Order>(`/api/orders/${first.body.id}`)).body.status).toBe('pending');
    expect((await client.get('/api/orders/abc')).status).toBe(400);
  });

  it('cancels a pending order, restoring the stock, once', async () => {
    const product = await listing({ quantity: 2 });
    const client = await buyer([[product.id, 2]]);
    const order = await client.post<Order>('/api/orders', {});
    expect(await stock(product.id)).toEqual({ quantity: 0, inStock: false, unitsSold: 2 });
    const cancelled = await client.post<Order>(`/api/orders/${order.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.items.every((l) => l.status === 'cancelled')).toBe(true);
    expect(await stock(product.id)).toEqual({ quantity: 2, inStock: true, unitsSold: 0 });
    const twice = await client.post<{ message: string }>(`/api/orders/${order.body.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This order is already cancelled');
    expect((await stock(product.id))?.quantity).toBe(2);
  });

  it('does not cancel an order with a shipped line', async () => {
    const product = await listing({ quantity: 5 });
    const client = await buyer([[product.id, 1]]);
    const order = await client.post<Order>('/api/orders', {});
    await t.database.db
      .update(shipments)
      .set({ status: 'shipped', shippedAt: new Date() })
      .where(eq(shipments.orderId, order.body.id));
    const res = await client.post<{ message: string }>(`/api/orders/${order.body.id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order has shipped and can no longer be cancelled');
    expect((await stock(product.id))?.quantity).toBe(4);
  });

  it('keeps a listing its seller took off sale off sale when an order is cancelled', async () => {
    const product = await listing({ quantity: 5 });
    const client = await buyer([[product.id, 1]]);
    const order = await client.post<Order>('/api/orders', {});
    await t.database.db.update(products).set({ inStock: false }).where(eq(products.id, product.id));
    await client.post(`/api/orders/${order.body.id}/cancel`);
    expect(await stock(product.id)).toMatchObject({ quantity: 5, inStock: false });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).toEqual(
      [],
    );
  });
});

describe('checkout ships to an address', () => {
  const address = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ana Grower',
    line1: '12 Orchard Rd',
    line2: 'Unit $& </script>',
    city: 'Homestead',
    state: 'FL',
    zip: '33030',
    phone: '305 555 0100',
    ...overrides,
  });

  it('ships to the default address, or to the one named, and keeps a copy the address book cannot change', async () => {
    const p = await listing({ quantity: 5 });
    const client = await buyer([[p.id, 1]]);
    const placed = await client.post<Order>('/api/orders', {});
    expect(placed.status).toBe(201);
    expect(placed.body.shipTo).toEqual({
      name: 'Test Buyer',
      line1: '100 Biscayne Blvd',
      line2: null,
      city: 'Miami',
      state: 'FL',
      zip: '33132',
      phone: null,
    });

    const second = await client.post<{ id: number }>('/api/addresses', address());
    expect(second.status).toBe(201);
    await client.post('/api/cart', { productId: p.id, quantity: 1 });
    const named = await client.post<Order>('/api/orders', { addressId: second.body.id });
    expect(named.status).toBe(201);
    expect(named.body.shipTo).toMatchObject({
      line1: '12 Orchard Rd',
      line2: 'Unit $& </script>',
      zip: '33030',
    });

    // Editing and deleting the address later changes no placed order.
    expect(
      (await client.put(`/api/addresses/${second.body.id}`, address({ line1: '99 New St' }))).status,
    ).toBe(200);
    expect((await client.delete(`/api/addresses/${second.body.id}`)).status).toBe(204);
    const again = await client.get<Order>(`/api/orders/${named.body.id}`);
    expect(again.body.shipTo).toEqual(named.body.shipTo);
    const listed = await client.get<Order[]>('/api/orders');
    expect(listed.body.find((o) => o.id === named.body.id)?.shipTo).toEqual(named.body.shipTo);
  });

  it('shows the seller where each line goes', async () => {
    const { client: seller, user } = await registerUser(t.server, { isSeller: true });
    const p = await insertListing(t.database.db, user.id, { quantity: 5 });
    const client = await buyer([[p.id, 2]]);
    const order = await client.post<Order>('/api/orders', {});
    expect(order.status).toBe(201);
    const lines = await seller.get<Array<{ orderId: number; shipTo: unknown }>>('/api/seller/orders');
    expect(lines.body.find((l) => l.orderId === order.body.id)?.shipTo).toEqual(order.body.shipTo);
  });

  it('refuses a buyer with no address (400), and another user’s or a deleted address (404), writing nothing', async () => {
    const p = await listing({ quantity: 5 });
    const { client: bare } = await registerUser(t.server, { address: false });
    await bare.post('/api/cart', { productId: p.id, quantity: 1 });
    const none = await bare.post<{ message: string; errors?: Record<string, string> }>('/api/orders', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Add a shipping address');

    const other = await buyer();
    const theirs = await other.post<{ id: number }>('/api/addresses', address());
    const client = await buyer([[p.id, 1]]);
    const mine = await client.post<{ id: number }>('/api/addresses', address());
    expect((await client.delete(`/api/addresses/${mine.body.id}`)).status).toBe(204);
    for (const addressId of [theirs.body.id, mine.body.id, 2_000_000_000]) {
      const res = await client.post<{ message: string }>('/api/orders', { addressId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Address not found');
    }
    for (const addressId of ['1', 0, -1, 1.5, null]) {
      const res = await client.post<{ message: string }>('/api/orders', { addressId });
      expect(res.status).toBe(400);
    }
    expect(await ordersOf([p.id])).toEqual([]);
    expect((await client.get<CartLine[]>('/api/cart')).body).toHaveLength(1);
    expect((await stock(p.id))?.quantity).toBe(5);
  });
});
