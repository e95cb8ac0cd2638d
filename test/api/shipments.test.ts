import type { Order, SellerShipment, SellerShipmentPage } from '@domain/orders/responses';
import { CALIFORNIA_LABEL, HAWAII_LABEL } from '@domain/shipping/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, shipments } from '../../server/src/db/schema';
import { CALIFORNIA_ADDRESS, createTestApp, markPaid, type TestApp } from '../support/app';
import { createListing, placeOrder, signUpBuyer, signUpNursery } from '../support/fixtures';

// Shipments (docs/product.md#shipments): one per seller in an order, shipped with tracking by its seller,
// cancelled by either side with stock back, delivered by the buyer or by the 14-day rule.
let t: TestApp;
/** The app's clock: the tests move it to reach the 14-day rule. */
let clock = new Date('2026-06-01T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const HAWAII = { name: 'Hawaii Buyer', line1: '1 Bishop St', city: 'Honolulu', state: 'HI', zip: '96813' };

async function stock(id: number) {
  const [row] = await t.database.db
    .select({ quantity: products.quantity, inStock: products.inStock, unitsSold: products.unitsSold })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

const USPS = '9400 1000 0000 0000 0000 00';

describe('an order from two sellers', () => {
  it('has a shipment per seller; one ships, the buyer cancels the rest, then confirms delivery', async () => {
    const a = await signUpNursery(t);
    const b = await signUpNursery(t);
    const fromA = await createListing(a.client, { title: 'From A', variety: 'Yellow Dragon', price: 10 });
    const fromB = await createListing(b.client, { title: 'From B', variety: 'Yellow Dragon', price: 20 });
    const { buyer, buyerName, order } = await placeOrder(t, [fromA, fromB], { quantity: 2 });

    expect(order.status).toBe('pending');
    expect(order.statusLabel).toBe('Pending');
    expect(order.shipments).toHaveLength(2);
    const [partA, partB] = order.shipments;
    expect(partA).toMatchObject({ seller: { id: a.id }, status: 'pending', trackingNumber: null });
    expect(partA?.items.map((l) => l.productId)).toEqual([fromA.id]);
    expect(partB?.items.map((l) => l.productId)).toEqual([fromB.id]);
    expect(order.items.map((l) => l.shipmentId)).toEqual([partA?.id, partB?.id]);

    // Each seller sees only its own shipment, to ship.
    const pageA = (await a.client.get<SellerShipmentPage>('/api/seller/shipments')).body;
    expect(pageA.counts).toEqual({ pending: 1, shipped: 0, delivered: 0, cancelled: 0 });
    expect(pageA.shipments.map((s) => s.id)).toEqual([partA?.id]);
    expect(pageA.shipments[0]).toMatchObject({
      orderId: order.id,
      buyer: { username: buyerName },
      subtotal: 20,
      shipFromState: 'FL',
      items: [
        expect.objectContaining({ title: 'From A', quantity: 2, botanicalName: 'Selenicereus megalanthus' }),
      ],
    });

    clock = new Date(clock.getTime() + 60_000);
    await markPaid(a.client, partA?.id);
    const shipped = await a.client.post<SellerShipment>(`/api/seller/shipments/${partA?.id}/ship`, {
      carrier: 'usps',
      trackingNumber: USPS,
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      carrier: 'usps',
      trackingNumber: '9400100000000000000000',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
      shippedAt: clock.toISOString(),
    });

    let seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.status).toBe('partly-shipped');
    expect(seen.statusLabel).toBe('Partly shipped: 1 of 2');
    expect(seen.items.map((l) => l.status)).toEqual(['shipped', 'pending']);

    // Cancelling the order now cancels what has not shipped: B's part, its stock back.
    expect(await stock(fromB.id)).toMatchObject({ quantity: 8, unitsSold: 2 });
    const cancelled = await buyer.post<Order>(`/api/orders/${order.id}/cancel`, {
      reason: 'Found it locally',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('shipped');
    expect(cancelled.body.shipments[1]).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'buyer',
      cancelReason: 'Found it locally',
    });
    expect(await stock(fromB.id)).toMatchObject({ quantity: 10, unitsSold: 0, inStock: true });
    expect(await stock(fromA.id)).toMatchObject({ quantity: 8, unitsSold: 2 });
    // Nothing is left to cancel.
    const again = await buyer.post<{ message: string }>(`/api/orders/${order.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order has shipped and can no longer be cancelled');

    // Seller B sees the cancellation and the reason.
    const pageB = (await b.client.get<SellerShipmentPage>('/api/seller/shipments?status=cancelled')).body;
    expect(pageB.counts.cancelled).toBe(1);
    expect(pageB.shipments[0]).toMatchObject({ cancelledBy: 'buyer', cancelReason: 'Found it locally' });

    const delivered = await buyer.post<Order>(`/api/orders/${order.id}/shipments/${partA?.id}/delivered`);
    expect(delivered.status).toBe(200);
    expect(delivered.body.status).toBe('delivered');
    expect(delivered.body.shipments[0]).toMatchObject({ status: 'delivered', deliveredBy: 'buyer' });
    // Saying it twice changes nothing; a cancelled shipment cannot be delivered.
    expect((await buyer.post(`/api/orders/${order.id}/shipments/${partA?.id}/delivered`)).status).toBe(200);
    const notShipped = await buyer.post<{ message: string }>(
      `/api/orders/${order.id}/shipments/${partB?.id}/delivered`,
    );
    expect(notShipped.status).toBe(409);
    seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.statusLabel).toBe('Delivered');
  });

  it('lets the buyer cancel one shipment while the other stands, and the seller cancel its own with a reason', async () => {
    const a = await signUpNursery(t);
    const b = await signUpNursery(t);
    const fromA = await createListing(a.client);
    const fromB = await createListing(b.client);
    const { buyer, order } = await placeOrder(t, [fromA, fromB]);
    const [partA, partB] = order.shipments;

    const one = await buyer.post<Order>(`/api/orders/${order.id}/shipments/${partA?.id}/cancel`, {});
    expect(one.status).toBe(200);
    expect(one.body.shipments.map((s) => s.status)).toEqual(['cancelled', 'pending']);
    expect(one.body.status).toBe('pending');
    expect((await stock(fromA.id))?.quantity).toBe(10);
    const twice = await buyer.post<{ message: string }>(
      `/api/orders/${order.id}/shipments/${partA?.id}/cancel`,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This shipment is already cancelled');

    const bySeller = await b.client.post<SellerShipment>(`/api/seller/shipments/${partB?.id}/cancel`, {
      reason: 'Frost damaged the stock',
    });
    expect(bySeller.status).toBe(200);
    expect(bySeller.body).toMatchObject({ status: 'cancelled', cancelledBy: 'seller' });
    expect((await stock(fromB.id))?.quantity).toBe(10);
    const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.status).toBe('cancelled');
    expect(seen.shipments[1]).toMatchObject({
      cancelledBy: 'seller',
      cancelReason: 'Frost damaged the stock',
    });
    const whole = await buyer.post<{ message: string }>(`/api/orders/${order.id}/cancel`);
    expect(whole.status).toBe(409);
    expect(whole.body.message).toBe('This order is already cancelled');
  });

  it('refuses to cancel a shipped shipment, for the seller as for the buyer, and to ship a cancelled one', async () => {
    const a = await signUpNursery(t);
    const product = await createListing(a.client);
    const { buyer, order } = await placeOrder(t, [product]);
    const part = order.shipments[0];
    await markPaid(a.client, part?.id);
    await a.client.post(`/api/seller/shipments/${part?.id}/ship`, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    const bySeller = await a.client.post<{ message: string }>(`/api/seller/shipments/${part?.id}/cancel`, {});
    expect(bySeller.status).toBe(409);
    expect(bySeller.body.message).toBe('This shipment has shipped and can no longer be cancelled');
    const byBuyer = await buyer.post<{ message: string }>(
      `/api/orders/${order.id}/shipments/${part?.id}/cancel`,
    );
    expect(byBuyer.status).toBe(409);

    const other = await placeOrder(t, [product]);
    const otherPart = other.order.shipments[0];
    await other.buyer.post(`/api/orders/${other.order.id}/cancel`);
    const ship = await a.client.post<{ message: string }>(`/api/seller/shipments/${otherPart?.id}/ship`, {
      carrier: 'usps',
      trackingNumber: USPS,
    });
    expect(ship.status).toBe(409);
    expect(ship.body.message).toBe('This shipment was cancelled');
  });

  it('corrects the tracking of a shipped shipment and keeps the time it shipped', async () => {
    const a = await signUpNursery(t);
    const product = await createListing(a.client);
    const { order } = await placeOrder(t, [product]);
    const id = order.shipments[0]?.id;
    await markPaid(a.client, id);
    const first = await a.client.post<SellerShipment>(`/api/seller/shipments/${id}/ship`, {
      carrier: 'fedex',
      trackingNumber: '123456789012',
    });
    clock = new Date(clock.getTime() + DAY_MS);
    const fixed = await a.client.post<SellerShipment>(`/api/seller/shipments/${id}/ship`, {
      carrier: 'ups',
      trackingNumber: '1z999aa10123456784',
    });
    expect(fixed.body).toMatchObject({
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: first.body.shippedAt,
    });
  });
});

describe('tracking numbers', () => {
  it('are checked against the carrier’s format, and a wrong one is a 400 naming the carrier', async () => {
    const a = await signUpNursery(t);
    const product = await createListing(a.client);
    const { order } = await placeOrder(t, [product]);
    await markPaid(a.client, order.shipments[0]?.id);
    const url = `/api/seller/shipments/${order.shipments[0]?.id}/ship`;
    const refused: Array<[unknown, unknown, RegExp]> = [
      ['usps', '1Z999AA10123456784', /USPS/],
      ['usps', '94001', /USPS/],
      ['ups', '9400100000000000000000', /UPS/],
      ['ups', '1Z999AA1012345678', /UPS/],
      ['fedex', '12345', /FedEx/],
      ['fedex', '</script><script>alert(1)</script>', /FedEx/],
      ['fedex', '$&1234567890', /FedEx/],
      ['usps', '', /Enter the USPS tracking number/],
      ['other', 'abc\u0000def', /Other/],
      ['other', 'x'.repeat(41), /Other/],
      ['other', 'x'.repeat(100), /Tracking number must be text/],
      ['dhl', '123', /Carrier must be one of USPS, UPS, FedEx, Other/],
      ['', '123', /Carrier must be one of USPS, UPS, FedEx, Other/],
      [7, '123', /Carrier must be one of USPS, UPS, FedEx, Other/],
      ['usps', 12345, /Tracking number must be text/],
    ];
    for (const [carrier, trackingNumber, message] of refused) {
      const res = await a.client.post<{ message: string; errors?: Record<string, string> }>(url, {
        carrier,
        trackingNumber,
      });
      expect(res.status, `${carrier} ${String(trackingNumber)}`).toBe(400);
      expect(res.body.message, `${carrier} ${String(trackingNumber)}`).toMatch(message);
    }
    const [row] = await t.database.db
      .select()
      .from(shipments)
      .where(eq(shipments.id, order.shipments[0]?.id ?? 0));
    expect(row).toMatchObject({ status: 'pending', carrier: null, trackingNumber: null });

    const accepted: Array<[string, string | null, string | null]> = [
      ['usps', 'EA 123 456 789 US', 'EA123456789US'],
      ['usps', '4203313292001903000000000000000000', '4203313292001903000000000000000000'],
      ['fedex', '1234-5678-9012-345', '123456789012345'],
      ['other', '', null],
      ['other', null, null],
      ['other', 'local-42', 'LOCAL42'],
      // The carrier in any letter case, as its message names it.
      ['USPS', 'EA 123 456 789 US', 'EA123456789US'],
      ['FedEx', '1234-5678-9012-345', '123456789012345'],
      [' Ups ', '1Z999AA10123456784', '1Z999AA10123456784'],
      ['OTHER', null, null],
    ];
    for (const [carrier, trackingNumber, kept] of accepted) {
      const res = await a.client.post<SellerShipment>(url, { carrier, trackingNumber });
      expect(res.status, `${carrier} ${trackingNumber}`).toBe(200);
      expect(res.body.trackingNumber).toBe(kept);
      expect(res.body.carrier).toBe(carrier.trim().toLowerCase());
      if (carrier.toLowerCase() === 'other') expect(res.body.trackingUrl).toBeNull();
    }
  });
});

describe('who may do what', () => {
  it('keeps a shipment to its seller and an order to its buyer: others get 404 or 403, and nothing changes', async () => {
    const a = await signUpNursery(t);
    const intruder = await signUpNursery(t);
    const product = await createListing(a.client);
    const { buyer, order } = await placeOrder(t, [product]);
    const part = order.shipments[0]?.id;
    const stranger = (await signUpBuyer(t)).client;

    for (const [method, path, body] of [
      ['GET', `/api/seller/shipments/${part}`, undefined],
      ['POST', `/api/seller/shipments/${part}/ship`, { carrier: 'usps', trackingNumber: USPS }],
      ['POST', `/api/seller/shipments/${part}/cancel`, { reason: 'mine now' }],
      ['POST', `/api/seller/shipments/${part}/payment-received`, undefined],
    ] as const) {
      const res = await intruder.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      const byBuyer = await buyer.request(method, path, body);
      expect(byBuyer.status, `buyer ${method} ${path}`).toBe(403);
    }
    expect((await intruder.client.get<SellerShipmentPage>('/api/seller/shipments')).body.counts.pending).toBe(
      0,
    );

    for (const path of [
      `/api/orders/${order.id}/shipments/${part}/cancel`,
      `/api/orders/${order.id}/shipments/${part}/delivered`,
      `/api/orders/${order.id}/cancel`,
    ]) {
      expect((await stranger.post(path, {})).status, path).toBe(404);
      expect((await a.client.post(path, {})).status, `seller ${path}`).toBe(404);
    }
    // A shipment of another order, named under this one.
    const other = await placeOrder(t, [product]);
    expect(
      (await buyer.post(`/api/orders/${order.id}/shipments/${other.order.shipments[0]?.id}/cancel`, {}))
        .status,
    ).toBe(404);
    // Malformed ids, and a visitor.
    expect((await buyer.post(`/api/orders/${order.id}/shipments/abc/cancel`, {})).status).toBe(400);
    expect((await a.client.get('/api/seller/shipments/0')).status).toBe(400);
    expect((await a.client.get('/api/seller/shipments?status=lost')).status).toBe(400);
    expect((await a.client.get('/api/seller/shipments?page=0')).status).toBe(400);
    await stranger.post('/api/auth/logout');
    expect((await stranger.get('/api/seller/shipments')).status).toBe(401);

    const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.shipments[0]).toMatchObject({ status: 'pending', trackingNumber: null, cancelReason: null });
    expect(seen.shipments[0]?.payment).toMatchObject({ status: 'awaiting', paidAt: null });
    expect((await stock(product.id))?.quantity).toBe(8);
  });

  it('refuses control characters and over-long reasons and notes, writing nothing', async () => {
    const a = await signUpNursery(t);
    const product = await createListing(a.client);
    const { buyer, order } = await placeOrder(t, [product]);
    const bad = await buyer.post<{ message: string }>(`/api/orders/${order.id}/cancel`, {
      reason: 'a\u0000b',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Reason cannot contain control characters');
    const long = await buyer.post<{ message: string }>(`/api/orders/${order.id}/cancel`, {
      reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Reason can be at most 500 characters');
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body.status).toBe('pending');

    const { client } = await signUpBuyer(t);
    await client.post('/api/cart', { productId: product.id });
    for (const note of ['x'.repeat(501), 'tab\u0007', 42]) {
      const res = await client.post<{ message: string }>('/api/orders', { note });
      expect(res.status, JSON.stringify(note)).toBe(400);
    }
    expect((await client.get<unknown[]>('/api/cart')).body).toHaveLength(1);
  });
});

describe('the buyer’s note and the packing slip', () => {
  it('shows the note to each seller, and the certificates and labels the rules asked for', async () => {
    const expires = new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10);
    const certified = await signUpNursery(t, {
      profile: {
        shipFromState: 'FL',
        certificates: [{ kind: 'ca-nematode', number: 'CA-NQ-7', expiresOn: expires }],
      },
    });
    const rooted = await createListing(certified.client, {
      form: 'rooted',
      cuttingSize: null,
      shipsAs: 'potted',
    });
    const note = 'Gate code 4411 </script> $& ok';
    const { order } = await placeOrder(t, [rooted], { note, address: CALIFORNIA_ADDRESS });
    expect(order.note).toBe(note);
    const slip = (
      await certified.client.get<SellerShipment>(`/api/seller/shipments/${order.shipments[0]?.id}`)
    ).body;
    expect(slip).toMatchObject({
      note,
      shipFromState: 'FL',
      shipTo: expect.objectContaining({ state: 'CA', zip: '90210' }),
      certificates: [{ kind: 'ca-nematode', label: expect.stringMatching(/California/), number: 'CA-NQ-7' }],
      labels: [CALIFORNIA_LABEL],
    });

    const plain = await signUpNursery(t);
    const cutting = await createListing(plain.client, { shipsAs: 'unrooted-cutting' });
    const toHawaii = await placeOrder(t, [cutting], { address: HAWAII });
    const hiSlip = (
      await plain.client.get<SellerShipment>(`/api/seller/shipments/${toHawaii.order.shipments[0]?.id}`)
    ).body;
    expect(hiSlip.labels).toEqual([HAWAII_LABEL]);
    expect(hiSlip.certificates).toEqual([]);
    expect(hiSlip.note).toBeNull();
  });
});

describe('the packing slip’s shipper', () => {
  it('is the username without a return address until the profile has them, then the business name and address', async () => {
    const nursery = await signUpNursery(t);
    const cutting = await createListing(nursery.client);
    const { order } = await placeOrder(t, [cutting]);
    const slipUrl = `/api/seller/shipments/${order.shipments[0]?.id}`;
    const before = (await nursery.client.get<SellerShipment>(slipUrl)).body;
    expect(before.shipper).toEqual({ name: nursery.username, returnAddress: null });

    // Saved after the order: the slip prints the profile as it is now (the ship-from state stays the checkout's).
    const returnAddress = {
      line1: '1420 De Luz Rd',
      line2: 'Barn 2',
      city: 'Fallbrook',
      state: 'CA',
      zip: '92028',
    };
    const saved = await nursery.client.put('/api/seller/profile', {
      shipFromState: 'CA',
      businessName: 'Fallbrook $& </script> Nursery',
      returnAddress,
    });
    expect(saved.status).toBe(200);
    const after = (await nursery.client.get<SellerShipment>(slipUrl)).body;
    expect(after.shipper).toEqual({ name: 'Fallbrook $& </script> Nursery', returnAddress });
    expect(after.shipFromState).toBe('FL');
    const tab = (await nursery.client.get<SellerShipmentPage>('/api/seller/shipments')).body;
    expect(tab.shipments[0]?.shipper).toEqual(after.shipper);

    // A return address without a business name: the username beside it.
    await nursery.client.put('/api/seller/profile', {
      shipFromState: 'CA',
      businessName: null,
      returnAddress,
    });
    expect((await nursery.client.get<SellerShipment>(slipUrl)).body.shipper).toEqual({
      name: nursery.username,
      returnAddress,
    });
  });
});

describe('the seller’s Orders tab', () => {
  it('counts each status and pages the ones to ship oldest first', async () => {
    const a = await signUpNursery(t);
    const product = await createListing(a.client, { quantity: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) ids.push((await placeOrder(t, [product])).order.shipments[0]?.id ?? 0);
    const first = (await a.client.get<SellerShipmentPage>('/api/seller/shipments?status=pending')).body;
    expect(first.total).toBe(23);
    expect(first.shipments.map((s) => s.id)).toEqual(ids.slice(0, 20));
    const second = (await a.client.get<SellerShipmentPage>('/api/seller/shipments?status=pending&page=2'))
      .body;
    expect(second.shipments.map((s) => s.id)).toEqual(ids.slice(20));
    await markPaid(a.client, ids[0]);
    await a.client.post(`/api/seller/shipments/${ids[0]}/ship`, { carrier: 'usps', trackingNumber: USPS });
    const shipped = (await a.client.get<SellerShipmentPage>('/api/seller/shipments?status=shipped')).body;
    expect(shipped.counts).toEqual({ pending: 22, shipped: 1, delivered: 0, cancelled: 0 });
    expect(shipped.shipments.map((s) => s.id)).toEqual([ids[0]]);
  });
});

describe('the 14-day rule', () => {
  it('marks delivered what shipped 14 days ago and was not confirmed, once, whoever runs it', async () => {
    const a = await signUpNursery(t);
    const product = await createListing(a.client);
    const early = await placeOrder(t, [product]);
    const late = await placeOrder(t, [product]);
    const ship = async (id?: number) => {
      await markPaid(a.client, id);
      return a.client.post(`/api/seller/shipments/${id}/ship`, { carrier: 'usps', trackingNumber: USPS });
    };
    await ship(early.order.shipments[0]?.id);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    await ship(late.order.shipments[0]?.id);

    clock = new Date(clock.getTime() + 12 * DAY_MS - 1000);
    await t.maintenance();
    expect((await early.buyer.get<Order>(`/api/orders/${early.order.id}`)).body.status).toBe('shipped');

    clock = new Date(clock.getTime() + 1000);
    // Two runs at once (two instances): each shipment is marked by one of them.
    await Promise.all([t.maintenance(), t.startUp()]);
    const seenEarly = (await early.buyer.get<Order>(`/api/orders/${early.order.id}`)).body;
    expect(seenEarly.status).toBe('delivered');
    expect(seenEarly.shipments[0]).toMatchObject({ deliveredBy: 'auto', deliveredAt: clock.toISOString() });
    expect((await late.buyer.get<Order>(`/api/orders/${late.order.id}`)).body.status).toBe('shipped');
    const [row] = await t.database.db
      .select({ status: shipments.status, deliveredAt: shipments.deliveredAt })
      .from(shipments)
      .where(eq(shipments.id, early.order.shipments[0]?.id ?? 0));
    expect(row?.deliveredAt?.toISOString()).toBe(clock.toISOString());
  });
});

describe('races', () => {
  it('a seller shipping and the buyer cancelling the same shipment at once: one wins, stock agrees', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await signUpNursery(t);
      const product = await createListing(a.client);
      const { buyer, order } = await placeOrder(t, [product], { quantity: 3 });
      const id = order.shipments[0]?.id;
      await markPaid(a.client, id);
      const [shipRes, cancelRes] = await Promise.all([
        a.client.post(`/api/seller/shipments/${id}/ship`, { carrier: 'usps', trackingNumber: USPS }),
        buyer.post(`/api/orders/${order.id}/cancel`, {}),
      ]);
      expect([shipRes.status, cancelRes.status].sort()).toEqual([200, 409]);
      const after = await stock(product.id);
      const [row] = await t.database.db
        .select()
        .from(shipments)
        .where(eq(shipments.id, id ?? 0));
      expect(after?.quantity).toBe(row?.status === 'cancelled' ? 10 : 7);
    }
  });
});
