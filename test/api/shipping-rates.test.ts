import type { CartLine } from '@domain/cart/responses';
import type { Product, ProductDetail, Storefront } from '@domain/catalog/responses';
import type { Order, SellerShipment } from '@domain/orders/responses';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, shipmentSettlements } from '../../server/src/db/schema';
import {
  Client,
  createTestApp,
  markPaid,
  shippingDay,
  TEST_PAYMENT_INSTRUCTIONS,
  type TestApp,
} from '../support/app';
import { addToCart, createListing, signUpBuyer, signUpNursery } from '../support/fixtures';

// Each nursery's shipping rates, charged (docs/decisions/0044-shipping-rates-dates-and-holds.md): every shipment pays
// its own nursery's rates over its own lines, so the order's shipping is the sum of its shipments', a cancelled part
// gives back its own lines and its own shipping, and checkout charges only what the buyer was shown.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Cuttings $6.50 then $1.25 each; potted $24.99 then $12; never free. */
const CUTTING_FARM = {
  seeds: { first: 3, additional: 0.5 },
  unrootedCutting: { first: 6.5, additional: 1.25 },
  bareRoot: { first: 9, additional: 2 },
  potted: { first: 24.99, additional: 12 },
  freeOver: null,
};
/** A new nursery's rates ($12.99 a shipment), but free from $50 of plants. */
const FREE_OVER_50 = {
  seeds: { first: 12.99, additional: 0 },
  unrootedCutting: { first: 12.99, additional: 0 },
  bareRoot: { first: 12.99, additional: 0 },
  potted: { first: 12.99, additional: 0 },
  freeOver: 50,
};

/** A Florida nursery paid directly, with a shop name and these rates, signed in. */
const nursery = (name: string, rates: unknown) =>
  signUpNursery(t, { profile: { businessName: name, shippingRates: rates } });

/** What the settlements of the order's shipments hold, in their order: lines, shipping, gross, in cents. */
async function settled(order: Order) {
  const rows = await t.database.db
    .select({
      id: shipmentSettlements.shipmentId,
      lines: shipmentSettlements.linesCents,
      shipping: shipmentSettlements.shippingCents,
      gross: shipmentSettlements.grossCents,
    })
    .from(shipmentSettlements)
    .where(
      inArray(
        shipmentSettlements.shipmentId,
        order.shipments.map((s) => s.id),
      ),
    )
    .orderBy(shipmentSettlements.shipmentId);
  return rows.map((r) => [r.lines, r.shipping, r.gross]);
}

/**
 * A cart of two nurseries: 3 cuttings at $12.50 and a potted plant at $40 from one at CUTTING_FARM's rates, 2 cuttings
 * at $30 from one FREE_OVER_50. The first ships for $24.99 (the potted plant's first, the highest) and 3 × $1.25
 * (each cutting's additional): $28.74. The second's $60 of plants reach its $50: free.
 */
async function twoNurseryCart() {
  const a = await nursery(`Cutting Farm ${Date.now()}`, CUTTING_FARM);
  const b = await nursery(`Free Farm ${Date.now()}`, FREE_OVER_50);
  const cutting = await createListing(a.client, { price: 12.5, quantity: 20 });
  const potted = await createListing(a.client, {
    form: 'rooted',
    cuttingSize: undefined,
    shipsAs: 'potted',
    price: 40,
    quantity: 5,
  });
  const theirs = await createListing(b.client, { price: 30, quantity: 20 });
  const buyer = await signUpBuyer(t);
  await addToCart(buyer.client, [
    { listing: cutting, quantity: 3 },
    { listing: potted, quantity: 1 },
    { listing: theirs, quantity: 2 },
  ]);
  return { a, b, cutting, potted, theirs, buyer };
}

describe("each nursery's shipping rates", () => {
  it('are carried by the cart, with what each line ships as and its nursery', async () => {
    const { a, b, buyer } = await twoNurseryCart();
    const lines = (await buyer.client.get<CartLine[]>('/api/cart')).body;
    expect(lines.map((l) => [l.product?.shipsAs, l.product?.seller.id])).toEqual([
      ['unrooted-cutting', a.id],
      ['potted', a.id],
      ['unrooted-cutting', b.id],
    ]);
    expect(lines[0]?.product?.seller.shippingRates).toEqual(CUTTING_FARM);
    expect(lines[2]?.product?.seller.shippingRates).toEqual(FREE_OVER_50);
    expect(lines[2]?.product?.seller.name).toMatch(/^Free Farm/);
  });

  it("are answered with the storefront, and each listing's with its page", async () => {
    const { a, potted, cutting } = await twoNurseryCart();
    const visitor = new Client(t.server);
    const store = await visitor.get<Storefront>(`/api/sellers/${a.username}`);
    expect(store.body.shipping.rates).toEqual(CUTTING_FARM);
    const page = (id: number) => visitor.get<ProductDetail>(`/api/products/${id}`);
    expect((await page(potted.id)).body.shipping).toEqual({
      first: 24.99,
      additional: 12,
      freeOver: null,
      handlingDays: 3,
      shipFromState: 'FL',
      holiday: null,
    });
    expect((await page(cutting.id)).body.shipping).toMatchObject({ first: 6.5, additional: 1.25 });
  });

  it("say a nursery's holiday pause on its listings' pages until its last day", async () => {
    const seller = await signUpNursery(t, {
      profile: { holiday: { until: shippingDay(20), takeOrders: true } },
      listing: { price: 10 },
    });
    const visitor = new Client(t.server);
    const page = await visitor.get<ProductDetail>(`/api/products/${seller.listing.id}`);
    expect(page.body.shipping.holiday).toEqual({ until: shippingDay(20), takeOrders: true });
    // Its cards too: the listing in a list carries the pause's last day.
    expect(page.body.seller.holidayUntil).toBe(shippingDay(20));
    const list = await visitor.get<Product[]>(`/api/products?seller=${seller.username}`);
    expect(list.body.map((p) => p.seller.holidayUntil)).toEqual([shippingDay(20)]);
  });

  it('charge each shipment its own, exact to the cent: the order, its parts, their settlements and payment', async () => {
    const { buyer } = await twoNurseryCart();
    const res = await buyer.client.post<Order>('/api/orders', { shipping: 28.74 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body;
    expect([order.subtotal, order.shipping, order.total]).toEqual([137.5, 28.74, 166.24]);
    expect(order.shipments.map((s) => [s.payment.shipping, s.payment.amount])).toEqual([
      [28.74, 106.24],
      [0, 60],
    ]);
    expect(await settled(order)).toEqual([
      [7_750, 2_874, 10_624],
      [6_000, 0, 6_000],
    ]);
    const [row] = await t.database.db
      .select({ amount: payments.amountCents })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(row?.amount).toBe(16_624);
    const [stored] = await t.database.db
      .select({ shipping: orders.shippingCents, total: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(stored).toEqual({ shipping: 2_874, total: 16_624 });
    // The order as read again says the same.
    const again = (await buyer.client.get<Order>(`/api/orders/${order.id}`)).body;
    expect(again.shipments.map((s) => s.payment.shipping)).toEqual([28.74, 0]);
  });

  it('give a cancelled part back with its own lines and its own shipping, and the nursery sees its own', async () => {
    const { a, buyer } = await twoNurseryCart();
    const order = (await buyer.client.post<Order>('/api/orders', {})).body;
    const [first, second] = order.shipments;
    // The first nursery is paid, then the buyer cancels its part: its $106.24 is due back, not a share by value.
    await markPaid(a.client, first?.id ?? 0);
    const seen = (await a.client.get<SellerShipment>(`/api/seller/shipments/${first?.id}`)).body;
    expect([seen.payment.amount, seen.payment.shipping]).toEqual([106.24, 28.74]);
    const cancelled = await buyer.client.post<Order>(
      `/api/orders/${order.id}/shipments/${first?.id}/cancel`,
      { reason: 'Too much for now' },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.payment).toMatchObject({ refundDue: 106.24, total: 60 });
    expect(cancelled.body.shipments.find((s) => s.id === second?.id)?.payment.amount).toBe(60);
  });

  it('refuse a checkout whose shipping is not what the buyer was shown, and write nothing', async () => {
    const { a, buyer } = await twoNurseryCart();
    // The nursery raises its cutting rate after the buyer saw $28.74.
    const raised = await a.client.put('/api/seller/profile', {
      shipFromState: 'FL',
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
      shippingRates: { ...CUTTING_FARM, unrootedCutting: { first: 6.5, additional: 2 } },
    });
    expect(raised.status).toBe(200);
    const ordersBefore = (await buyer.client.get<Order[]>('/api/orders')).body.length;
    const refused = await buyer.client.post<{ message: string }>('/api/orders', { shipping: 28.74 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Shipping changed since you last looked: from $28.74 to $30.99. Review your cart to check out.',
    );
    expect((await buyer.client.get<Order[]>('/api/orders')).body).toHaveLength(ordersBefore);
    expect((await buyer.client.get<CartLine[]>('/api/cart')).body).toHaveLength(3);
    // Shown the new shipping, the buyer's order is placed at it.
    const placed = await buyer.client.post<Order>('/api/orders', { shipping: 30.99 });
    expect(placed.status).toBe(201);
    expect(placed.body.shipping).toBe(30.99);
  });

  it('refuse a shown shipping that is no amount with a 400', async () => {
    const { buyer } = await twoNurseryCart();
    for (const shipping of [-1, '12.99', null, 1e12]) {
      const res = await buyer.client.post<{ message: string }>('/api/orders', { shipping });
      expect(res.status, String(shipping)).toBe(400);
      expect(res.body.message).toBe('shipping must be the shipping in dollars you were shown');
    }
  });
});

describe('freight', () => {
  /** A nursery whose potted plants over 48 inches ship by freight, with a 60-inch and a 36-inch potted plant. */
  async function freightNursery() {
    const seller = await signUpNursery(t, {
      profile: { businessName: `Tall Farm ${Date.now()}`, freightOverInches: 48 },
    });
    const potted = (lengthInches: number) =>
      createListing(seller.client, {
        form: 'mature',
        cuttingSize: undefined,
        shipsAs: 'potted',
        lengthInches,
        price: 219.99,
        quantity: 3,
      });
    return { seller, tall: await potted(60), short: await potted(36) };
  }

  it('lists a potted plant over the nursery’s height as freight, which the cart refuses', async () => {
    const { tall, short } = await freightNursery();
    expect([tall.freight, short.freight]).toEqual([true, false]);
    const buyer = await signUpBuyer(t);
    const refused = await buyer.client.post<{ message: string }>('/api/cart', { productId: tall.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${tall.title} ships by freight: contact the nursery to buy it, it can't be bought online`,
    );
    expect((await buyer.client.get<CartLine[]>('/api/cart')).body).toHaveLength(0);
    expect((await buyer.client.post('/api/cart', { productId: short.id })).status).toBe(201);
  });

  it('refuses at checkout a line that became freight after it was added, naming it, and writes nothing', async () => {
    const { seller, short } = await freightNursery();
    const buyer = await signUpBuyer(t);
    await addToCart(buyer.client, [{ listing: short, quantity: 1 }]);
    // The nursery lowers its freight height under the plant's 36 inches.
    const lowered = await seller.client.put('/api/seller/profile', {
      shipFromState: 'FL',
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
      freightOverInches: 30,
    });
    expect(lowered.status).toBe(200);
    const [line] = (await buyer.client.get<CartLine[]>('/api/cart')).body;
    expect(line?.product?.freight).toBe(true);
    const refused = await buyer.client.post<{ message: string; errors: Record<string, string> }>(
      '/api/orders',
      {},
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({
      [String(short.id)]:
        `${short.title} ships by freight: contact the nursery to buy it, it can't be bought online`,
    });
    expect((await buyer.client.get<Order[]>('/api/orders')).body).toHaveLength(0);
  });

  it('takes a height of 1 to 120 inches, or none, and refuses anything else on its field', async () => {
    const seller = await signUpNursery(t);
    const put = (freightOverInches: unknown) =>
      seller.client.put<{ freightOverInches: number | null; errors?: Record<string, string> }>(
        '/api/seller/profile',
        { shipFromState: 'FL', paymentInstructions: TEST_PAYMENT_INSTRUCTIONS, freightOverInches },
      );
    expect((await put('60')).body.freightOverInches).toBe(60);
    // Left out: kept.
    const kept = await seller.client.put<{ freightOverInches: number | null }>('/api/seller/profile', {
      shipFromState: 'FL',
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
    });
    expect(kept.body.freightOverInches).toBe(60);
    for (const none of [null, '', '  ']) expect((await put(none)).body.freightOverInches).toBeNull();
    for (const bad of [0, 121, '4.5', 'tall', -3, '1e2', true]) {
      const res = await put(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors?.freightOverInches).toBe(
        'Freight height must be a whole number of inches from 1 to 120, or empty for none',
      );
    }
  });
});
